import { StopBook } from './stop-book.js';
import type { Sequence, Units } from './quantities.js';

/** Every book's waiting stops (a StopBook per book, made when the book gets its first stop). */
export class PendingStops {
  readonly #books: (StopBook | undefined)[] = [];

  add(book: number, sequence: Sequence, sell: boolean, stopPrice: Units): void {
    (this.#books[book] ??= new StopBook()).add(sequence, sell, stopPrice);
  }

  remove(book: number, sequence: Sequence, sell: boolean, stopPrice: Units): void {
    this.#books[book]!.remove(sequence, sell, stopPrice);
  }

  /** Whether the book has a waiting stop: one array read and a length check. */
  any(book: number): boolean {
    const stops = this.#books[book];
    return stops !== undefined && stops.size !== 0;
  }

  /** Takes out the book's next stop due at `lastPrice` (StopBook.takeDue's order), or -1. */
  takeDue(book: number, lastPrice: Units | null): Sequence {
    return lastPrice === null ? (-1 as Sequence) : this.#books[book]!.takeDue(lastPrice);
  }

  /** The book's waiting stops' sequences (for validation). */
  sequencesOf(book: number): readonly Sequence[] {
    return this.#books[book]?.sequences() ?? [];
  }
}
