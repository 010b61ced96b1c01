/**
 * The commands of the model test and their generators. Each command does the same thing to the
 * reference model and to the venue, then compares the two results, checks the venue's internal
 * state, and after a refusal checks that nothing observable changed.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { AmendRequest, OrderFilter, OrderStatus, Result } from '../../src/index.js';
import { ORDER_STATUSES } from '../../src/index.js';
import {
  ACCOUNTS,
  MARKETS,
  SPECS,
  START_TIME,
  expectSameOutcome,
  expectSameState,
  type SystemUnderTest,
} from './model-harness.js';
import {
  MALFORMED_SYMBOL,
  UNKNOWN_SYMBOL,
  accountArb,
  decimalText,
  limitRequestArb,
  marketRequestArb,
  textFormArb,
  type PlaceDraft,
} from './order-requests.js';
import { DAY, ReferenceVenue, type Outcome } from './reference-venue.js';

type Act = (model: ReferenceVenue, real: SystemUnderTest) => [Result<unknown>, Outcome<unknown>];

export class VenueCommand implements fc.Command<ReferenceVenue, SystemUnderTest> {
  constructor(
    private readonly label: string,
    private readonly act: Act,
  ) {}

  check(): boolean {
    return true;
  }

  run(model: ReferenceVenue, real: SystemUnderTest): void {
    const [actual, expected] = this.act(model, real);
    expectSameOutcome(actual, expected, this.label);
    expect(real.problems(), `venue state after ${this.label}`).toStrictEqual([]);
    if (!expected.ok) expectSameState(model, real);
  }

  toString(): string {
    return this.label;
  }
}

function placeCommand(draft: PlaceDraft): VenueCommand {
  return new VenueCommand(`place ${JSON.stringify(draft)}`, (model, real) => {
    const { expireIn } = draft;
    const request =
      expireIn === undefined ? draft.request : { ...draft.request, expireAt: model.now + expireIn };
    const placed = real.venue.placeOrder(request);
    // With balances a market buy stop cannot lock its cost: refused there, the model skips it.
    const stopMarketBuy =
      request.type === 'market' && request.side === 'buy' && 'stopPrice' in request;
    if (
      real.balances &&
      stopMarketBuy &&
      !placed.ok &&
      placed.error.message.includes('limit price')
    ) {
      return [placed, placed];
    }
    return [placed, model.placeOrder(request)];
  });
}

/** Which order a cancel, reduce or lookup names, decided against the model when it runs. */
interface OrderTarget {
  kind: 'open' | 'any' | 'foreign' | 'unknown';
  pick: number;
}
const UNKNOWN_ORDER_IDS = ['ord_0', 'ord_9999', 'ord_01', 'order_1', ''];
const targetArb: fc.Arbitrary<OrderTarget> = fc.record({
  kind: fc.constantFrom('open', 'open', 'open', 'any', 'foreign', 'unknown'),
  pick: fc.nat(),
});

function resolveTarget(model: ReferenceVenue, target: OrderTarget) {
  const orders = model.orderOwners();
  const open = orders.filter((order) => order.open);
  const pool = target.kind === 'open' && open.length > 0 ? open : orders;
  const order = pool[target.pick % Math.max(pool.length, 1)];
  const byPick = ACCOUNTS[target.pick % ACCOUNTS.length] ?? 'alice';
  if (target.kind === 'unknown' || order === undefined) {
    const id = UNKNOWN_ORDER_IDS[target.pick % UNKNOWN_ORDER_IDS.length] ?? '';
    return { id, account: byPick, symbol: MARKETS[0]?.spec.symbol ?? '' };
  }
  const foreign = ACCOUNTS.find((account) => account !== order.account) ?? byPick;
  return { ...order, account: target.kind === 'foreign' ? foreign : order.account };
}

const cancelArb = targetArb.map(
  (target) =>
    new VenueCommand(`cancel ${JSON.stringify(target)}`, (model, real) => {
      const { account, id } = resolveTarget(model, target);
      return [real.venue.cancelOrder(account, id), model.cancelOrder(account, id)];
    }),
);

const reduceArb = fc
  .record({
    target: targetArb,
    lots: fc.integer({ min: 0, max: 6 }),
    offLot: fc.boolean(),
    form: textFormArb,
  })
  .map(
    ({ target, lots, offLot, form }) =>
      new VenueCommand(
        `reduce ${JSON.stringify({ target, lots, offLot, form })}`,
        (model, real) => {
          const { account, id, symbol } = resolveTarget(model, target);
          const market = MARKETS.find((candidate) => candidate.spec.symbol === symbol);
          const size = decimalText(market?.spec.lotSize ?? '1', lots, form, offLot);
          return [real.venue.reduceOrder(account, id, size), model.reduceOrder(account, id, size)];
        },
      ),
  );

/** A new size and/or price, sometimes off the grid, sometimes neither. */
const amendArb = fc
  .record({
    target: targetArb,
    lots: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
    priceOffset: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
    offGrid: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, fc.constant(true)),
    form: textFormArb,
  })
  .map(
    (spec) =>
      new VenueCommand(`amend ${JSON.stringify(spec)}`, (model, real) => {
        const { account, id, symbol } = resolveTarget(model, spec.target);
        const market = MARKETS.find((candidate) => candidate.spec.symbol === symbol) ?? MARKETS[0]!;
        const request: { -readonly [K in keyof AmendRequest]: AmendRequest[K] } = {};
        const { lots, priceOffset, offGrid, form } = spec;
        if (lots !== undefined)
          request.size = decimalText(market.spec.lotSize, lots, form, offGrid);
        if (priceOffset !== undefined) {
          const ticks = market.centreTicks + priceOffset;
          request.price = decimalText(market.spec.tickSize, ticks, form, offGrid);
        }
        return [
          real.venue.amendOrder(account, id, request),
          model.amendOrder(account, id, request),
        ];
      }),
  );

const getOrderArb = targetArb.map(
  (target) =>
    new VenueCommand(`get ${JSON.stringify(target)}`, (model, real) => {
      const { account, id } = resolveTarget(model, target);
      return [real.venue.getOrder(account, id), model.getOrder(account, id)];
    }),
);

const SYMBOLS = MARKETS.map((market) => market.spec.symbol);
const statusArb = fc.option(fc.constantFrom<OrderStatus>(...ORDER_STATUSES), { nil: undefined });
const listOrdersArb = fc
  .record({
    account: accountArb,
    symbol: fc.option(fc.constantFrom(...SYMBOLS, UNKNOWN_SYMBOL), { nil: undefined }),
    status: statusArb,
    limit: fc.option(fc.constantFrom(1, 2, 5, 1000, 0, 1001), { nil: undefined }),
  })
  .map(({ account, symbol, status, limit }) => {
    const filter: { -readonly [K in keyof OrderFilter]: OrderFilter[K] } = {};
    if (symbol !== undefined) filter.symbol = symbol;
    if (status !== undefined) filter.status = status;
    if (limit !== undefined) filter.limit = limit;
    return new VenueCommand(`list ${account} ${JSON.stringify(filter)}`, (model, real) => [
      real.venue.listOrders(account, filter),
      model.listOrders(account, filter),
    ]);
  });

const querySymbolArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SYMBOLS) },
  fc.constantFrom(UNKNOWN_SYMBOL, MALFORMED_SYMBOL),
);
const queryLimitArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 6 }) },
  fc.constantFrom(1000, 0, 1001, 2.5),
);

const tickerArb = querySymbolArb.map(
  (symbol) =>
    new VenueCommand(`ticker ${symbol}`, (model, real) => [
      real.venue.ticker(symbol),
      model.ticker(symbol),
    ]),
);
const bookArb = fc
  .tuple(querySymbolArb, queryLimitArb)
  .map(
    ([symbol, depth]) =>
      new VenueCommand(`book ${symbol} depth ${depth}`, (model, real) => [
        real.venue.orderBook(symbol, depth),
        model.orderBook(symbol, depth),
      ]),
  );
const tradesArb = fc
  .tuple(querySymbolArb, queryLimitArb)
  .map(
    ([symbol, limit]) =>
      new VenueCommand(`trades ${symbol} limit ${limit}`, (model, real) => [
        real.venue.trades(symbol, limit),
        model.trades(symbol, limit),
      ]),
  );

/** Small steps mostly; sometimes exactly a day (the window's edge), just around it, or days. */
const advanceClockArb = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 3000 }) },
    fc.constantFrom(DAY, DAY - 1, DAY + 1, DAY / 2),
    fc.integer({ min: 0, max: 3 * DAY }),
  )
  .map(
    (ms) =>
      new VenueCommand(`advance ${ms} ms`, (model, real) => {
        model.now += ms;
        real.clock.now += ms;
        return [
          { ok: true, value: null },
          { ok: true, value: null },
        ];
      }),
  );

export const venueCommandArb: fc.Arbitrary<VenueCommand> = fc.oneof(
  { weight: 14, arbitrary: limitRequestArb.map(placeCommand) },
  { weight: 4, arbitrary: marketRequestArb.map(placeCommand) },
  { weight: 3, arbitrary: cancelArb },
  { weight: 3, arbitrary: reduceArb },
  { weight: 3, arbitrary: amendArb },
  { weight: 3, arbitrary: advanceClockArb },
  { weight: 2, arbitrary: tickerArb },
  { weight: 1, arbitrary: bookArb },
  { weight: 1, arbitrary: tradesArb },
  { weight: 1, arbitrary: getOrderArb },
  { weight: 1, arbitrary: listOrdersArb },
);

/** A gtc limit order on the first market, a few ticks around its centre; post-only or not. */
function nearLimitArb(postOnly: boolean): fc.Arbitrary<VenueCommand> {
  const { spec, centreTicks } = MARKETS[0]!;
  return fc
    .record({
      account: accountArb,
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      lots: fc.integer({ min: 1, max: 6 }),
      priceOffset: fc.integer({ min: -2, max: 2 }),
    })
    .map(({ account, side, lots, priceOffset }) =>
      placeCommand({
        request: {
          account,
          symbol: spec.symbol,
          side,
          type: 'limit',
          price: decimalText(spec.tickSize, centreTicks + priceOffset, 'fixed'),
          size: decimalText(spec.lotSize, lots, 'fixed'),
          ...(postOnly && { postOnly: true }),
        },
      }),
    );
}

/**
 * Post-only makers, takers that part-fill them and amends that move them, often across the book
 * (issue 31: a part-filled post-only order amended to a crossing price).
 */
export const postOnlyAmendSequencesArb = fc.commands(
  [nearLimitArb(true), nearLimitArb(false), amendArb],
  { maxCommands: 30, size: 'max' },
);

/** Sequences of up to 80 commands, shrinking well. */
export const shortSequencesArb = fc.commands([venueCommandArb], { maxCommands: 80, size: 'max' });

/**
 * The property: any command sequence gives the venue and the model the same results, the venue
 * stays internally sound throughout, and at the end every book, ticker, trade and order agrees.
 */
export function venueModelProperty(
  makeSystem: () => SystemUnderTest,
  sequences: fc.Arbitrary<
    Iterable<fc.Command<ReferenceVenue, SystemUnderTest>>
  > = shortSequencesArb,
) {
  return fc.property(sequences, (commands) => {
    const model = new ReferenceVenue(SPECS, START_TIME);
    const real = makeSystem();
    fc.modelRun(() => ({ model, real }), commands);
    expectSameState(model, real);
  });
}
