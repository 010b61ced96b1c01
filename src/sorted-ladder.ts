import { NO_LEVEL, type PriceLevels } from './price-level.js';
import type { Level, Units } from './quantities.js';

const CHUNK_LIMIT = 512;

/**
 * One side's price levels when they span too many ticks for PriceLadder's array: a map from
 * price to level, and the levels sorted by key in chunks of
 * at most CHUNK_LIMIT (a two-level sorted list), so that adding or removing a level costs
 * O(log n + CHUNK_LIMIT) moves, the best level is O(1), and the top `depth` levels are O(depth).
 * Keys grow towards the best price, so the best level is always the last of the last chunk. The
 * levels' fields are in `levels`, the side's columns.
 */
export class SortedLadder {
  readonly #byPrice = new Map<number, Level>();
  readonly #chunks: Level[][] = [];
  readonly #levels: PriceLevels;

  constructor(levels: PriceLevels) {
    this.#levels = levels;
  }

  get size(): number {
    return this.#byPrice.size;
  }

  best(): Level {
    const chunks = this.#chunks;
    if (chunks.length === 0) return NO_LEVEL;
    const last = chunks[chunks.length - 1]!;
    return last[last.length - 1]!;
  }

  get(price: Units): Level {
    return this.#byPrice.get(price) ?? NO_LEVEL;
  }

  /** Adds a level (of a price not present yet). */
  adopt(level: Level): void {
    this.#byPrice.set(this.#levels.price(level), level);
    this.#insert(level);
  }

  remove(level: Level): void {
    const levels = this.#levels;
    this.#byPrice.delete(levels.price(level));
    const chunks = this.#chunks;
    const key = levels.key(level);
    const chunkIndex = this.#chunkIndexFor(key);
    const chunk = chunks[chunkIndex]!;
    if (chunk.length === 1) {
      chunks.splice(chunkIndex, 1);
      return;
    }
    if (chunk[chunk.length - 1] === level) chunk.pop();
    else chunk.splice(this.#indexInChunk(chunk, key), 1);
  }

  /** Visits levels from the best outwards until `visit` returns false or `limit` levels passed. */
  forEachFromBest(limit: number, visit: (level: Level) => boolean | void): void {
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
    const levels = this.#levels;
    let size = 0;
    const chunks = this.#chunks;
    for (let c = chunks.length - 1; c >= 0; c--) {
      const chunk = chunks[c]!;
      for (let i = chunk.length - 1; i >= 0; i--) {
        if (size >= wanted || levels.key(chunk[i]!) < limitKey) return size;
        size += levels.total(chunk[i]!);
      }
    }
    return size;
  }

  #insert(level: Level): void {
    const chunks = this.#chunks;
    if (chunks.length === 0) {
      chunks.push([level]);
      return;
    }
    const key = this.#levels.key(level);
    const chunkIndex = this.#chunkIndexFor(key);
    const chunk = chunks[chunkIndex]!;
    if (key > this.#levels.key(chunk[chunk.length - 1]!)) chunk.push(level);
    else chunk.splice(this.#indexInChunk(chunk, key), 0, level);
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
      if (this.#levels.key(chunk[chunk.length - 1]!) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Index of the first level in `chunk` whose key is >= key. */
  #indexInChunk(chunk: readonly Level[], key: number): number {
    let low = 0;
    let high = chunk.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.#levels.key(chunk[middle]!) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
