/**
 * The levels of one symbol's book as an importer applies them, kept to tell a crossed book: best
 * bid at or above best ask (docs/l2.md, "Importers"). A best level that goes is found again by a
 * scan, only when the best is next asked for.
 */
import { compareDecimals } from './l2-decimal.js';
import type { L2Side } from './l2-row.js';

class BookSide {
  readonly levels = new Map<string, string>();
  #best: string | null = null;
  #stale = false;

  constructor(private readonly better: (a: string, b: string) => boolean) {}

  set(price: string, size: string): void {
    if (size === '0') {
      if (this.levels.delete(price) && price === this.#best) this.#stale = true;
      return;
    }
    this.levels.set(price, size);
    if (!this.#stale && (this.#best === null || this.better(price, this.#best))) this.#best = price;
  }

  clear(): void {
    this.levels.clear();
    this.#best = null;
    this.#stale = false;
  }

  best(): string | null {
    if (this.#stale) {
      let best: string | null = null;
      for (const price of this.levels.keys())
        if (best === null || this.better(price, best)) best = price;
      this.#best = best;
      this.#stale = false;
    }
    return this.#best;
  }
}

export class L2BookCheck {
  readonly #bids = new BookSide((a, b) => compareDecimals(a, b) > 0);
  readonly #asks = new BookSide((a, b) => compareDecimals(a, b) < 0);

  /** Sets a level's total (canonical decimals; `0` removes it). */
  set(side: L2Side, price: string, size: string): void {
    (side === 'buy' ? this.#bids : this.#asks).set(price, size);
  }

  clear(): void {
    this.#bids.clear();
    this.#asks.clear();
  }

  /** `best bid X >= best ask Y` when the book is crossed; null when not. */
  crossing(): string | null {
    const bid = this.#bids.best();
    const ask = this.#asks.best();
    if (bid === null || ask === null || compareDecimals(bid, ask) < 0) return null;
    return `crossed book: best bid ${bid} >= best ask ${ask}`;
  }
}
