/**
 * The reference model's market data, computed naively from the whole trade log and the resting
 * orders, as the contract (docs/http-api.md) defines it.
 */
import type { BookLevel, Ticker, TradeRecord } from '../../src/index.js';
import { formatDecimal, parseDecimal } from './exact-decimal.js';
import type { Market, ModelOrder } from './reference-orders.js';

export const DAY = 24 * 60 * 60 * 1000;

/** The 24h figures by brute force over every trade of the market, oldest first. */
export function tickerOf(market: Market, trades: readonly TradeRecord[], now: number): Ticker {
  const { symbol, referencePrice, priceDecimals, sizeDecimals } = market;
  const last = trades.at(-1);
  if (last === undefined) {
    const price = referencePrice === null ? null : formatDecimal(referencePrice, priceDecimals);
    const volume24h = formatDecimal(0n, sizeDecimals);
    return {
      symbol,
      price,
      open24h: price,
      high24h: price,
      low24h: price,
      volume24h,
      timestamp: now,
    };
  }
  const cutoff = now - DAY;
  const window = trades.filter((trade) => cutoff < trade.timestamp && trade.timestamp <= now);
  const open = trades.filter((trade) => trade.timestamp <= cutoff).at(-1) ?? window[0] ?? last;
  const byPrice = [...window].sort((a, b) => compare(parseDecimal(a.price), parseDecimal(b.price)));
  const volume = window.reduce((sum, trade) => sum + (parseDecimal(trade.size) ?? 0n), 0n);
  return {
    symbol,
    price: last.price,
    open24h: open.price,
    high24h: byPrice.at(-1)?.price ?? last.price,
    low24h: byPrice[0]?.price ?? last.price,
    volume24h: formatDecimal(volume, sizeDecimals),
    timestamp: now,
  };
}

/** One entry per price with its total resting size, from resting orders given best first. */
export function levelsOf(market: Market, restingBestFirst: readonly ModelOrder[], depth: number) {
  const totals = new Map<bigint, bigint>();
  for (const order of restingBestFirst) {
    const price = order.price ?? 0n;
    totals.set(price, (totals.get(price) ?? 0n) + order.remaining);
  }
  return [...totals]
    .slice(0, depth)
    .map(([price, size]): BookLevel => [
      formatDecimal(price, market.priceDecimals),
      formatDecimal(size, market.sizeDecimals),
    ]);
}

export function compare(a: bigint | null, b: bigint | null): number {
  const left = a ?? 0n;
  const right = b ?? 0n;
  return left < right ? -1 : left > right ? 1 : 0;
}
