import { formatPrice, formatSize } from './instrument.js';
import type { OrderBook } from './order-book.js';
import type { PriceLadder } from './price-ladder.js';
import type { BookLevel, BookSnapshot, Ticker, TickLevel, TickBook } from './types.js';
import type { Lots, Ticks, Units } from './quantities.js';

export const MAX_QUERY_LIMIT = 1000;
export const DEFAULT_BOOK_DEPTH = 50;
export const DEFAULT_TRADES_LIMIT = 100;

/** Whether `value` is a valid `depth` or `limit`: an integer from 1 to MAX_QUERY_LIMIT. */
export function isQueryLimit(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_QUERY_LIMIT;
}

/** The contract's ticker at `now`: before any trade, prices show the reference price (or null). */
export function tickerOf(book: OrderBook, now: number): Ticker {
  const { instrument } = book;
  const figures = book.stats.figures(now);
  const orReference = (units: Units | null) => units ?? instrument.referencePriceUnits;
  const price = (units: Units | null) => {
    const shown = orReference(units);
    return shown === null ? null : formatPrice(instrument, shown);
  };
  return {
    symbol: instrument.symbol,
    price: price(figures.last),
    open24h: price(figures.open),
    high24h: price(figures.high),
    low24h: price(figures.low),
    volume24h: formatSize(instrument, figures.volume),
    timestamp: now,
  };
}

/** The top `depth` levels of each side, best first, in O(depth). */
export function bookSnapshotOf(book: OrderBook, depth: number, now: number): BookSnapshot {
  const levels = (ladder: PriceLadder) => {
    const result: BookLevel[] = [];
    ladder.forEachFromBest(depth, (level) => {
      result.push([
        formatPrice(book.instrument, ladder.price(level)),
        formatSize(book.instrument, ladder.total(level)),
      ]);
    });
    return result;
  };
  return {
    symbol: book.instrument.symbol,
    bids: levels(book.bids),
    asks: levels(book.asks),
    timestamp: now,
    sequence: book.sequence,
  };
}

/** bookSnapshotOf in ticks and lots. */
export function bookTicksOf(book: OrderBook, depth: number): TickBook {
  const { tickUnits, lotUnits } = book.instrument;
  const levels = (ladder: PriceLadder) => {
    const result: TickLevel[] = [];
    ladder.forEachFromBest(depth, (level) => {
      result.push([
        (ladder.price(level) / tickUnits) as Ticks,
        (ladder.total(level) / lotUnits) as Lots,
      ]);
    });
    return result;
  };
  return { bids: levels(book.bids), asks: levels(book.asks), sequence: book.sequence };
}
