import type { Trade } from './trade.js';

/** The most recent trades of one symbol, in a ring of fixed capacity. */
export class TradeLog {
  readonly #ring: (Trade | undefined)[];
  #count = 0;

  constructor(readonly capacity: number) {
    this.#ring = new Array<Trade | undefined>(capacity).fill(undefined);
  }

  append(trade: Trade): void {
    this.#ring[this.#count % this.capacity] = trade;
    this.#count++;
  }

  /** Up to `limit` trades, most recent first. */
  recent(limit: number): Trade[] {
    const ring = this.#ring;
    const count = Math.min(limit, this.#count, this.capacity);
    const newest = this.#count - 1;
    const result = new Array<Trade>(count);
    for (let i = 0; i < count; i++) result[i] = ring[(newest - i) % this.capacity]!;
    return result;
  }
}
