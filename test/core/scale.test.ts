import { describe, expect, it } from 'vitest';
import { DAY_MS, SeededRandom, Venue, validateVenueState } from '../../src/index.js';
import { ManualClock, plain, recordEvents, unwrap } from './helpers.js';

/** The paths a short random sequence does not reach: many levels, long tapes, retention. */
const SPEC = { symbol: 'SCALE-USD', tickSize: '0.01', lotSize: '1' };

/** `count` times: b rests a sell of 1 at 50.00, c takes it with a market buy (one trade each). */
function sellThenTake(venue: Venue, count: number): void {
  for (let i = 0; i < count; i++) {
    venue.placeOrder({
      account: 'b',
      symbol: 'SCALE-USD',
      side: 'sell',
      type: 'limit',
      price: '50.00',
      size: '1',
    });
    venue.placeOrder({ account: 'c', symbol: 'SCALE-USD', side: 'buy', type: 'market', size: '1' });
  }
}

function venueWith(options: { orderRetention?: number } = {}) {
  const clock = new ManualClock();
  const venue = unwrap(Venue.create({ clock: clock.read, instruments: [SPEC], ...options }));
  return { venue, clock };
}

describe('at scale', () => {
  it('keeps thousands of levels sorted through inserts and removals in random order', () => {
    const { venue } = venueWith();
    const random = new SeededRandom(7);
    const resting = new Map<string, { cents: number; size: number }>();
    for (let i = 0; i < 3000; i++) {
      const cents = 100_000 - 1 - random.int(0, 2999);
      const size = random.int(1, 5);
      const order = unwrap(
        venue.placeOrder({
          account: 'a',
          symbol: 'SCALE-USD',
          side: 'buy',
          type: 'limit',
          price: (cents / 100).toFixed(2),
          size: String(size),
        }),
      );
      resting.set(order.id, { cents, size });
    }
    const ids = [...resting.keys()];
    for (let i = 0; i < 2000; i++) {
      const id = ids[random.int(0, ids.length - 1)]!;
      if (resting.delete(id)) unwrap(venue.cancelOrder('a', id));
    }
    expect(validateVenueState(venue)).toEqual([]);
    const expected = new Map<number, number>();
    for (const { cents, size } of resting.values())
      expected.set(cents, (expected.get(cents) ?? 0) + size);
    const levels = [...expected.entries()]
      .sort(([a], [b]) => b - a)
      .map(([cents, size]) => [(cents / 100).toFixed(2), String(size)]);
    expect(unwrap(venue.orderBook('SCALE-USD', 1000)).bids).toEqual(levels.slice(0, 1000));
  });

  it('serves the latest 1000 of 1500 trades, newest first', () => {
    const { venue } = venueWith();
    for (let i = 0; i < 1500; i++) {
      venue.placeOrder({
        account: 'm',
        symbol: 'SCALE-USD',
        side: 'sell',
        type: 'limit',
        price: '10.00',
        size: '1',
      });
      venue.placeOrder({
        account: 't',
        symbol: 'SCALE-USD',
        side: 'buy',
        type: 'market',
        size: '1',
      });
    }
    const trades = unwrap(venue.trades('SCALE-USD', 1000));
    expect(trades.map((trade) => trade.id)).toEqual(
      Array.from({ length: 1000 }, (_, i) => `t_${1500 - i}`),
    );
  });

  it('rolls thousands of trades out of the 24h window exactly', () => {
    const { venue, clock } = venueWith();
    for (let i = 0; i < 3000; i++) {
      clock.now += 1000;
      const price = (10 + (i % 7)).toFixed(2);
      venue.placeOrder({
        account: 'm',
        symbol: 'SCALE-USD',
        side: 'sell',
        type: 'limit',
        price,
        size: '2',
      });
      venue.placeOrder({
        account: 't',
        symbol: 'SCALE-USD',
        side: 'buy',
        type: 'market',
        size: '2',
      });
    }
    // Trade i (0-based) is at START + (i + 1) s; keep the last 5 in the window.
    clock.now += DAY_MS - 5000;
    expect(plain(unwrap(venue.ticker('SCALE-USD')))).toEqual({
      symbol: 'SCALE-USD',
      price: '13.00', // i = 2999: 10 + 2999 % 7
      open24h: '15.00', // i = 2994, the last trade at or before now - 24h
      high24h: '16.00', // i = 2995..2999 give 16, 10, 11, 12, 13
      low24h: '10.00',
      volume24h: '10',
      timestamp: clock.now,
    });
  });

  it('forgets final orders beyond the retention, oldest first, and keeps open ones', () => {
    const { venue } = venueWith({ orderRetention: 2000 });
    const open = unwrap(
      venue.placeOrder({
        account: 'a',
        symbol: 'SCALE-USD',
        side: 'buy',
        type: 'limit',
        price: '1.00',
        size: '1',
      }),
    );
    sellThenTake(venue, 5000);
    expect(validateVenueState(venue)).toEqual([]);
    expect(venue.getOrder('b', 'ord_2')).toEqual({
      ok: false,
      error: { code: 'order_not_found', message: 'no order ord_2 for this account' },
    });
    expect(unwrap(venue.getOrder('c', 'ord_10001')).status).toBe('filled');
    expect(unwrap(venue.getOrder('a', open.id)).status).toBe('open');
    expect(unwrap(venue.listOrders('c', { limit: 1000 })).length).toBe(1000);
    expect(unwrap(venue.listOrders('b')).length).toBe(1000);
    unwrap(venue.cancelOrder('a', open.id));
    sellThenTake(venue, 3000);
    expect(validateVenueState(venue)).toEqual([]);
    expect(venue.getOrder('a', open.id).ok).toBe(false);
    expect(unwrap(venue.getOrder('b', 'ord_16000')).status).toBe('filled');
    // Trade slots of forgotten orders are reused: the fills must still read right.
    expect(plain(unwrap(venue.getOrder('c', 'ord_16001')).fills)).toEqual([
      { tradeId: 't_8000', price: '50.00', size: '1' },
    ]);
    expect(plain(unwrap(venue.trades('SCALE-USD', 2)))).toMatchObject([
      { id: 't_8000', makerOrderId: 'ord_16000', takerOrderId: 'ord_16001' },
      { id: 't_7999', makerOrderId: 'ord_15998', takerOrderId: 'ord_15999' },
    ]);
    expect(
      unwrap(venue.listOrders('b'))
        .map((order) => order.id)
        .slice(0, 2),
    ).toEqual(['ord_16000', 'ord_15998']);
  });

  it('forgets the oldest final orders when one command ends hundreds while the oldest are mid-ring', () => {
    const { venue } = venueWith({ orderRetention: 1500 });
    const order = { symbol: 'SCALE-USD', type: 'limit', price: '50.00', size: '1' } as const;
    // 3000 ioc buys end unmatched: ord_1501 to ord_3000 are kept, the oldest kept one mid-ring.
    for (let i = 0; i < 3000; i++)
      venue.placeOrder({ ...order, account: 'a', side: 'buy', timeInForce: 'ioc' });
    for (let i = 0; i < 600; i++) venue.placeOrder({ ...order, account: 'b', side: 'sell' });
    // One market buy fills the 600 sells: 601 orders end in one command.
    venue.placeOrder({
      account: 'c',
      symbol: 'SCALE-USD',
      side: 'buy',
      type: 'market',
      size: '600',
    });
    expect(validateVenueState(venue)).toEqual([]);
    expect(venue.getOrder('a', 'ord_2101').ok).toBe(false);
    expect(unwrap(venue.getOrder('a', 'ord_2102')).status).toBe('expired');
    expect(unwrap(venue.getOrder('b', 'ord_3001')).status).toBe('filled');
    expect(unwrap(venue.getOrder('c', 'ord_3601')).status).toBe('filled');
    const kept = [];
    for (let n = 1; n <= 3601; n++) {
      const account = n <= 3000 ? 'a' : n <= 3600 ? 'b' : 'c';
      if (venue.getOrder(account, `ord_${n}`).ok) kept.push(n);
    }
    expect(kept.length).toBe(1500);
    expect(kept[0]).toBe(2102);
  });

  it('keeps the client order id in the final record and event with orderRetention 0', () => {
    const { venue } = venueWith({ orderRetention: 0 });
    const events = recordEvents(venue);
    const request = { account: 'c', symbol: 'SCALE-USD', side: 'buy', type: 'market', size: '1' };
    const record = unwrap(venue.placeOrder({ ...request, clientOrderId: 'mine-1' } as never));
    expect([record.status, record.clientOrderId]).toEqual(['expired', 'mine-1']);
    expect(events).toMatchObject([
      { type: 'order', order: { id: 'ord_1', status: 'expired', clientOrderId: 'mine-1' } },
    ]);
    expect(venue.getOrder('c', 'ord_1').ok).toBe(false);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('keeps the client order id of a cancelled order and of a filled maker with orderRetention 0', () => {
    const { venue } = venueWith({ orderRetention: 0 });
    const resting = {
      account: 'b',
      symbol: 'SCALE-USD',
      side: 'sell',
      type: 'limit',
      price: '50.00',
      size: '1',
    };
    unwrap(venue.placeOrder({ ...resting, clientOrderId: 'maker' } as never));
    unwrap(venue.placeOrder({ ...resting, clientOrderId: 'gone' } as never));
    const events = recordEvents(venue);
    expect(unwrap(venue.cancelOrder('b', 'ord_2')).clientOrderId).toBe('gone');
    const taker = { account: 'c', symbol: 'SCALE-USD', side: 'buy', type: 'market', size: '1' };
    unwrap(venue.placeOrder({ ...taker, clientOrderId: 'taker' } as never));
    const orders = events.flatMap((event) => (event.type === 'order' ? [event.order] : []));
    expect(orders.map((order) => [order.id, order.status, order.clientOrderId])).toEqual([
      ['ord_2', 'cancelled', 'gone'],
      ['ord_1', 'filled', 'maker'],
      ['ord_3', 'filled', 'taker'],
    ]);
    expect(validateVenueState(venue)).toEqual([]);
  });
});
