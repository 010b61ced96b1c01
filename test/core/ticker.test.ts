import { describe, expect, it } from 'vitest';
import { DAY_MS, type Venue } from '../../src/index.js';
import { START_MS, limit, makeVenue, market, unwrap, type ManualClock } from './helpers.js';

/** Bob sells `size` at `price` to Alice at the clock's current time. */
function trade(venue: Venue, price: string, size: string): void {
  limit(venue, 'sell', price, size, { account: 'bob' });
  market(venue, 'buy', size);
}

function tickerAt(venue: Venue, clock: ManualClock, now: number) {
  clock.now = now;
  return unwrap(venue.ticker('BTC-USD'));
}

describe('ticker before any trade', () => {
  it('shows the reference price and zero volume', () => {
    const { venue } = makeVenue();
    expect(unwrap(venue.ticker('BTC-USD'))).toEqual({
      symbol: 'BTC-USD',
      price: '30000.00',
      open24h: '30000.00',
      high24h: '30000.00',
      low24h: '30000.00',
      volume24h: '0.00000000',
      timestamp: START_MS,
    });
  });

  it('shows null prices without a reference price', () => {
    const { venue } = makeVenue([{ symbol: 'N-USD', tickSize: '0.1', lotSize: '0.001' }]);
    expect(unwrap(venue.ticker('N-USD'))).toEqual({
      symbol: 'N-USD',
      price: null,
      open24h: null,
      high24h: null,
      low24h: null,
      volume24h: '0.000',
      timestamp: START_MS,
    });
  });
});

describe('ticker over the 24h window', () => {
  it('shows the last price, high, low and volume of the window', () => {
    const { venue, clock } = makeVenue();
    trade(venue, '100.00', '1');
    clock.now += 1000;
    trade(venue, '120.00', '0.5');
    clock.now += 1000;
    trade(venue, '90.00', '0.25');
    trade(venue, '110.00', '0.1');
    expect(tickerAt(venue, clock, START_MS + 5000)).toEqual({
      symbol: 'BTC-USD',
      price: '110.00',
      open24h: '100.00',
      high24h: '120.00',
      low24h: '90.00',
      volume24h: '1.85000000',
      timestamp: START_MS + 5000,
    });
  });

  it('keeps a trade 1 ms inside the window and drops one exactly at now - 24h', () => {
    const { venue, clock } = makeVenue();
    trade(venue, '100.00', '1');
    clock.now += 1000;
    trade(venue, '110.00', '2');
    expect(tickerAt(venue, clock, START_MS + DAY_MS - 1)).toEqual({
      symbol: 'BTC-USD',
      timestamp: START_MS + DAY_MS - 1,
      price: '110.00',
      open24h: '100.00',
      high24h: '110.00',
      low24h: '100.00',
      volume24h: '3.00000000',
    });
    expect(tickerAt(venue, clock, START_MS + DAY_MS)).toEqual({
      symbol: 'BTC-USD',
      timestamp: START_MS + DAY_MS,
      price: '110.00',
      open24h: '100.00',
      high24h: '110.00',
      low24h: '110.00',
      volume24h: '2.00000000',
    });
  });

  it('opens at the last trade at or before now - 24h', () => {
    const { venue, clock } = makeVenue();
    trade(venue, '100.00', '1');
    clock.now += 10;
    trade(venue, '105.00', '1');
    clock.now = START_MS + DAY_MS;
    trade(venue, '120.00', '1');
    expect(tickerAt(venue, clock, START_MS + DAY_MS + 10)).toEqual({
      symbol: 'BTC-USD',
      timestamp: START_MS + DAY_MS + 10,
      price: '120.00',
      open24h: '105.00',
      high24h: '120.00',
      low24h: '120.00',
      volume24h: '1.00000000',
    });
  });

  it('with no trade in the window, shows high = low = price and zero volume', () => {
    const { venue, clock } = makeVenue();
    trade(venue, '100.00', '1');
    trade(venue, '101.00', '1');
    expect(tickerAt(venue, clock, START_MS + 3 * DAY_MS)).toEqual({
      symbol: 'BTC-USD',
      price: '101.00',
      open24h: '101.00',
      high24h: '101.00',
      low24h: '101.00',
      volume24h: '0.00000000',
      timestamp: START_MS + 3 * DAY_MS,
    });
  });
});

describe('ticker figures counted when read', () => {
  it('counts a trade merged into a window entry that a query already counted', () => {
    const { venue, clock } = makeVenue();
    trade(venue, '100.00', '1');
    expect(tickerAt(venue, clock, START_MS).volume24h).toBe('1.00000000');
    trade(venue, '100.00', '0.5'); // the same instant and price: the same window entry
    expect(tickerAt(venue, clock, START_MS).volume24h).toBe('1.50000000');
  });

  it('lets counted and never counted trades leave the window alike', () => {
    const { venue, clock } = makeVenue();
    trade(venue, '100.00', '1');
    expect(tickerAt(venue, clock, START_MS).high24h).toBe('100.00');
    clock.now = START_MS + 1000;
    trade(venue, '150.00', '2');
    clock.now = START_MS + 2000;
    trade(venue, '80.00', '4');
    clock.now = START_MS + 2000 + DAY_MS;
    trade(venue, '120.00', '0.25');
    expect(tickerAt(venue, clock, START_MS + 2000 + DAY_MS)).toMatchObject({
      price: '120.00',
      open24h: '80.00',
      high24h: '120.00',
      low24h: '120.00',
      volume24h: '0.25000000',
    });
    clock.now += 1;
    trade(venue, '130.00', '1');
    expect(tickerAt(venue, clock, START_MS + 2001 + DAY_MS)).toMatchObject({
      high24h: '130.00',
      low24h: '120.00',
      volume24h: '1.25000000',
    });
  });
});

describe('ticker volume', () => {
  it('stays exact beyond 2^53 units', () => {
    const { venue } = makeVenue([{ symbol: 'BIG-USD', tickSize: '0.01', lotSize: '0.00000001' }]);
    const largest = '90071992.54740991';
    for (let i = 0; i < 2; i++) {
      limit(venue, 'sell', '1.00', largest, { account: 'bob', symbol: 'BIG-USD' });
      market(venue, 'buy', largest, { symbol: 'BIG-USD' });
    }
    expect(unwrap(venue.ticker('BIG-USD')).volume24h).toBe('180143985.09481982');
  });
});

describe('the clock', () => {
  it('never moves the venue backwards', () => {
    const { venue, clock } = makeVenue();
    clock.now = START_MS + 5000;
    expect(venue.now()).toBe(START_MS + 5000);
    clock.now = START_MS;
    expect(venue.now()).toBe(START_MS + 5000);
    expect(unwrap(venue.ticker('BTC-USD')).timestamp).toBe(START_MS + 5000);
    expect(unwrap(venue.orderBook('BTC-USD')).timestamp).toBe(START_MS + 5000);
    trade(venue, '100.00', '1');
    expect(unwrap(venue.trades('BTC-USD'))[0]?.timestamp).toBe(START_MS + 5000);
    expect(unwrap(venue.getOrder('alice', 'ord_2')).createdAt).toBe(START_MS + 5000);
    clock.now = START_MS + 6000;
    expect(venue.now()).toBe(START_MS + 6000);
  });

  it('keeps a trade in the window when the clock steps back', () => {
    const { venue, clock } = makeVenue();
    clock.now = START_MS + DAY_MS;
    trade(venue, '100.00', '1');
    clock.now = START_MS;
    expect(unwrap(venue.ticker('BTC-USD')).volume24h).toBe('1.00000000');
  });
});
