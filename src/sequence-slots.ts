import type { Sequence, Slot } from './quantities.js';
import { grown } from './typed-columns.js';

/**
 * The store slot of each order by sequence (`ord_<n>`), until the order is forgotten. The recent
 * sequences are a dense array from `base` on (-1 for a forgotten order). Once half of it is holes,
 * its oldest stretch in which at most one order in 16 is left moves out of it, those few orders
 * into a sorted list searched by halves: so the memory is that of the live orders and the recent
 * ones, however long an old order rests (one order resting all day used to keep every later
 * sequence's entry). The list is two typed arrays, not a Map: a Map's table is made again as
 * entries come and go (4 MB of garbage per million events of a replay).
 */
export class SequenceSlots {
  #dense = new Int32Array(1024);
  /** The sequence of `#dense[0]`. */
  #base = 1;
  #length = 0;
  /** Forgotten entries in the dense array. */
  #holes = 0;
  /** The holes needed before the next look for a stretch to move out (a look reads the array). */
  #nextLook = 1024;
  /** The orders before `#base`: sequences ascending, their slots (-1 once forgotten). */
  #oldSequences = new Float64Array(64);
  #oldSlots = new Int32Array(64);
  #oldLength = 0;
  #oldHoles = 0;

  /** The last sequence added (0 before the first). */
  get last(): Sequence {
    return (this.#base + this.#length - 1) as Sequence;
  }

  /** Entries in the dense array, forgotten ones included (for tests). */
  get denseLength(): number {
    return this.#length;
  }

  /** Adds the next sequence's slot. */
  add(slot: Slot): void {
    if (this.#length === this.#dense.length) this.#dense = grown(this.#dense, this.#length * 2);
    this.#dense[this.#length++] = slot;
  }

  /** The slot of `sequence`, or -1 when it is forgotten or was never added. */
  slot(sequence: Sequence): Slot {
    const at = sequence - this.#base;
    if (at >= 0) return (at < this.#length ? this.#dense[at]! : -1) as Slot;
    const index = this.#oldIndex(sequence);
    return (index < 0 ? -1 : this.#oldSlots[index]!) as Slot;
  }

  /** Forgets a sequence that has a slot. */
  forget(sequence: Sequence): void {
    const at = sequence - this.#base;
    if (at < 0) {
      this.#oldSlots[this.#oldIndex(sequence)] = -1;
      if (++this.#oldHoles * 2 >= this.#oldLength) this.#compactOld();
      return;
    }
    this.#dense[at] = -1;
    if (++this.#holes >= this.#nextLook && this.#holes * 2 >= this.#length) this.#moveOut();
  }

  /** Every sequence not forgotten and its slot, in sequence order. */
  *entries(): IterableIterator<[sequence: Sequence, slot: Slot]> {
    for (let i = 0; i < this.#oldLength; i++) {
      const slot = this.#oldSlots[i]!;
      if (slot >= 0) yield [this.#oldSequences[i]! as Sequence, slot as Slot];
    }
    for (let i = 0; i < this.#length; i++) {
      const slot = this.#dense[i]!;
      if (slot >= 0) yield [(this.#base + i) as Sequence, slot as Slot];
    }
  }

  /** Moves the longest front stretch in which at most one entry in 16 is live out of the array. */
  #moveOut(): void {
    const dense = this.#dense;
    let cut = 0;
    let liveBeforeCut = 0;
    for (let i = 0, live = 0; i < this.#length; i++) {
      if (dense[i]! >= 0) live++;
      if (live * 16 <= i + 1) {
        cut = i + 1;
        liveBeforeCut = live;
      }
    }
    // Ascending sequences, after those of earlier moves: the list stays sorted.
    for (let i = 0; i < cut; i++) if (dense[i]! >= 0) this.#addOld(this.#base + i, dense[i]!);
    dense.copyWithin(0, cut, this.#length);
    this.#length -= cut;
    this.#base += cut;
    this.#holes -= cut - liveBeforeCut;
    this.#nextLook = this.#holes + Math.max(4096, this.#length);
  }

  /** The index of `sequence` in the old list (by halves), or -1. */
  #oldIndex(sequence: Sequence): number {
    const sequences = this.#oldSequences;
    let low = 0;
    let high = this.#oldLength - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = sequences[middle]!;
      if (at === sequence) return middle;
      if (at < sequence) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  #addOld(sequence: number, slot: number): void {
    if (this.#oldLength === this.#oldSlots.length) {
      this.#oldSequences = grown(this.#oldSequences, this.#oldLength * 2);
      this.#oldSlots = grown(this.#oldSlots, this.#oldLength * 2);
    }
    this.#oldSequences[this.#oldLength] = sequence;
    this.#oldSlots[this.#oldLength++] = slot;
  }

  /** Drops the forgotten entries of the old list, in place. */
  #compactOld(): void {
    let kept = 0;
    for (let i = 0; i < this.#oldLength; i++) {
      const slot = this.#oldSlots[i]!;
      if (slot < 0) continue;
      this.#oldSequences[kept] = this.#oldSequences[i]!;
      this.#oldSlots[kept++] = slot;
    }
    this.#oldLength = kept;
    this.#oldHoles = 0;
  }
}
