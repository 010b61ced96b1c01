import { SYMBOL_PATTERN } from './instrument.js';
import {
  bookSnapshotOf,
  bookTicksOf,
  isQueryLimit,
  MAX_QUERY_LIMIT,
  tickerOf,
} from './market-data.js';
import type { OrderBook } from './order-book.js';
import { invalidParameter, ok, unknownSymbol, type Failure, type Result } from './result.js';
import { TradeView } from './trade.js';
import type { BookSnapshot, TickBook, Ticker, TradeRecord } from './types.js';
import type { VenueCore } from './venue-core.js';

/** A listed symbol's book; queries on books expire due orders first. */
export function findBook(core: VenueCore, symbol: unknown): Result<OrderBook> {
  core.expireDueOutsideListeners();
  const index = typeof symbol === 'string' ? core.bookIndex(symbol) : -1;
  return index < 0 ? bookMissing(symbol) : ok(core.books[index]!);
}

/** The refusal of a symbol that names no listed book. */
export function bookMissing(symbol: unknown): Failure {
  return typeof symbol === 'string' && SYMBOL_PATTERN.test(symbol)
    ? unknownSymbol(symbol)
    : invalidParameter('symbol', 'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9');
}

export function tickerQuery(core: VenueCore, symbol: unknown): Result<Ticker> {
  const found = findBook(core, symbol);
  return found.ok ? ok(tickerOf(found.value, core.now())) : found;
}

export function bookQuery(core: VenueCore, symbol: unknown, depth: number): Result<BookSnapshot> {
  const found = bookToDepth(core, symbol, depth);
  return found.ok ? ok(bookSnapshotOf(found.value, depth, core.now())) : found;
}

export function bookTicksQuery(core: VenueCore, symbol: unknown, depth: number): Result<TickBook> {
  const found = bookToDepth(core, symbol, depth);
  return found.ok ? ok(bookTicksOf(found.value, depth)) : found;
}

/** The book's `limit` most recent trades, most recent first. */
export function tradesQuery(
  core: VenueCore,
  symbol: unknown,
  limit: number,
): Result<TradeRecord[]> {
  const found = findBook(core, symbol);
  if (!found.ok) return found;
  if (!isQueryLimit(limit))
    return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
  const book = found.value;
  const { trades, store } = core;
  return ok(
    book.tape
      .recent(limit)
      .map((trade) => new TradeView(trades, trade, book.instrument, store.accounts)),
  );
}

/** `findBook`, refusing a depth outside 1..MAX_QUERY_LIMIT. */
function bookToDepth(core: VenueCore, symbol: unknown, depth: number): Result<OrderBook> {
  const found = findBook(core, symbol);
  if (!found.ok || isQueryLimit(depth)) return found;
  return invalidParameter('depth', `depth must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
}
