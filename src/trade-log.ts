import { NumberQueue } from './number-queue.js';
import { DAY_MS, TradeWindow, type TradeSeries } from './trade-window.js';
import type { TradeStore } from './trade-store.js';
import type { Units } from './quantities.js';

/**
 * One symbol's trades (TradeStore slots) in time order, at absolute positions: the tape (its most
 * recent `capacity` trades) and the 24h window (`stats`, read from the store when queried) are
 * both ranges of it. It holds each trade it keeps (one of the store's references) and lets a trade
 * go once it is neither on the tape nor in the window, so its memory is bounded by the larger of
 * the two.
 */
export class TradeLog implements TradeSeries {
  readonly #slots = new NumberQueue();
  readonly stats = new TradeWindow(this);

  constructor(
    readonly capacity: number,
    private readonly trades: TradeStore,
  ) {}

  get end(): number {
    return this.#slots.end;
  }
  leftWindowAt(position: number, now: number): boolean {
    return this.trades.timestamp(this.#slots.at(position)) <= now - DAY_MS;
  }
  leftWindowByTrade(position: number, latest: number): boolean {
    const trades = this.trades;
    const slots = this.#slots;
    return trades.timestamp(slots.at(position)) <= trades.timestamp(slots.at(latest)) - DAY_MS;
  }
  price(position: number): Units {
    return this.trades.price(this.#slots.at(position));
  }
  size(position: number): Units {
    return this.trades.size(this.#slots.at(position));
  }

  /** Appends a trade; the trades that left both the tape and the window are let go. */
  append(trade: number): void {
    const slots = this.#slots;
    slots.push(trade);
    this.stats.appended(slots.end - 1);
    const keep = Math.min(this.stats.start, slots.end - this.capacity);
    while (slots.start < keep) this.trades.release(slots.shift());
  }

  /** Up to `limit` trade slots, most recent first. */
  recent(limit: number): number[] {
    const slots = this.#slots;
    const count = Math.min(limit, slots.length, this.capacity);
    const result = new Array<number>(count);
    for (let i = 0; i < count; i++) result[i] = slots.at(slots.end - 1 - i);
    return result;
  }
}
