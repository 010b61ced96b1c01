/**
 * What the model test runs against and how it compares: a system under test (the venue's public
 * API, its clock and its state check), the markets and accounts, and the comparisons made after
 * every command and at the end of every run.
 */
import { expect } from 'vitest';
import { Venue, validateVenueState, type InstrumentSpec, type Result } from '../../src/index.js';
import { ReferenceVenue, type Outcome } from './reference-venue.js';

export type VenueApi = Pick<
  Venue,
  | 'placeOrder'
  | 'cancelOrder'
  | 'reduceOrder'
  | 'amendOrder'
  | 'getOrder'
  | 'listOrders'
  | 'ticker'
  | 'orderBook'
  | 'trades'
>;

export interface SystemUnderTest {
  readonly venue: VenueApi;
  /** The venue's clock reads this. */
  readonly clock: { now: number };
  /** Whether the venue keeps balances (every account funded beyond what it can spend). */
  readonly balances?: boolean;
  /** Internal inconsistencies; empty when sound. */
  problems(): string[];
}

export interface ModelMarket {
  readonly spec: InstrumentSpec;
  /** Orders are priced a few ticks around this many ticks, so that they cross often. */
  readonly centreTicks: number;
}

export const MARKETS: readonly ModelMarket[] = [
  {
    spec: { symbol: 'BTC-USD', tickSize: '0.01', lotSize: '0.001', referencePrice: '100.00' },
    centreTicks: 10_000,
  },
  { spec: { symbol: 'ETH-USD', tickSize: '0.5', lotSize: '1', maxSize: '25' }, centreTicks: 40 },
  {
    spec: {
      symbol: 'SOL-EUR',
      tickSize: '0.05',
      lotSize: '0.1',
      minSize: '0.3',
      referencePrice: '7.50',
    },
    centreTicks: 150,
  },
];
export const SPECS = MARKETS.map((market) => market.spec);
export const ACCOUNTS = ['alice', 'bob', 'carol'] as const;
export const START_TIME = Date.UTC(2026, 0, 5, 9, 30);

type Observed =
  { ok: true; value: unknown } | { ok: false; error: { code: string; field?: string } };

/** A venue result as plain data: records through their toJSON, errors as code and field. */
export function observe(result: Result<unknown> | Outcome<unknown>): Observed {
  if (result.ok) return { ok: true, value: JSON.parse(JSON.stringify(result.value)) as unknown };
  const { code } = result.error;
  return 'field' in result.error && result.error.field !== undefined
    ? { ok: false, error: { code, field: result.error.field } }
    : { ok: false, error: { code } };
}

export function expectSameOutcome(
  actual: Result<unknown>,
  expected: Outcome<unknown>,
  what: string,
): void {
  expect(observe(actual), what).toStrictEqual(observe(expected));
}

/** Every book, ticker and trade of every symbol, and every order record of every account. */
export function expectSameState(model: ReferenceVenue, real: SystemUnderTest): void {
  const { venue } = real;
  for (const { symbol } of SPECS) {
    expectSameOutcome(
      venue.orderBook(symbol, 1000),
      model.orderBook(symbol, 1000),
      `book ${symbol}`,
    );
    expectSameOutcome(venue.ticker(symbol), model.ticker(symbol), `ticker ${symbol}`);
    expectSameOutcome(venue.trades(symbol, 1000), model.trades(symbol, 1000), `trades ${symbol}`);
  }
  for (const account of ACCOUNTS) {
    expectSameOutcome(venue.listOrders(account), model.listOrders(account), `orders of ${account}`);
  }
}

/**
 * A fresh venue over the model's markets, on a clock the commands move, driven through `api`
 * (default: the string API itself).
 */
export function newVenueSystem(
  api: (venue: Venue) => VenueApi = (venue) => venue,
  withBalances = false,
): SystemUnderTest {
  const clock = { now: START_TIME };
  const created = Venue.create({
    instruments: SPECS,
    clock: () => clock.now,
    ...(withBalances ? { balances: { makerFeeBps: 10, takerFeeBps: 25 } } : {}),
  });
  if (!created.ok) throw new Error(`venue refused the model's markets: ${created.error.message}`);
  const venue = created.value;
  // Funds no sequence can spend: the reference knows no balances, so nothing may be refused
  // for them, while validateVenueState checks invariant 14 after every command.
  if (withBalances) {
    for (const account of ACCOUNTS) {
      for (const asset of ['BTC', 'ETH', 'SOL', 'USD', 'EUR']) {
        venue.deposit(account, asset, '1000000000000000000');
      }
    }
  }
  return {
    venue: api(venue),
    clock,
    balances: withBalances,
    problems: () => validateVenueState(venue),
  };
}
