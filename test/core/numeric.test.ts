import { describe, expect, it } from 'vitest';
import {
  FLAG_POST_ONLY,
  REFUSED_ACCOUNT,
  REFUSED_CLIENT_ORDER_ID,
  REFUSED_LEVEL_FULL,
  REFUSED_ORDER_NOT_FOUND,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_POST_ONLY_WOULD_TAKE,
  REFUSED_POST_ONLY,
  REFUSED_PRICE,
  REFUSED_QUOTE_SIZE,
  REFUSED_SIDE,
  REFUSED_SIZE,
  REFUSED_TIME_IN_FORCE,
  REFUSED_TYPE,
  REFUSED_UNKNOWN_SYMBOL,
  SIDE_BUY,
  SIDE_SELL,
  STATUS_CANCELLED,
  STATUS_EXPIRED,
  STATUS_FILLED,
  STATUS_OPEN,
  STATUS_PARTIALLY_FILLED,
  STATUS_REJECTED,
  TIF_FOK,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  orderRecord,
  refusalError,
  tradeRecord,
  validateVenueState,
  type CoreListener,
  type Lots,
  type Sequence,
  type Ticks,
} from '../../src/index.js';
import { makeVenue, plain, recordEvents, unwrap } from './helpers.js';
import { amendOrder, cancelOrder, placeOrder, reduceOrder } from './core-commands.js';

/** BTC-USD is book 0: tick 0.01, lot 0.00000001, max size 1000 (10^11 lots). */
const BTC = 0;
const LOT = 1e-8;

function numericVenue() {
  const { venue, clock } = makeVenue();
  const { core } = venue;
  return { venue, clock, core, alice: core.accountId('alice'), bob: core.accountId('bob') };
}

describe('the numeric path', () => {
  it('places in ticks and lots and returns the sequence; the string API reads the same order', () => {
    const { venue, core, alice } = numericVenue();
    const lots = 150_000_000;
    const sequence = placeOrder(core, alice, BTC, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 10_000, lots);
    expect(sequence).toBe(1);
    expect(plain(unwrap(venue.getOrder('alice', 'ord_1')))).toMatchObject({
      id: 'ord_1',
      price: '100.00',
      size: '1.50000000',
      status: 'open',
    });
    expect([
      core.orderStatus(1 as Sequence),
      core.filledLots(1 as Sequence),
      core.remainingLots(1 as Sequence),
    ]).toEqual([STATUS_OPEN, 0, 150_000_000]);
    expect([
      core.orderStatus(2 as Sequence),
      core.filledLots(2 as Sequence),
      core.orderStatus(1.5 as Sequence),
    ]).toEqual([-1, -1, -1]);
  });

  it('matches with the same outcomes as the string API: statuses, partial fills, post-only, fok', () => {
    const { core, alice, bob } = numericVenue();
    placeOrder(core, bob, BTC, SIDE_SELL, TYPE_LIMIT, TIF_GTC, 0, 10_000, 100);
    const taker = placeOrder(core, alice, BTC, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 10_000, 300);
    expect([
      core.orderStatus(1 as Sequence),
      core.orderStatus(taker),
      core.remainingLots(taker),
    ]).toEqual([STATUS_FILLED, STATUS_PARTIALLY_FILLED, 200]);
    const postOnly = placeOrder(
      core,
      bob,
      BTC,
      SIDE_SELL,
      TYPE_LIMIT,
      TIF_GTC,
      FLAG_POST_ONLY,
      10_000,
      1,
    );
    expect(core.orderStatus(postOnly)).toBe(STATUS_REJECTED);
    const fok = placeOrder(core, bob, BTC, SIDE_SELL, TYPE_LIMIT, TIF_FOK, 0, 10_000, 201);
    expect(core.orderStatus(fok)).toBe(STATUS_EXPIRED);
    const market = placeOrder(core, bob, BTC, SIDE_SELL, TYPE_MARKET, TIF_IOC, 0, 0, 500);
    expect([core.orderStatus(market), core.filledLots(market)]).toEqual([STATUS_EXPIRED, 200]);
    expect(core.orderStatus(taker)).toBe(STATUS_FILLED);
  });

  it('cancels and reduces by sequence, for the owning account only', () => {
    const { core, alice, bob } = numericVenue();
    const order = placeOrder(core, alice, BTC, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 9_000, 10);
    expect(cancelOrder(core, bob, order)).toBe(REFUSED_ORDER_NOT_FOUND);
    expect(reduceOrder(core, alice, order, 0)).toBe(REFUSED_SIZE);
    expect(reduceOrder(core, alice, order, 4)).toBe(order);
    expect(core.remainingLots(order)).toBe(6);
    expect(cancelOrder(core, alice, order)).toBe(order);
    expect(core.orderStatus(order)).toBe(STATUS_CANCELLED);
    expect(cancelOrder(core, alice, order)).toBe(REFUSED_ORDER_NOT_OPEN);
    expect(reduceOrder(core, alice, order, 1)).toBe(REFUSED_ORDER_NOT_OPEN);
    expect(cancelOrder(core, alice, 99)).toBe(REFUSED_ORDER_NOT_FOUND);
    expect(reduceOrder(core, alice, 99, 1)).toBe(REFUSED_ORDER_NOT_FOUND);
  });

  it("reads an order's size and price: as placed, after an amend, 0 for a market order", () => {
    const { core, alice, bob } = numericVenue();
    const limit = placeOrder(core, alice, BTC, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 9_000, 10);
    reduceOrder(core, alice, limit, 4);
    expect([core.sizeLots(limit), core.priceTicks(limit)]).toEqual([10, 9_000]);
    expect(amendOrder(core, alice, limit, 7, 9_100)).toBe(limit);
    expect([core.sizeLots(limit), core.priceTicks(limit)]).toEqual([7, 9_100]);
    const market = placeOrder(core, bob, BTC, SIDE_SELL, TYPE_MARKET, TIF_IOC, 0, 0, 3);
    expect([core.sizeLots(market), core.priceTicks(market)]).toEqual([3, 0]);
    expect([
      core.sizeLots(99 as Sequence),
      core.priceTicks(99 as Sequence),
      core.sizeLots(1.5 as Sequence),
    ]).toEqual([-1, -1, -1]);
  });

  it.each([
    ['unknown book', REFUSED_UNKNOWN_SYMBOL, [0, 2, 0, 0, 0, 0, 1, 1]],
    ['unknown account', REFUSED_ACCOUNT, [7, 0, 0, 0, 0, 0, 1, 1]],
    ['side', REFUSED_SIDE, [0, 0, 2, 0, 0, 0, 1, 1]],
    ['type', REFUSED_TYPE, [0, 0, 0, 2, 0, 0, 1, 1]],
    ['zero lots', REFUSED_SIZE, [0, 0, 0, 0, 0, 0, 1, 0]],
    ['fractional lots', REFUSED_SIZE, [0, 0, 0, 0, 0, 0, 1, 1.5]],
    ['more than the max size', REFUSED_SIZE, [0, 0, 0, 0, 0, 0, 1, 1000 / LOT + 1]],
    ['zero ticks', REFUSED_PRICE, [0, 0, 0, 0, 0, 0, 0, 1]],
    ['NaN ticks', REFUSED_PRICE, [0, 0, 0, 0, 0, 0, NaN, 1]],
    ['a market order with a price', REFUSED_PRICE, [0, 0, 0, 1, TIF_IOC, 0, 5, 1]],
    ['time in force 4', REFUSED_TIME_IN_FORCE, [0, 0, 0, 0, 4, 0, 1, 1]],
    ['a market order not ioc', REFUSED_TIME_IN_FORCE, [0, 0, 0, 1, TIF_GTC, 0, 0, 1]],
    ['post-only ioc', REFUSED_POST_ONLY, [0, 0, 0, 0, TIF_IOC, FLAG_POST_ONLY, 1, 1]],
    ['an unknown flag', REFUSED_POST_ONLY, [0, 0, 0, 0, 0, 2, 1, 1]],
  ] as const)('refuses %s, changing nothing', (_, code, args) => {
    const { venue, core } = numericVenue();
    const [account, book, side, type, tif, flags, ticks, lots] = args;
    expect(placeOrder(core, account, book, side, type, tif, flags, ticks, lots)).toBe(code);
    expect(venue.getOrder('alice', 'ord_1').ok).toBe(false);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('refuses a bad client order id and a level past 2^53 units', () => {
    const { core, alice } = numericVenue();
    expect(placeOrder(core, alice, BTC, 0, 0, 0, 0, 1, 1, 'has space')).toBe(
      REFUSED_CLIENT_ORDER_ID,
    );
    expect(core.accountId('')).toBe(REFUSED_ACCOUNT);
    const max = 1000 / LOT;
    let placed = 0;
    while (placeOrder(core, alice, BTC, 0, 0, 0, 0, 1, max) > 0) placed++;
    expect(placed).toBe(90_071);
    expect(placeOrder(core, alice, BTC, 0, 0, 0, 0, 1, max)).toBe(REFUSED_LEVEL_FULL);
  });

  it('maps every refusal to the contract error the string API gives', () => {
    expect(refusalError(REFUSED_UNKNOWN_SYMBOL)).toMatchObject({
      code: 'unknown_symbol',
      field: 'symbol',
    });
    expect(refusalError(REFUSED_SIZE)).toMatchObject({ code: 'invalid_parameter', field: 'size' });
    expect(refusalError(REFUSED_LEVEL_FULL)).toEqual({
      code: 'invalid_parameter',
      field: 'size',
      message: 'the price level would hold more than can be counted exactly',
    });
    expect(refusalError(REFUSED_ORDER_NOT_FOUND).code).toBe('order_not_found');
    expect(refusalError(REFUSED_ORDER_NOT_OPEN).code).toBe('order_not_open');
    expect(() => refusalError(0)).toThrow(RangeError);
    expect(refusalError(REFUSED_POST_ONLY_WOULD_TAKE)).toMatchObject({
      code: 'invalid_parameter',
      field: 'price',
    });
    expect(refusalError(-17).code).toBe('insufficient_balance');
    expect(refusalError(-18)).toMatchObject({ field: 'quote_size' });
    expect(() => refusalError(-19)).toThrow(RangeError);
  });

  it('announces its events, in units, in the order of the string events', () => {
    const { venue, clock, core, alice, bob } = numericVenue();
    placeOrder(core, bob, BTC, SIDE_SELL, TYPE_LIMIT, TIF_GTC, 0, 10_000, 100_000_000);
    placeOrder(core, bob, BTC, SIDE_SELL, TYPE_LIMIT, TIF_GTC, 0, 10_100, 100_000_000);
    const numeric: string[] = [];
    const listener: CoreListener = {
      onTrade: (e) =>
        numeric.push(
          `trade ${e.sequence} ${e.book} ${e.price} ${e.size} ${e.makerSequence} ${e.takerSequence} ${e.time} ${e.takerSide} ${e.makerAccount}/${e.takerAccount}`,
        ),
      onOrder: (e) =>
        numeric.push(
          `order ${e.sequence} ${e.status} ${e.filled} ${e.remaining} ${e.side} ${e.type} ${e.price} ${e.size} ${e.account}`,
        ),
      onLevel: (e) =>
        numeric.push(`level ${e.book} ${e.side} ${e.price} ${e.total} ${e.bookSequence}`),
    };
    const stop = core.listen(listener);
    const strings = recordEvents(venue);
    const lots = 250_000_000;
    const taker = placeOrder(core, alice, BTC, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 10_100, lots);
    reduceOrder(core, alice, taker, 10_000_000);
    const t = clock.now;
    expect(numeric).toEqual([
      `trade 1 0 10000 100000000 1 3 ${t} 0 1/0`,
      'order 1 2 100000000 0 1 0 10000 100000000 1',
      'level 0 1 10000 0 3',
      `trade 2 0 10100 100000000 2 3 ${t} 0 1/0`,
      'order 2 2 100000000 0 1 0 10100 100000000 1',
      'level 0 1 10100 0 4',
      'order 3 1 200000000 50000000 0 0 10100 250000000 0',
      'level 0 0 10100 50000000 5',
      'order 3 1 200000000 40000000 0 0 10100 250000000 0',
      'level 0 0 10100 40000000 6',
    ]);
    expect(strings.map((event) => event.type)).toEqual(
      numeric.map((line) => (line.startsWith('level') ? 'book' : line.split(' ')[0])),
    );
    stop();
    cancelOrder(core, alice, taker);
    expect(numeric.length).toBe(10);
    expect(strings.length).toBe(12);
  });

  it('gives prices and sizes in units, and builds the records the venue reads', () => {
    // tick 0.05 = 5 units of 0.01, lot 0.25 = 25 units of 0.01: units are not ticks or lots
    const { venue } = makeVenue([{ symbol: 'X-USD', tickSize: '0.05', lotSize: '0.25' }]);
    const { core } = venue;
    const bob = core.accountId('bob');
    const alice = core.accountId('alice');
    placeOrder(core, bob, 0, SIDE_SELL, TYPE_LIMIT, TIF_GTC, 0, 2_000, 8); // 100.00 for 2.00
    const seen: string[] = [];
    core.listen({
      onTrade: (trade) => {
        const record = tradeRecord(core, trade);
        seen.push(`trade ${trade.price} ${trade.size} ${record.id} ${record.price} ${record.size}`);
      },
      onOrder: (order) => {
        const { id, status, filledSize } = orderRecord(core, order);
        seen.push(`order ${order.filled} ${order.remaining} ${id} ${status} ${filledSize}`);
      },
      onLevel: (level) => seen.push(`level ${level.price} ${level.total}`),
    });
    placeOrder(core, alice, 0, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 2_000, 2); // 0.50
    expect(seen).toEqual([
      'trade 10000 50 t_1 100.00 0.50',
      'order 50 150 ord_1 partially_filled 0.50',
      'level 10000 150',
      'order 50 0 ord_2 filled 0.50',
    ]);
    expect(plain(unwrap(venue.trades('X-USD', 1))[0]!)).toMatchObject({
      price: '100.00',
      size: '0.50',
    });
  });

  it('refuses commands from inside a numeric listener', () => {
    const { core, alice, bob } = numericVenue();
    placeOrder(core, bob, BTC, SIDE_SELL, TYPE_LIMIT, TIF_GTC, 0, 10_000, 1);
    core.listen({ onTrade: () => cancelOrder(core, bob, 1) });
    expect(() => placeOrder(core, alice, BTC, SIDE_BUY, TYPE_MARKET, TIF_IOC, 0, 0, 1)).toThrow(
      'venue commands cannot be issued from inside an event listener',
    );
  });

  it('sizes a market buy by its quote as the string API does, and refuses a quote on anything else', () => {
    const strings = numericVenue();
    const { core, alice, bob } = numericVenue();
    for (const { core: each, bob: seller } of [strings, { core, bob }]) {
      placeOrder(each, seller, BTC, SIDE_SELL, TYPE_LIMIT, TIF_GTC, 0, 10_000, 100_000_000);
      placeOrder(each, seller, BTC, SIDE_SELL, TYPE_LIMIT, TIF_GTC, 0, 10_100, 100_000_000);
    }
    const byQuote = (side: number, type: number, sizeLots: number, quote: bigint): Sequence => {
      const command = core.newCommand();
      Object.assign(command, { account: alice, book: BTC, side, type, quote });
      command.timeInForce = type === TYPE_MARKET ? TIF_IOC : TIF_GTC;
      command.price = (type === TYPE_MARKET ? 0 : 10_000) as Ticks;
      command.size = sizeLots as Lots;
      return core.submit(command);
    };
    // A quote in price units × size units: 10 decimals on BTC-USD.
    expect(byQuote(SIDE_SELL, TYPE_MARKET, 0, 150n * 10n ** 10n)).toBe(REFUSED_QUOTE_SIZE);
    expect(byQuote(SIDE_BUY, TYPE_LIMIT, 0, 150n * 10n ** 10n)).toBe(REFUSED_QUOTE_SIZE);
    expect(byQuote(SIDE_BUY, TYPE_MARKET, 1, 150n * 10n ** 10n)).toBe(REFUSED_QUOTE_SIZE);
    expect(byQuote(SIDE_BUY, TYPE_MARKET, 0, 1n)).toBe(REFUSED_QUOTE_SIZE);
    expect(core.orders.lastSequence).toBe(2);
    // 100 buys 1 at 100.00; the other 50 buy 0.49504950 at 101.00, rounded down to the lot.
    const sequence = byQuote(SIDE_BUY, TYPE_MARKET, 0, 150n * 10n ** 10n);
    expect([sequence, core.orderStatus(sequence), core.filledLots(sequence)]).toEqual([
      3,
      STATUS_FILLED,
      149_504_950,
    ]);
    const placed = unwrap(
      strings.venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'market',
        quoteSize: '150',
      }),
    );
    expect([placed.size, placed.filledSize]).toEqual(['1.49504950', '1.49504950']);
  });
});
