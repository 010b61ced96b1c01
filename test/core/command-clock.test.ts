import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { START_MS, unwrap } from './helpers.js';

const LIMIT = { symbol: 'BTC-USD', type: 'limit', size: '1' } as const;

/** A venue on a clock that counts its readings; every reading is 1 ms after the last. */
function countingVenue(): { venue: Venue; readings: () => number } {
  let readings = 0;
  const venue = unwrap(Venue.create({ clock: () => START_MS + ++readings }));
  return { venue, readings: () => readings };
}

describe('the clock reading of a command (invariant 13)', () => {
  it('a cancel with no gtd order waiting reads the clock once, when its time is first asked for', () => {
    const { venue, readings } = countingVenue();
    const order = unwrap(
      venue.placeOrder({ ...LIMIT, account: 'alice', side: 'buy', price: '1.00' }),
    );
    expect([readings(), order.createdAt]).toEqual([1, START_MS + 1]);
    unwrap(venue.cancelOrder('alice', order.id));
    expect(readings()).toBe(1);
    expect([venue.commandTime(), venue.commandTime(), readings()]).toEqual([
      START_MS + 2,
      START_MS + 2,
      2,
    ]);
  });

  it('a command reads the clock at its start while a gtd order waits', () => {
    const { venue, readings } = countingVenue();
    unwrap(
      venue.placeOrder({
        ...LIMIT,
        account: 'bob',
        side: 'sell',
        price: '100.00',
        timeInForce: 'gtd',
        expireAt: START_MS + 3,
      }),
    );
    const order = unwrap(
      venue.placeOrder({ ...LIMIT, account: 'alice', side: 'buy', price: '1.00' }),
    );
    expect(readings()).toBe(2);
    unwrap(venue.cancelOrder('alice', order.id));
    expect([readings(), venue.commandTime()]).toEqual([3, START_MS + 3]);
    expect(venue.listOrders('bob')).toMatchObject({ ok: true, value: [{ status: 'expired' }] });
  });

  it('while a listener listens, a command reads the clock at its start: a listener may move it', () => {
    const { venue, readings } = countingVenue();
    unwrap(venue.placeOrder({ ...LIMIT, account: 'bob', side: 'sell', price: '100.00' }));
    unwrap(venue.placeOrder({ ...LIMIT, account: 'bob', side: 'sell', price: '100.00' }));
    const bid = unwrap(
      venue.placeOrder({ ...LIMIT, account: 'alice', side: 'buy', price: '99.00', size: '2' }),
    );
    const seen: number[] = [];
    const stop = venue.subscribe(() => seen.push(venue.now()), ['trade']);
    unwrap(venue.amendOrder('alice', bid.id, { price: '100.00' }));
    expect([seen, venue.commandTime(), readings()]).toEqual([
      [START_MS + 4, START_MS + 4],
      START_MS + 4,
      4,
    ]);
    const trades = unwrap(venue.trades('BTC-USD'));
    expect(trades.map((trade) => trade.timestamp)).toEqual([START_MS + 4, START_MS + 4]);
    const resting = unwrap(
      venue.placeOrder({ ...LIMIT, account: 'carol', side: 'buy', price: '1.00' }),
    );
    unwrap(venue.cancelOrder('carol', resting.id));
    expect(readings()).toBe(7);
    stop();
    const again = unwrap(
      venue.placeOrder({ ...LIMIT, account: 'carol', side: 'buy', price: '1.00' }),
    );
    unwrap(venue.cancelOrder('carol', again.id));
    expect(readings()).toBe(8);
  });
});
