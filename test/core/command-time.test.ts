import { describe, expect, it } from 'vitest';
import { makeVenue, START_MS, unwrap } from './helpers.js';

const LIMIT = { symbol: 'BTC-USD', type: 'limit', size: '1' } as const;

describe('one time per command (invariant 13)', () => {
  it('a command that runs while the clock moves stamps everything at its start, and expires only what was due then', () => {
    const { venue, clock } = makeVenue();
    const gtd = unwrap(
      venue.placeOrder({
        ...LIMIT,
        account: 'bob',
        side: 'sell',
        price: '100.00',
        timeInForce: 'gtd',
        expireAt: START_MS + 1,
      }),
    );
    const resting = unwrap(
      venue.placeOrder({ ...LIMIT, account: 'alice', side: 'buy', price: '99.00' }),
    );
    for (let i = 0; i < 3; i++)
      unwrap(
        venue.placeOrder({
          account: 'carol',
          symbol: 'BTC-USD',
          side: 'sell',
          type: 'market',
          size: '1',
          stopPrice: '100.00',
        }),
      );
    unwrap(venue.placeOrder({ ...LIMIT, account: 'dave', side: 'buy', price: '90.00', size: '3' }));
    // Every event moves the clock on, and a listener's query reads it: time passes during a command.
    const seen: number[] = [];
    venue.subscribe(() => {
      clock.now += 1;
      seen.push(unwrap(venue.ticker('BTC-USD')).timestamp);
    });
    const amended = unwrap(venue.amendOrder('alice', resting.id, { price: '100.00' }));
    expect(amended.status).toBe('filled');
    expect(unwrap(venue.getOrder('bob', gtd.id)).status).toBe('filled');
    expect(new Set(seen)).toEqual(new Set([START_MS]));
    // The stops the trade triggered sold to dave, at the amend's time too.
    const trades = unwrap(venue.trades('BTC-USD'));
    expect(trades.map((trade) => [trade.price, trade.timestamp])).toEqual([
      ['90.00', START_MS],
      ['90.00', START_MS],
      ['90.00', START_MS],
      ['100.00', START_MS],
    ]);
    expect(clock.now).toBeGreaterThan(START_MS + 10);
    expect(venue.commandTime()).toBe(START_MS);

    const at = clock.now;
    const next = unwrap(
      venue.placeOrder({ ...LIMIT, account: 'alice', side: 'buy', price: '1.00' }),
    );
    expect([next.createdAt, venue.commandTime()]).toEqual([at, at]);
  });
});
