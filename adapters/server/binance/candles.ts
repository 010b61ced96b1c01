import type { TradeRecord } from '../../../src/index.js';

/** One period's trades, in instrument units (prices and sizes exact, quote volume in bigint). */
export interface Candle {
  readonly start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: bigint;
  quoteVolume: bigint;
  takerBuyVolume: bigint;
  takerBuyQuoteVolume: bigint;
  count: number;
}

const SECOND = 1_000;
const MINUTE = 60_000;
/** Seconds with trades kept: at least a day's. */
const SECOND_CANDLES = 86_400;
/** Minutes with trades kept: at least 69 days'. */
const MINUTE_CANDLES = 100_000;

/** Binance's kline intervals and their length in ms (a month is a calendar month: 0). */
export const INTERVALS: ReadonlyMap<string, number> = new Map([
  ['1s', SECOND],
  ['1m', MINUTE],
  ['3m', 3 * MINUTE],
  ['5m', 5 * MINUTE],
  ['15m', 15 * MINUTE],
  ['30m', 30 * MINUTE],
  ['1h', 60 * MINUTE],
  ['2h', 120 * MINUTE],
  ['4h', 240 * MINUTE],
  ['6h', 360 * MINUTE],
  ['8h', 480 * MINUTE],
  ['12h', 720 * MINUTE],
  ['1d', 1440 * MINUTE],
  ['3d', 3 * 1440 * MINUTE],
  ['1w', 7 * 1440 * MINUTE],
  ['1M', 0],
]);
/** 1970-01-05, a Monday: weeks start on Mondays, as Binance's do. */
const FIRST_MONDAY = 4 * 1440 * MINUTE;

/** The start of the interval holding `time`, in UTC. */
export function periodStart(interval: string, time: number): number {
  const length = INTERVALS.get(interval)!;
  if (length === 0) {
    const date = new Date(time);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  if (interval === '1w') return Math.floor((time - FIRST_MONDAY) / length) * length + FIRST_MONDAY;
  return Math.floor(time / length) * length;
}

/** The end (exclusive) of the interval starting at `start`. */
export function periodEnd(interval: string, start: number): number {
  const length = INTERVALS.get(interval)!;
  if (length !== 0) return start + length;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/**
 * The venue's trades as candles (klines are built from them): per symbol, the last day's
 * seconds and the last 69 days' minutes that had trades, each a bounded ring.
 */
export class CandleStore {
  readonly #seconds = new Map<string, Candle[]>();
  readonly #minutes = new Map<string, Candle[]>();

  add(trade: TradeRecord, priceUnits: number, sizeUnits: number): void {
    const taker = trade.side === 'buy';
    for (const [table, length, keep] of [
      [this.#seconds, SECOND, SECOND_CANDLES],
      [this.#minutes, MINUTE, MINUTE_CANDLES],
    ] as const) {
      let candles = table.get(trade.symbol);
      if (candles === undefined) table.set(trade.symbol, (candles = []));
      const start = Math.floor(trade.timestamp / length) * length;
      let last = candles.at(-1);
      if (last === undefined || last.start < start) {
        last = blankCandle(start, priceUnits);
        candles.push(last);
        if (candles.length > keep * 1.25) candles.splice(0, candles.length - keep);
      }
      addTrade(last, priceUnits, sizeUnits, taker);
    }
  }

  /**
   * Up to `limit` candles of `interval` with trades: from `startTime` on when given, else the last
   * ones, none starting after `endTime`. Oldest first.
   */
  klines(
    symbol: string,
    interval: string,
    startTime: number | undefined,
    endTime: number | undefined,
    limit: number,
  ): Candle[] {
    const base = INTERVALS.get(interval)! !== 0 && INTERVALS.get(interval)! < MINUTE;
    const candles = (base ? this.#seconds : this.#minutes).get(symbol) ?? [];
    const end = endTime ?? Infinity;
    const merged: Candle[] = [];
    if (startTime !== undefined) {
      for (
        let i = firstAtOrAfter(candles, periodStart(interval, startTime));
        i < candles.length;
        i++
      ) {
        const candle = candles[i]!;
        const start = periodStart(interval, candle.start);
        if (start > end) break;
        const last = merged.at(-1);
        if (last !== undefined && last.start === start) merge(last, candle);
        else if (merged.length === limit) break;
        else merged.push(merge(blankCandle(start, candle.open), candle));
      }
      return merged;
    }
    for (let i = candles.length - 1; i >= 0; i--) {
      const candle = candles[i]!;
      const start = periodStart(interval, candle.start);
      if (start > end) continue;
      const first = merged.at(-1);
      if (first !== undefined && first.start === start) mergeEarlier(first, candle);
      else if (merged.length === limit) break;
      else merged.push(merge(blankCandle(start, candle.open), candle));
    }
    return merged.reverse();
  }

  /** The symbol's candles of the seconds in (from, to]: the ticker's quote volume and count. */
  secondsWithin(symbol: string, from: number, to: number): Candle[] {
    const candles = this.#seconds.get(symbol) ?? [];
    const found: Candle[] = [];
    for (let i = firstAtOrAfter(candles, from + 1); i < candles.length; i++) {
      if (candles[i]!.start > to) break;
      found.push(candles[i]!);
    }
    return found;
  }
}

function blankCandle(start: number, price: number): Candle {
  return {
    start,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: 0n,
    quoteVolume: 0n,
    takerBuyVolume: 0n,
    takerBuyQuoteVolume: 0n,
    count: 0,
  };
}

function addTrade(candle: Candle, price: number, size: number, takerBuys: boolean): void {
  const volume = BigInt(size);
  const quote = BigInt(price) * volume;
  if (candle.count === 0) candle.open = price;
  candle.high = Math.max(candle.high, price);
  candle.low = Math.min(candle.low, price);
  candle.close = price;
  candle.volume += volume;
  candle.quoteVolume += quote;
  if (takerBuys) {
    candle.takerBuyVolume += volume;
    candle.takerBuyQuoteVolume += quote;
  }
  candle.count++;
}

/** Adds a later candle's trades to `into`; returns `into`. */
function merge(into: Candle, later: Candle): Candle {
  if (into.count === 0) {
    into.open = later.open;
    into.high = later.high;
    into.low = later.low;
  }
  into.high = Math.max(into.high, later.high);
  into.low = Math.min(into.low, later.low);
  into.close = later.close;
  sumInto(into, later);
  return into;
}

/** Adds an earlier candle's trades to `into`. */
function mergeEarlier(into: Candle, earlier: Candle): void {
  into.open = earlier.open;
  into.high = Math.max(into.high, earlier.high);
  into.low = Math.min(into.low, earlier.low);
  sumInto(into, earlier);
}

function sumInto(into: Candle, other: Candle): void {
  into.volume += other.volume;
  into.quoteVolume += other.quoteVolume;
  into.takerBuyVolume += other.takerBuyVolume;
  into.takerBuyQuoteVolume += other.takerBuyQuoteVolume;
  into.count += other.count;
}

/** The index of the first candle starting at or after `time` (binary search). */
function firstAtOrAfter(candles: readonly Candle[], time: number): number {
  let low = 0;
  let high = candles.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (candles[middle]!.start < time) low = middle + 1;
    else high = middle;
  }
  return low;
}
