/**
 * The scenario ids of the last `retention` row orders that became final, a ring: each id's bytes
 * are copied into an arena as it comes, with its hash and its order's sequence, and are forgotten
 * oldest first. No id is put in a hash table: an order that is final as soon as it is placed (most
 * of a flow's) costs a copy. A lookup (a row naming an order that is not live, which is rare) scans
 * the ring from the newest, once a count of the ids by their hash's low bits says it may be there.
 */
import type { Sequence } from '../../../src/index.js';
import { hashOf } from '../../bytes-table.js';
import type { ScenarioIdView } from './scenario-id-view.js';

const FILTER_BITS = 12;
const FILTER_MASK = (1 << FILTER_BITS) - 1;

export class FinalIds {
  /** By ring index: the order's sequence, its id's hash, and where its bytes are in `#arena`. */
  readonly #sequences: Float64Array;
  readonly #hashes: Int32Array;
  readonly #starts: Int32Array;
  readonly #lengths: Int32Array;
  /** By ring index: the id as text, when it was decoded before it came. */
  readonly #texts: (string | undefined)[];
  /** By a hash's low bits: how many ids in the ring have them. */
  readonly #filter = new Int32Array(1 << FILTER_BITS);
  #arena = new Uint8Array(1 << 12);
  /** The arena before the last compaction, reused by the next one of the same size. */
  #spare = new Uint8Array(0);
  /** The arena's bytes in use from its start; those of forgotten ids among them are dead. */
  #arenaUsed = 0;
  #arenaDead = 0;
  #count = 0;
  /** The ring index of the next id (of the oldest, when the ring is full). */
  #next = 0;

  constructor(readonly retention: number) {
    this.#sequences = new Float64Array(retention);
    this.#hashes = new Int32Array(retention);
    this.#starts = new Int32Array(retention);
    this.#lengths = new Int32Array(retention);
    this.#texts = new Array<string | undefined>(retention).fill(undefined);
  }

  /**
   * The id `bytes[start, end)` of the order `sequence`, which became final; `text` the id when
   * decoded already. The oldest id is forgotten when the ring is full.
   */
  push(
    bytes: Uint8Array,
    start: number,
    end: number,
    sequence: Sequence,
    text: string | undefined,
  ): void {
    const hash = hashOf(bytes, start, end);
    const index = this.#next;
    if (this.#count === this.retention) {
      this.#filter[this.#hashes[index]! & FILTER_MASK]!--;
      this.#arenaDead += this.#lengths[index]!;
    } else {
      this.#count++;
    }
    const length = end - start;
    if (this.#arenaUsed + length > this.#arena.length) this.#makeRoom(length, index);
    const arena = this.#arena;
    const offset = this.#arenaUsed - start;
    for (let i = start; i < end; i++) arena[offset + i] = bytes[i]!;
    this.#starts[index] = this.#arenaUsed;
    this.#lengths[index] = length;
    this.#arenaUsed += length;
    this.#hashes[index] = hash;
    this.#sequences[index] = sequence;
    this.#texts[index] = text;
    this.#filter[hash & FILTER_MASK]!++;
    this.#next = index + 1 === this.retention ? 0 : index + 1;
  }

  /** The ring index of the newest final order with the id `bytes[start, end)`, or -1. */
  find(bytes: Uint8Array, start: number, end: number): number {
    const hash = hashOf(bytes, start, end);
    if (this.#filter[hash & FILTER_MASK] === 0) return -1;
    const length = end - start;
    const arena = this.#arena;
    let index = this.#next;
    for (let n = 0; n < this.#count; n++) {
      index = (index === 0 ? this.retention : index) - 1;
      if (this.#hashes[index] !== hash || this.#lengths[index] !== length) continue;
      const from = this.#starts[index]! - start;
      let i = start;
      while (i < end && arena[from + i] === bytes[i]) i++;
      if (i === end) return index;
    }
    return -1;
  }

  /** The order sequence of ring index `index`. */
  sequenceOf(index: number): Sequence {
    return this.#sequences[index]! as Sequence;
  }

  /** Points `view` at the id of ring index `index` (valid until the next `push`). */
  view(index: number, view: ScenarioIdView): void {
    const start = this.#starts[index]!;
    view.set(this.#arena, start, start + this.#lengths[index]!, this.#texts[index]);
  }

  /**
   * Room for `length` more bytes: the ids kept (all but ring index `replaced`, the one being
   * replaced) compacted from the arena's start, in one at least four times their size.
   */
  #makeRoom(length: number, replaced: number): void {
    const live = this.#arenaUsed - this.#arenaDead;
    let capacity = this.#arena.length;
    while (live + length > capacity / 4) capacity *= 2; // a compaction frees 3/4 at least
    const old = this.#arena;
    const arena = this.#spare.length === capacity ? this.#spare : new Uint8Array(capacity);
    let used = 0;
    for (let index = 0; index < this.#count; index++) {
      if (index === replaced) continue;
      const start = this.#starts[index]!;
      const idLength = this.#lengths[index]!;
      for (let i = 0; i < idLength; i++) arena[used + i] = old[start + i]!; // no view per id
      this.#starts[index] = used;
      used += idLength;
    }
    this.#arena = arena;
    this.#spare = old.length === capacity ? old : new Uint8Array(0);
    this.#arenaUsed = used;
    this.#arenaDead = 0;
  }
}
