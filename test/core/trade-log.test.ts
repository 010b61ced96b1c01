import { describe, expect, it } from 'vitest';
import { DAY_MS, Venue, validateVenueState } from '../../src/index.js';
import { ManualClock, limit, market, plain, unwrap } from './helpers.js';

/** Trade rows still held by a tape, a window or an order. */
function heldTrades(venue: Venue): number {
  return venue.core.trades.held;
}

/** A venue that keeps 2 trades a symbol and forgets final orders at once. */
function smallVenue() {
  const clock = new ManualClock();
  const venue = unwrap(Venue.create({ clock: clock.read, tradeRetention: 2, orderRetention: 0 }));
  const trade = (price: string) => {
    limit(venue, 'sell', price, '1', { account: 'bob' });
    market(venue, 'buy', '1');
  };
  return { venue, clock, trade };
}

describe('the symbol trade log', () => {
  it('keeps the 24h window beyond the tape, then lets go of what leaves both', () => {
    const { venue, clock, trade } = smallVenue();
    for (const price of ['100.00', '103.00', '99.00', '101.00']) trade(price);
    expect(heldTrades(venue)).toBe(4); // the window holds all four; the tape shows two
    expect(plain(unwrap(venue.trades('BTC-USD', 10))).map((each) => each.price)).toEqual([
      '101.00',
      '99.00',
    ]);
    const ticker = unwrap(venue.ticker('BTC-USD'));
    expect([ticker.open24h, ticker.high24h, ticker.low24h, ticker.price]).toEqual([
      '100.00',
      '103.00',
      '99.00',
      '101.00',
    ]);
    clock.now += DAY_MS;
    trade('102.00');
    expect(heldTrades(venue)).toBe(2); // the window holds one, the tape two
    const later = unwrap(venue.ticker('BTC-USD'));
    expect([later.open24h, later.high24h, later.low24h, later.volume24h]).toEqual([
      '101.00',
      '102.00',
      '102.00',
      '1.00000000',
    ]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('lets go of the client order ids of trades and orders it forgets, and of those only', () => {
    const { venue, clock, trade } = smallVenue();
    const { trades } = venue.core;
    // A maker with an id, a taker without one; then the same the other way round.
    limit(venue, 'sell', '100.00', '1', { account: 'bob', clientOrderId: 'm1' });
    market(venue, 'buy', '1');
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    market(venue, 'buy', '1', { clientOrderId: 't1' });
    expect([trades.makerClientOrderIds.size, trades.takerClientOrderIds.size]).toEqual([1, 1]);
    expect(
      plain(unwrap(venue.trades('BTC-USD', 2))).map((each) => each.makerClientOrderId),
    ).toEqual([null, 'm1']);
    // Past the 24h window, two more trades: the first two leave the tape, the window and their orders.
    clock.now += DAY_MS;
    trade('101.00');
    trade('102.00');
    expect([trades.makerClientOrderIds.size, trades.takerClientOrderIds.size]).toEqual([0, 0]);
    expect(venue.core.store.anyClientOrderId).toBe(false);
    expect(validateVenueState(venue)).toEqual([]);
  });
});
