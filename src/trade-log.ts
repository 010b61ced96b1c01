import type { TradeStore } from './trade-store.js';

/** The most recent trades of one symbol (TradeStore slots) in a ring of fixed capacity. */
export class TradeLog {
  readonly #ring: Int32Array;
  #count = 0;

  constructor(
    readonly capacity: number,
    private readonly trades: TradeStore,
  ) {
    this.#ring = new Int32Array(capacity);
  }

  /** Appends a trade; the one it pushes out of the ring is let go. */
  append(trade: number): void {
    const at = this.#count % this.capacity;
    if (this.#count >= this.capacity) this.trades.release(this.#ring[at]!);
    this.#ring[at] = trade;
    this.#count++;
  }

  /** Up to `limit` trade slots, most recent first. */
  recent(limit: number): number[] {
    const count = Math.min(limit, this.#count, this.capacity);
    const newest = this.#count - 1;
    const result = new Array<number>(count);
    for (let i = 0; i < count; i++) result[i] = this.#ring[(newest - i) % this.capacity]!;
    return result;
  }
}
