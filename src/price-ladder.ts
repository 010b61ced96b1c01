import { LayeredBitset } from './layered-bitset.js';
import { NO_LEVEL, PriceLevels } from './price-level.js';
import { SortedLadder } from './sorted-ladder.js';
import type { Level, Units } from './quantities.js';

/** The most ticks between a side's best and worst level that the array covers. */
export const MAX_DENSE_SPAN = 1 << 20;
const MIN_CAPACITY = 1024;

/**
 * One side's price levels (their fields: PriceLevels) and their order: an array of level numbers
 * indexed by tick, over a window of ticks that moves and doubles to cover the side's levels; a
 * bitset of the occupied positions finds the next level when the best one leaves, and walks the
 * levels from the best. Finding a level is an array read, adding or removing one O(log32 n). A
 * position grows towards the best price (bids: tick - low, asks: high - tick). When a side's
 * levels span more than MAX_DENSE_SPAN ticks the side moves, for good, to a SortedLadder.
 */
export class PriceLadder extends PriceLevels {
  /** The level at each position, or NO_LEVEL. */
  #levels = new Int32Array(0);
  #occupied = new LayeredBitset();
  /** position = sign * tick + offset. */
  #offset = 0;
  #capacity = 0;
  #bestPosition = -1;
  #size = 0;
  #sorted: SortedLadder | null = null;
  readonly #tickUnits: number;

  /** `sign` 1 for bids (higher is better), -1 for asks; `tickUnits`: the price grid, in units. */
  constructor(sign: 1 | -1, tickUnits: number) {
    super(sign);
    this.#tickUnits = tickUnits;
  }

  get size(): number {
    return this.#sorted === null ? this.#size : this.#sorted.size;
  }

  /** The best level, or NO_LEVEL when the side is empty. */
  best(): Level {
    if (this.#sorted !== null) return this.#sorted.best();
    return this.#bestPosition < 0 ? NO_LEVEL : (this.#levels[this.#bestPosition]! as Level);
  }

  /** The level at `price`, or NO_LEVEL. */
  get(price: Units): Level {
    if (this.#sorted !== null) return this.#sorted.get(price);
    const position = this.#position(price);
    if (!(position >= 0 && position < this.#capacity)) return NO_LEVEL;
    // A price off the grid falls between positions, where the array reads undefined.
    return (this.#levels[position] ?? NO_LEVEL) as Level;
  }

  /** The level at `price`, created (empty) if absent. */
  getOrCreate(price: Units): Level {
    const found = this.get(price);
    if (found !== NO_LEVEL) return found;
    const level = this.newLevel(price);
    if (this.#sorted?.size === 0) {
      this.#sorted = null; // the side emptied: back to the array
      this.#size = 0;
    }
    if (this.#sorted === null && !this.#covers(price)) this.#rewindow(price);
    if (this.#sorted !== null) {
      this.#sorted.adopt(level);
      return level;
    }
    const position = this.#position(price);
    this.#levels[position] = level;
    this.#occupied.add(position);
    if (position > this.#bestPosition) this.#bestPosition = position;
    this.#size++;
    return level;
  }

  /**
   * Takes an emptied level off the side; its number goes to the next new level, so the book
   * announces a removed level before it adds one.
   */
  remove(level: Level): void {
    if (this.#sorted !== null) this.#sorted.remove(level);
    else {
      const position = this.#position(this.price(level));
      this.#levels[position] = NO_LEVEL;
      this.#occupied.delete(position);
      if (position === this.#bestPosition) this.#bestPosition = this.#occupied.previous(position);
      this.#size--;
    }
    this.releaseLevel(level);
  }

  /** Visits levels from the best outwards until `visit` returns false or `limit` levels passed. */
  forEachFromBest(limit: number, visit: (level: Level) => boolean | void): void {
    if (this.#sorted !== null) return this.#sorted.forEachFromBest(limit, visit);
    let left = limit;
    for (let at = this.#bestPosition; at >= 0; at = this.#occupied.previous(at - 1)) {
      if (left-- <= 0 || visit(this.#levels[at]! as Level) === false) return;
    }
  }

  /**
   * The size (units) of the levels from the best down to key `limitKey`, summed until it reaches
   * `wanted`: what a fok taker can count on (order-book.ts, 4). A loop, not a visitor: fok
   * orders check it on every arrival.
   */
  sizeWithin(limitKey: number, wanted: number): number {
    if (this.#sorted !== null) return this.#sorted.sizeWithin(limitKey, wanted);
    let size = 0;
    for (
      let at = this.#bestPosition;
      at >= 0 && size < wanted;
      at = this.#occupied.previous(at - 1)
    ) {
      const level = this.#levels[at]! as Level;
      if (this.key(level) < limitKey) break;
      size += this.total(level);
    }
    return size;
  }

  /** Every level, best first (for validation and tests). */
  levels(): Level[] {
    const all: Level[] = [];
    this.forEachFromBest(Infinity, (level) => {
      all.push(level);
    });
    return all;
  }

  #position(price: Units): number {
    return (this.sign * price) / this.#tickUnits + this.#offset;
  }

  #covers(price: Units): boolean {
    const position = this.#position(price);
    return position >= 0 && position < this.#capacity;
  }

  /**
   * Moves (and widens) the window to cover the current levels and a new `price`, or hands the
   * levels to a SortedLadder when they would span more than MAX_DENSE_SPAN ticks.
   */
  #rewindow(price: Units): void {
    const existing = this.levels();
    let low = price / this.#tickUnits;
    let high = low;
    for (const level of existing) {
      const tick = this.price(level) / this.#tickUnits;
      if (tick < low) low = tick;
      if (tick > high) high = tick;
    }
    const span = high - low + 1;
    if (span > MAX_DENSE_SPAN) {
      const sorted = new SortedLadder(this);
      for (const level of existing) sorted.adopt(level);
      this.#sorted = sorted;
      this.#levels = new Int32Array(0);
      this.#occupied = new LayeredBitset();
      this.#capacity = 0;
      this.#bestPosition = -1;
      return;
    }
    let capacity = MIN_CAPACITY;
    while (capacity < span * 2) capacity *= 2;
    // Centre the levels in the window: room to move either way before the next rewindow.
    const lowTick = low - Math.floor((capacity - span) / 2);
    this.#offset = this.sign === 1 ? -lowTick : lowTick + capacity - 1;
    this.#capacity = capacity;
    this.#levels = new Int32Array(capacity).fill(NO_LEVEL);
    this.#occupied = new LayeredBitset();
    this.#bestPosition = -1;
    for (const level of existing) {
      const position = this.#position(this.price(level));
      this.#levels[position] = level;
      this.#occupied.add(position);
      if (position > this.#bestPosition) this.#bestPosition = position;
    }
  }
}
