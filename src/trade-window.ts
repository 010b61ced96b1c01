import { ExactSum } from './exact-sum.js';
import { NumberQueue } from './number-queue.js';
import type { Units } from './quantities.js';

export const DAY_MS = 86_400_000;

export interface WindowFigures {
  /** Price units of the last trade ever, or null before the first. */
  readonly last: Units | null;
  readonly open: Units | null;
  readonly high: Units | null;
  readonly low: Units | null;
  /** Size units traded in the window. */
  readonly volume: number | bigint;
}

/**
 * Trades in time order at absolute positions: those from the window's start to `end` must be
 * readable (the holder may drop the ones before it).
 */
export interface TradeSeries {
  readonly end: number;
  /** Whether the trade at `position` is out of the window at `now`: its time <= now - DAY_MS. */
  leftWindowAt(position: number, now: number): boolean;
  /** Whether the trade at `position` is out of the window at the time of the trade at `latest`. */
  leftWindowByTrade(position: number, latest: number): boolean;
  price(position: number): Units;
  size(position: number): Units;
}

/**
 * The 24h figures (invariant 6) of a series of trades, over now - 24h < time <= now, in O(1)
 * amortised per trade and per query: the window is a range of the series' positions whose start
 * moves forward as time passes. High and low (monotonic queues of positions) and the volume (an
 * exact running sum) are counted only when a query reads them: a trade that leaves the window
 * before any query is never counted. Times must never decrease. The series compares times itself:
 * a time beyond 2^31 returned across a call that V8 does not inline is a new heap number.
 */
export class TradeWindow {
  /** The first position in the window. */
  start = 0;
  /** Positions before this one are counted in highs, lows and volume. */
  #counted = 0;
  /** Counted positions whose prices strictly decrease from the front: the front is the high. */
  readonly #highs = new NumberQueue();
  /** Counted positions whose prices strictly increase from the front: the front is the low. */
  readonly #lows = new NumberQueue();
  readonly #volume = new ExactSum();
  /** Price of the last trade at or before the window's start. */
  #lastBeforeWindow: Units | null = null;
  #last: Units | null = null;

  constructor(private readonly series: TradeSeries) {}

  /** Price units of the last trade, or null before the first (what stop orders trigger on). */
  get lastPrice(): Units | null {
    return this.#last;
  }

  /** The series appended the trade at `position`; the window drops what the trade's time leaves behind. */
  appended(position: number): void {
    const series = this.series;
    this.#last = series.price(position);
    let start = this.start;
    while (start < position && series.leftWindowByTrade(start, position)) start++;
    this.#leave(start);
  }

  figures(now: number): WindowFigures {
    const series = this.series;
    let start = this.start;
    while (start < series.end && series.leftWindowAt(start, now)) start++;
    this.#leave(start);
    this.#count();
    const last = this.#last;
    if (this.start === series.end) return { last, open: last, high: last, low: last, volume: 0 };
    return {
      last,
      open: this.#lastBeforeWindow ?? series.price(this.start),
      high: series.price(this.#highs.first()),
      low: series.price(this.#lows.first()),
      volume: this.#volume.value(),
    };
  }

  /** Counts the window's trades not yet counted. */
  #count(): void {
    const series = this.series;
    const end = series.end;
    for (let position = this.#counted; position < end; position++) {
      const price = series.price(position);
      this.#volume.add(series.size(position));
      const highs = this.#highs;
      while (highs.length > 0 && series.price(highs.last()) <= price) highs.pop();
      highs.push(position);
      const lows = this.#lows;
      while (lows.length > 0 && series.price(lows.last()) >= price) lows.pop();
      lows.push(position);
    }
    this.#counted = end;
  }

  /** Lets the trades before position `start` leave the window. */
  #leave(start: number): void {
    const series = this.series;
    for (let position = this.start; position < start; position++) {
      this.#lastBeforeWindow = series.price(position);
      if (position < this.#counted) {
        this.#volume.subtract(series.size(position));
        if (this.#highs.first() === position) this.#highs.shift();
        if (this.#lows.first() === position) this.#lows.shift();
      }
    }
    this.start = start;
    if (this.#counted < start) this.#counted = start;
  }
}
