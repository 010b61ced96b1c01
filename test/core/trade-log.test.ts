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

  it('gives the 24h figures of every trade in the window, across chunks of the log and a moving window', () => {
    const { venue, clock } = (() => {
      const clock = new ManualClock();
      const venue = unwrap(
        Venue.create({ clock: clock.read, tradeRetention: 3, orderRetention: 0 }),
      );
      return { venue, clock };
    })();
    const made: { time: number; price: number }[] = [];
    const step = DAY_MS / 1500; // 500 to 3,000 trades in the window; the log's chunks hold 1,024
    for (let i = 0; i < 5000; i++) {
      const price = 100 + ((i * 37) % 50);
      limit(venue, 'sell', `${price}.00`, '1', { account: 'bob' });
      market(venue, 'buy', '1');
      made.push({ time: clock.now, price });
      clock.now += i % 2000 < 1000 ? step * 3 : step / 2; // the window shrinks and grows
      if (i % 250 !== 249) continue;
      const now = clock.now;
      const inWindow = made.filter((trade) => trade.time > now - DAY_MS);
      const before = made.filter((trade) => trade.time <= now - DAY_MS);
      const prices = inWindow.map((trade) => trade.price);
      const ticker = unwrap(venue.ticker('BTC-USD'));
      expect([ticker.open24h, ticker.high24h, ticker.low24h, ticker.volume24h]).toEqual([
        `${(before.at(-1) ?? inWindow[0]!).price}.00`,
        `${Math.max(...prices)}.00`,
        `${Math.min(...prices)}.00`,
        `${inWindow.length}.00000000`,
      ]);
      expect(heldTrades(venue)).toBe(3);
    }
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('shows the last tradeRetention trades on the tape as its ring grows, then holds only them', () => {
    const clock = new ManualClock();
    const venue = unwrap(
      Venue.create({ clock: clock.read, tradeRetention: 40, orderRetention: 0 }),
    );
    const tapeIds = () => unwrap(venue.trades('BTC-USD', 1000)).map((trade) => trade.id);
    for (let i = 1; i <= 100; i++) {
      limit(venue, 'sell', '100.00', '1', { account: 'bob' });
      market(venue, 'buy', '1');
      const shown = Math.min(i, 40);
      expect(tapeIds()).toEqual(Array.from({ length: shown }, (_, k) => `t_${i - k}`));
      expect(heldTrades(venue)).toBe(shown);
    }
  });
});
