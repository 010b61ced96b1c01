import { describe, expect, it } from 'vitest';
import { DAY_MS, Venue, validateVenueState } from '../../src/index.js';
import { ManualClock, limit, market, plain, unwrap } from './helpers.js';

/** Trade rows of the store still held by a tape or an order. */
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
  it('keeps the 24h window beyond the tape, holding store rows only for the tape', () => {
    const { venue, clock, trade } = smallVenue();
    for (const price of ['100.00', '103.00', '99.00', '101.00']) trade(price);
    expect(heldTrades(venue)).toBe(2); // the tape's two; the window keeps its own figures of four
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
    expect(heldTrades(venue)).toBe(2); // the tape's two
    const later = unwrap(venue.ticker('BTC-USD'));
    expect([later.open24h, later.high24h, later.low24h, later.volume24h]).toEqual([
      '101.00',
      '102.00',
      '102.00',
      '1.00000000',
    ]);
    expect(validateVenueState(venue)).toEqual([]);
  });
});
