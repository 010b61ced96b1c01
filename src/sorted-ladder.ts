import { PriceLevel } from './price-level.js';
import type { Units } from './quantities.js';

const CHUNK_LIMIT = 512;

/**
 * One side's price levels when they span too many ticks for PriceLadder's array: a map from
 * price to level, and the levels sorted by key in chunks of
 * at most CHUNK_LIMIT (a two-level sorted list), so that adding or removing a level costs
 * O(log n + CHUNK_LIMIT) moves, the best level is O(1), and the top `depth` levels are O(depth).
 * Keys grow towards the best price, so the best level is always the last of the last chunk.
 */
export class SortedLadder {
  readonly #byPrice = new Map<number, PriceLevel>();
  readonly #chunks: PriceLevel[][] = [];
  readonly #sign: 1 | -1;

  /** `sign` 1 for bids (higher is better), -1 for asks. */
  constructor(sign: 1 | -1) {
    this.#sign = sign;
  }

  get size(): number {
    return this.#byPrice.size;
  }

  best(): PriceLevel | null {
    const chunks = this.#chunks;
    if (chunks.length === 0) return null;
    const last = chunks[chunks.length - 1]!;
    return last[last.length - 1]!;
  }

  get(price: Units): PriceLevel | undefined {
    return this.#byPrice.get(price);
  }

  /** The level at `price`, created (empty) if absent. */
  getOrCreate(price: Units): PriceLevel {
    const existing = this.#byPrice.get(price);
    if (existing !== undefined) return existing;
    const level = new PriceLevel(price, this.#sign * price);
    this.adopt(level);
    return level;
  }

  /** Adds a level (of a price not present yet). */
  adopt(level: PriceLevel): void {
    this.#byPrice.set(level.price, level);
    this.#insert(level);
  }

  remove(level: PriceLevel): void {
    this.#byPrice.delete(level.price);
    const chunks = this.#chunks;
    const chunkIndex = this.#chunkIndexFor(level.key);
    const chunk = chunks[chunkIndex]!;
    if (chunk.length === 1) {
      chunks.splice(chunkIndex, 1);
      return;
    }
    if (chunk[chunk.length - 1] === level) chunk.pop();
    else chunk.splice(indexInChunk(chunk, level.key), 1);
  }

  /** Visits levels from the best outwards until `visit` returns false or `limit` levels passed. */
  forEachFromBest(limit: number, visit: (level: PriceLevel) => boolean | void): void {
    let left = limit;
    const chunks = this.#chunks;
    for (let c = chunks.length - 1; c >= 0; c--) {
      const chunk = chunks[c]!;
      for (let i = chunk.length - 1; i >= 0; i--) {
        if (left-- <= 0 || visit(chunk[i]!) === false) return;
      }
    }
  }

  /** PriceLadder.sizeWithin's sum over these levels. */
  sizeWithin(limitKey: number, wanted: number): number {
    let size = 0;
    const chunks = this.#chunks;
    for (let c = chunks.length - 1; c >= 0; c--) {
      const chunk = chunks[c]!;
      for (let i = chunk.length - 1; i >= 0; i--) {
        if (size >= wanted || chunk[i]!.key < limitKey) return size;
        size += chunk[i]!.total;
      }
    }
    return size;
  }

  /** Every level, best first (for validation and tests). */
  levels(): PriceLevel[] {
    const all: PriceLevel[] = [];
    this.forEachFromBest(Infinity, (level) => {
      all.push(level);
    });
    return all;
  }

  #insert(level: PriceLevel): void {
    const chunks = this.#chunks;
    if (chunks.length === 0) {
      chunks.push([level]);
      return;
    }
    const chunkIndex = this.#chunkIndexFor(level.key);
    const chunk = chunks[chunkIndex]!;
    if (level.key > chunk[chunk.length - 1]!.key) chunk.push(level);
    else chunk.splice(indexInChunk(chunk, level.key), 0, level);
    if (chunk.length > CHUNK_LIMIT) {
      chunks.splice(chunkIndex + 1, 0, chunk.splice(CHUNK_LIMIT >> 1));
    }
  }

  /** The first chunk whose last key is >= key, or the last chunk. */
  #chunkIndexFor(key: number): number {
    const chunks = this.#chunks;
    let low = 0;
    let high = chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      const chunk = chunks[middle]!;
      if (chunk[chunk.length - 1]!.key < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Index of the first level in `chunk` whose key is >= key. */
function indexInChunk(chunk: readonly PriceLevel[], key: number): number {
  let low = 0;
  let high = chunk.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (chunk[middle]!.key < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
