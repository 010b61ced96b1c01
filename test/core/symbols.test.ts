import { describe, it } from 'vitest';
import type { Result, Venue } from '../../src/index.js';
import { expectError, expectInvalid, expectNoChange, makeVenue } from './helpers.js';

const LOOKUPS: [string, (venue: Venue, symbol: string) => Result<unknown>][] = [
  ['instrument', (venue, symbol) => venue.instrument(symbol)],
  ['ticker', (venue, symbol) => venue.ticker(symbol)],
  ['orderBook', (venue, symbol) => venue.orderBook(symbol)],
  ['trades', (venue, symbol) => venue.trades(symbol)],
  ['listOrders', (venue, symbol) => venue.listOrders('alice', { symbol })],
  [
    'placeOrder',
    (venue, symbol) =>
      venue.placeOrder({ account: 'alice', symbol, side: 'buy', type: 'market', size: '1' }),
  ],
];

describe.each(LOOKUPS)('%s', (_name, lookup) => {
  it.each(['btc-usd', 'BTCUSD', 'BTC-', 'BTC-USD ', 'ABCDEFGHIJKLM-USD', ''])(
    'refuses the malformed symbol %j as invalid_parameter',
    (symbol) => {
      const { venue } = makeVenue();
      expectInvalid(
        expectNoChange(venue, () => lookup(venue, symbol)),
        'symbol',
        'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9',
      );
    },
  );

  it('refuses a non-string symbol as invalid_parameter', () => {
    const { venue } = makeVenue();
    expectInvalid(
      expectNoChange(venue, () => lookup(venue, 42 as never)),
      'symbol',
      'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9',
    );
  });

  it.each(['XRP-USD', 'BTC-EUR', 'ETH-USDT'])('answers unknown_symbol for %s', (symbol) => {
    const { venue } = makeVenue();
    expectError(
      expectNoChange(venue, () => lookup(venue, symbol)),
      { code: 'unknown_symbol', field: 'symbol', message: `symbol ${symbol} is not listed` },
    );
  });
});
