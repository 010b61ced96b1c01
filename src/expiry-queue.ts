import type { Sequence } from './quantities.js';
/**
 * The venue's gtd orders by expiry time: a binary min-heap of (time, sequence), so that the next
 * expiry is read in O(1) and a venue without gtd orders pays one compare per command. Orders that
 * end otherwise (filled, cancelled) stay in the heap until their time comes or the heap is
 * compacted, and are skipped then; compaction keeps the heap within twice the live gtd orders.
 */
export class ExpiryQueue {
  #times: number[] = [];
  #sequences: Sequence[] = [];
  /** Compact when the heap reaches this size. */
  #compactAt = 64;

  get size(): number {
    return this.#times.length;
  }

  /** The earliest expiry time, or Infinity. */
  get next(): number {
    return this.#times.length === 0 ? Infinity : this.#times[0]!;
  }

  /** The earliest entry's sequence (take `next` first). */
  get nextSequence(): Sequence {
    return this.#sequences[0]!;
  }

  add(time: number, sequence: Sequence, isLive: (sequence: Sequence) => boolean): void {
    if (this.#times.length >= this.#compactAt) this.#compact(isLive);
    this.#times.push(time);
    this.#sequences.push(sequence);
    this.#up(this.#times.length - 1);
  }

  /** Removes the earliest entry. */
  pop(): void {
    const times = this.#times;
    const sequences = this.#sequences;
    const lastTime = times.pop()!;
    const lastSequence = sequences.pop()!;
    if (times.length === 0) return;
    times[0] = lastTime;
    sequences[0] = lastSequence;
    this.#down(0);
  }

  /** Keeps the live entries only, and compacts next when the heap has doubled. */
  #compact(isLive: (sequence: Sequence) => boolean): void {
    const times = this.#times;
    const sequences = this.#sequences;
    this.#times = [];
    this.#sequences = [];
    for (let i = 0; i < times.length; i++) {
      if (!isLive(sequences[i]!)) continue;
      this.#times.push(times[i]!);
      this.#sequences.push(sequences[i]!);
      this.#up(this.#times.length - 1);
    }
    this.#compactAt = Math.max(64, this.#times.length * 2);
  }

  #before(a: number, b: number): boolean {
    const times = this.#times;
    return (
      times[a]! < times[b]! || (times[a] === times[b] && this.#sequences[a]! < this.#sequences[b]!)
    );
  }

  #swap(a: number, b: number): void {
    const times = this.#times;
    const sequences = this.#sequences;
    [times[a], times[b]] = [times[b]!, times[a]!];
    [sequences[a], sequences[b]] = [sequences[b]!, sequences[a]!];
  }

  #up(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.#before(at, parent)) return;
      this.#swap(at, parent);
      at = parent;
    }
  }

  #down(at: number): void {
    const length = this.#times.length;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= length) return;
      const right = left + 1;
      const child = right < length && this.#before(right, left) ? right : left;
      if (!this.#before(child, at)) return;
      this.#swap(child, at);
      at = child;
    }
  }
}
