import { ExactSum } from './exact-sum.js';
import { NumberQueue } from './number-queue.js';
import type { TradeStore } from './trade-store.js';

export const DAY_MS = 86_400_000;

export interface WindowFigures {
  /** Price units of the last trade ever, or null before the first. */
  readonly last: number | null;
  readonly open: number | null;
  readonly high: number | null;
  readonly low: number | null;
  /** Size units traded in the window. */
  readonly volume: number | bigint;
}

/**
 * 24h rolling figures of one symbol, over trades with now - 24h < timestamp <= now, in O(1)
 * amortised per trade and per query. The window is a queue of trades, rolled as trades are
 * recorded, so its memory is bounded by one day's trades. High and low (monotonic queues of window
 * positions) and the volume (an exact running sum) are counted only when a query reads them: a
 * trade that leaves the window before any query is never counted. `now` must never decrease.
 */
export class RollingStats {
  readonly #times = new NumberQueue();
  readonly #prices = new NumberQueue();
  readonly #sizes = new NumberQueue();
  /** Window positions before this one are counted in highs, lows and volume. */
  #counted = 0;
  /** Counted positions whose prices strictly decrease from the front: the front is the high. */
  readonly #highs = new NumberQueue();
  /** Counted positions whose prices strictly increase from the front: the front is the low. */
  readonly #lows = new NumberQueue();
  readonly #volume = new ExactSum();
  /** Price of the last trade at or before now - 24h. */
  #lastBeforeWindow: number | null = null;
  #last: number | null = null;
  /**
   * The trade being counted and the window's cutoff, handed over in fields: a time (beyond 2^31)
   * passed as an argument would be allocated as a heap number on every call.
   */
  #time = 0;
  #price = 0;
  #size = 0;
  #cutoff = 0;

  /** Price units of the last trade, or null before the first (what stop orders trigger on). */
  get lastPrice(): number | null {
    return this.#last;
  }

  /** Records the trade at `slot` of the store. */
  recordSlot(trades: TradeStore, slot: number): void {
    this.#time = trades.timestamp[slot]!;
    this.#price = trades.price[slot]!;
    this.#size = trades.size[slot]!;
    this.#record();
  }

  record(timestamp: number, price: number, size: number): void {
    this.#time = timestamp;
    this.#price = price;
    this.#size = size;
    this.#record();
  }

  #record(): void {
    const timestamp = this.#time;
    const price = this.#price;
    const size = this.#size;
    this.#cutoff = timestamp - DAY_MS;
    this.#roll(); // so that the window stays bounded without queries
    this.#last = price;
    const times = this.#times;
    if (
      times.length > 0 &&
      times.last() === timestamp &&
      this.#prices.last() === price &&
      this.#sizes.last() <= Number.MAX_SAFE_INTEGER - size
    ) {
      this.#sizes.addToLast(size); // same instant, same price: one window entry
      if (this.#counted === times.end) this.#volume.add(size);
      return;
    }
    times.push(timestamp);
    this.#prices.push(price);
    this.#sizes.push(size);
  }

  figures(now: number): WindowFigures {
    this.#cutoff = now - DAY_MS;
    this.#roll();
    this.#count();
    const last = this.#last;
    if (this.#times.length === 0) {
      return { last, open: last, high: last, low: last, volume: 0 };
    }
    return {
      last,
      open: this.#lastBeforeWindow ?? this.#prices.first(),
      high: this.#prices.at(this.#highs.first()),
      low: this.#prices.at(this.#lows.first()),
      volume: this.#volume.value(),
    };
  }

  /** Counts the window's trades not yet counted. */
  #count(): void {
    const prices = this.#prices;
    const end = this.#times.end;
    for (let position = this.#counted; position < end; position++) {
      const price = prices.at(position);
      this.#volume.add(this.#sizes.at(position));
      while (this.#highs.length > 0 && prices.at(this.#highs.last()) <= price) this.#highs.pop();
      this.#highs.push(position);
      while (this.#lows.length > 0 && prices.at(this.#lows.last()) >= price) this.#lows.pop();
      this.#lows.push(position);
    }
    this.#counted = end;
  }

  /** Lets the trades at or before `#cutoff` leave the window. */
  #roll(): void {
    const cutoff = this.#cutoff;
    const times = this.#times;
    while (times.length > 0 && times.first() <= cutoff) {
      const position = times.start;
      times.shift();
      this.#lastBeforeWindow = this.#prices.shift();
      const size = this.#sizes.shift();
      if (position >= this.#counted) continue;
      this.#volume.subtract(size);
      if (this.#highs.first() === position) this.#highs.shift();
      if (this.#lows.first() === position) this.#lows.shift();
    }
    if (this.#counted < times.start) this.#counted = times.start;
  }
}
