import type { Ticker } from '../../src/index.js';

/**
 * A ticker under the contract's names, as GET /v1/ticker answers it and replay's ticker.json
 * holds it; its time written by `time`.
 */
export function tickerJson(ticker: Ticker, time: (ms: number) => string): Record<string, unknown> {
  return {
    symbol: ticker.symbol,
    price: ticker.price,
    open_24h: ticker.open24h,
    high_24h: ticker.high24h,
    low_24h: ticker.low24h,
    volume_24h: ticker.volume24h,
    timestamp: time(ticker.timestamp),
  };
}
