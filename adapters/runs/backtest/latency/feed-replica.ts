/**
 * What a strategy under feed latency can know of the market: the book, the recent trades and the
 * ticker rebuilt from the feed messages delivered so far, never from the venue's present state.
 * Reads are shaped like the venue's (bids descending, asks ascending, trades most recent first,
 * the ticker's 24h window), and a bad symbol, depth or limit fails with the venue's own message.
 */
import {
  DEFAULT_BOOK_DEPTH,
  DEFAULT_TRADES_LIMIT,
  MAX_QUERY_LIMIT,
  type BookLevel,
  type BookLevelChange,
  type BookSnapshot,
  type Instrument,
  type Ticker,
  type TickBook,
  type TickLevel,
  type TradeRecord,
  type Venue,
  type Units,
  type Lots,
  type Ticks,
} from '../../../../src/index.js';
import { RollingStats } from '../../../../src/rolling-stats.js';
import { fromUnits } from '../../../units/units.js';
import { venueReads, type MarketReads } from '../strategy-context.js';

class SymbolReplica {
  /** Price text to size text, per side. */
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  /** Most recent last; at most MAX_QUERY_LIMIT. */
  readonly trades: TradeRecord[] = [];
  readonly stats = new RollingStats();
  sequence = 0;

  constructor(readonly instrument: Instrument) {}
}

export class FeedReplica implements MarketReads {
  readonly #symbols = new Map<string, SymbolReplica>();

  /** For the venue's own errors: an unknown symbol, a bad depth or limit. */
  readonly #venue: MarketReads;

  constructor(
    venue: Venue,
    readonly now: () => number,
  ) {
    this.#venue = venueReads(venue);
    for (const instrument of venue.instruments())
      this.#symbols.set(instrument.symbol, new SymbolReplica(instrument));
  }

  /** Applies one delivered trade. */
  trade(trade: TradeRecord): void {
    const replica = this.#symbols.get(trade.symbol)!;
    if (replica.trades.length === MAX_QUERY_LIMIT) replica.trades.shift();
    replica.trades.push(trade);
    replica.stats.record(trade.timestamp, units(trade.price) as Units, units(trade.size) as Units);
  }

  /** Applies one delivered change of a level's total. */
  level(change: BookLevelChange): void {
    const replica = this.#symbols.get(change.symbol)!;
    const side = change.side === 'buy' ? replica.bids : replica.asks;
    if (units(change.size) === 0) side.delete(change.price);
    else side.set(change.price, change.size);
    replica.sequence = change.sequence;
  }

  ticker(symbol: string): Ticker {
    const replica = this.#symbols.get(symbol);
    if (replica === undefined) return this.#venue.ticker(symbol);
    const { instrument } = replica;
    const now = this.now();
    const figures = replica.stats.figures(now);
    const price = (traded: number | null) => {
      const shown = traded ?? instrument.referencePriceUnits;
      return shown === null ? null : fromUnits(BigInt(shown), instrument.priceDecimals);
    };
    return {
      symbol,
      price: price(figures.last),
      open24h: price(figures.open),
      high24h: price(figures.high),
      low24h: price(figures.low),
      volume24h: fromUnits(BigInt(figures.volume), instrument.sizeDecimals),
      timestamp: now,
    };
  }

  book(symbol: string, depth: number = DEFAULT_BOOK_DEPTH): BookSnapshot {
    const replica = this.#symbols.get(symbol);
    if (replica === undefined || !isQueryLimit(depth)) return this.#venue.book(symbol, depth);
    return {
      symbol,
      bids: bestLevels(replica.bids, depth, -1),
      asks: bestLevels(replica.asks, depth, 1),
      timestamp: this.now(),
      sequence: replica.sequence,
    };
  }

  bookTicks(symbol: string, depth?: number): TickBook {
    const { bids, asks, sequence } = this.book(symbol, depth);
    const { tickUnits, lotUnits } = this.#symbols.get(symbol)!.instrument;
    const inTicks = (levels: readonly BookLevel[]) =>
      levels.map(([price, size]): TickLevel => [
        (units(price) / tickUnits) as Ticks,
        (units(size) / lotUnits) as Lots,
      ]);
    return { bids: inTicks(bids), asks: inTicks(asks), sequence };
  }

  trades(symbol: string, limit: number = DEFAULT_TRADES_LIMIT): TradeRecord[] {
    const replica = this.#symbols.get(symbol);
    if (replica === undefined || !isQueryLimit(limit)) return this.#venue.trades(symbol, limit);
    return replica.trades.slice(-limit).reverse();
  }
}

/** The first `depth` levels by price, ascending (direction 1) or descending (-1). */
function bestLevels(side: Map<string, string>, depth: number, direction: 1 | -1): BookLevel[] {
  const prices = [...side.keys()].sort((a, b) => direction * (units(a) - units(b)));
  return prices.slice(0, depth).map((price): BookLevel => [price, side.get(price)!]);
}

/** Units of a decimal text the venue formatted (a fixed number of decimals, safe integers). */
function units(text: string): number {
  return Number(text.replace('.', ''));
}

function isQueryLimit(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_QUERY_LIMIT;
}
