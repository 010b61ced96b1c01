import { describe, expect, it } from 'vitest';
import { validateVenueState, type Sequence } from '../../src/index.js';
import { START_MS, expectInvalid, limit, makeVenue, market, unwrap } from './helpers.js';

describe('orderBook', () => {
  it('aggregates levels: bids descending, asks ascending', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '99.00', '1');
    limit(venue, 'buy', '100.00', '0.5');
    limit(venue, 'buy', '99.00', '0.25', { account: 'bob' });
    limit(venue, 'sell', '102.00', '2');
    limit(venue, 'sell', '101.00', '1');
    limit(venue, 'sell', '101.00', '1');
    expect(unwrap(venue.orderBook('BTC-USD'))).toEqual({
      symbol: 'BTC-USD',
      bids: [
        ['100.00', '0.50000000'],
        ['99.00', '1.25000000'],
      ],
      asks: [
        ['101.00', '2.00000000'],
        ['102.00', '2.00000000'],
      ],
      timestamp: START_MS,
      sequence: 6,
    });
  });

  it('shows the same levels in ticks and lots with orderBookTicks', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '99.00', '1');
    limit(venue, 'buy', '100.00', '0.5');
    limit(venue, 'sell', '101.00', '2');
    limit(venue, 'sell', '102.00', '0.00000001');
    const { tickSize, lotSize } = unwrap(venue.instrument('BTC-USD'));
    expect([tickSize, lotSize]).toEqual(['0.01', '0.00000001']);
    expect(unwrap(venue.orderBookTicks('BTC-USD'))).toEqual({
      bids: [
        [10_000, 50_000_000],
        [9_900, 100_000_000],
      ],
      asks: [
        [10_100, 200_000_000],
        [10_200, 1],
      ],
      sequence: 4,
    });
    expect(unwrap(venue.orderBookTicks('BTC-USD', 1)).bids).toEqual([[10_000, 50_000_000]]);
    expect(venue.orderBookTicks('NOPE-USD')).toEqual(venue.orderBook('NOPE-USD'));
    expectInvalid(
      venue.orderBookTicks('BTC-USD', 0),
      'depth',
      'depth must be an integer from 1 to 1000',
    );
  });

  it('never shows an emptied level', () => {
    const { venue } = makeVenue();
    const cancelled = limit(venue, 'buy', '99.00', '1');
    limit(venue, 'sell', '101.00', '1');
    limit(venue, 'sell', '102.00', '1');
    unwrap(venue.cancelOrder('alice', cancelled.id));
    market(venue, 'buy', '1', { account: 'bob' });
    const book = unwrap(venue.orderBook('BTC-USD'));
    expect([book.bids, book.asks]).toEqual([[], [['102.00', '1.00000000']]]);
  });

  it('shows 50 levels per side by default, 1 to 1000 on request', () => {
    const { venue } = makeVenue();
    for (let i = 1; i <= 60; i++) {
      limit(venue, 'buy', `${i}.00`, '1');
      limit(venue, 'sell', `${100 + i}.00`, '1');
    }
    const sides = (depth?: number) => {
      const { bids, asks } = unwrap(venue.orderBook('BTC-USD', depth));
      return [
        bids.length,
        bids[0]?.[0],
        bids.at(-1)?.[0],
        asks.length,
        asks[0]?.[0],
        asks.at(-1)?.[0],
      ];
    };
    expect(sides()).toEqual([50, '60.00', '11.00', 50, '101.00', '150.00']);
    expect(sides(1)).toEqual([1, '60.00', '60.00', 1, '101.00', '101.00']);
    expect(sides(1000)).toEqual([60, '60.00', '1.00', 60, '101.00', '160.00']);
  });

  it.each([0, 1001, 1.5, -1, Number.NaN])('refuses the depth %s', (depth) => {
    const { venue } = makeVenue();
    expectInvalid(
      venue.orderBook('BTC-USD', depth),
      'depth',
      'depth must be an integer from 1 to 1000',
    );
  });
});

describe('sequence', () => {
  it('grows by one with each change of the symbol book, and only then', () => {
    const { venue } = makeVenue();
    const sequence = () => unwrap(venue.orderBook('BTC-USD')).sequence;
    expect(sequence()).toBe(0);
    limit(venue, 'sell', '101.00', '1', { account: 'bob' });
    limit(venue, 'sell', '101.00', '1', { account: 'bob' });
    expect(sequence()).toBe(2);
    market(venue, 'buy', '1.5');
    expect(sequence()).toBe(4);
    limit(venue, 'buy', '101.00', '1', { postOnly: true });
    limit(venue, 'buy', '100.00', '5', { timeInForce: 'fok' });
    market(venue, 'sell', '1');
    limit(venue, 'buy', '1.00', '1', { symbol: 'ETH-USD' });
    expect(
      venue.placeOrder({ account: 'a', symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0' })
        .ok,
    ).toBe(false);
    expect(sequence()).toBe(4);
    unwrap(venue.reduceOrder('bob', 'ord_2', '0.1'));
    expect(sequence()).toBe(5);
    expect(unwrap(venue.cancelOrder('bob', 'ord_2')).status).toBe('cancelled');
    expect(sequence()).toBe(6);
  });

  it('cancels resting orders at their levels after the side moved to a wider window and to a sorted list', () => {
    const { venue } = makeVenue();
    const ids = ['100.00', '100.00', '150.00', '99000.00', '150.00', '100.00'].map(
      (price) => limit(venue, 'buy', price, '1').id,
    );
    limit(venue, 'sell', '200000.00', '1');
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([
      ['99000.00', '1.00000000'],
      ['150.00', '2.00000000'],
      ['100.00', '3.00000000'],
    ]);
    for (const id of [ids[1]!, ids[3]!, ids[2]!, ids[0]!]) unwrap(venue.cancelOrder('alice', id));
    expect(validateVenueState(venue)).toEqual([]);
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([
      ['150.00', '1.00000000'],
      ['100.00', '1.00000000'],
    ]);
    limit(venue, 'buy', '120.00', '2');
    unwrap(venue.cancelOrder('alice', ids[5]!));
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([
      ['150.00', '1.00000000'],
      ['120.00', '2.00000000'],
    ]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it("a taker that fills a level's first orders leaves the next one first, with no order before it", () => {
    const { venue } = makeVenue();
    for (const size of ['1', '1', '2']) limit(venue, 'sell', '100.00', size);
    limit(venue, 'sell', '101.00', '1');
    const taker = market(venue, 'buy', '2.5', { account: 'bob' });
    expect([taker.status, taker.filledSize]).toEqual(['filled', '2.50000000']);
    expect(validateVenueState(venue)).toEqual([]);
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([
      ['100.00', '1.50000000'],
      ['101.00', '1.00000000'],
    ]);
    const { store, orders } = venue.internals();
    const third = orders.slot(3 as Sequence);
    expect([store.prev(third), store.filled(third)]).toEqual([-1, 50_000_000]);
    market(venue, 'buy', '2', { account: 'bob' });
    expect(validateVenueState(venue)).toEqual([]);
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([['101.00', '0.50000000']]);
    expect(unwrap(venue.getOrder('alice', 'ord_3')).fills.map((fill) => fill.size)).toEqual([
      '0.50000000',
      '1.50000000',
    ]);
  });

  it("the state check finds a resting order that holds another level's number", () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '100.00', '1');
    limit(venue, 'buy', '101.00', '1');
    const { store } = venue.internals();
    store.levelColumn[0] = store.levelColumn[1]!;
    expect(validateVenueState(venue)).toEqual([
      "BTC-USD bids @10000: ord_1 holds another level's number",
    ]);
  });
});
