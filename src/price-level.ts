import { NO_SLOT, type OrderStore } from './order-store.js';
import type { Level, Slot, Units } from './quantities.js';
import { grown } from './typed-columns.js';

/** No level: a price with no resting order. */
export const NO_LEVEL = -1 as Level;

const FIRST_CAPACITY = 16;

/**
 * One side's price levels as columns, each level a number (`Level`) that stays its own while it
 * holds orders. A level is its resting orders at one price, in time priority (head first), as
 * store slots, and the sum of their remaining sizes. Its total, head and tail share one 16-byte
 * record, so that a cancel or a fill reads one cache line for its level (no object, no boxed
 * number). An emptied level's number is reused for the next new level; its price and total can
 * still be read until then.
 */
export class PriceLevels {
  /** Per level: total at 2 * level (over the same bytes as #links). */
  #totals = new Float64Array(FIRST_CAPACITY * 2);
  /** Per level: head at 4 * level + 2, tail at 4 * level + 3. */
  #links = new Int32Array(this.#totals.buffer);
  #prices = new Float64Array(FIRST_CAPACITY);
  #used = 0;
  readonly #free: Level[] = [];

  /** `sign` 1 for bids (higher is better), -1 for asks. */
  constructor(protected readonly sign: 1 | -1) {}

  price(level: Level): Units {
    return this.#prices[level]! as Units;
  }

  /** Sort key: larger is better (bids: price, asks: -price). */
  key(level: Level): number {
    return this.sign * this.#prices[level]!;
  }

  /** Sum of the resting orders' remaining size units. */
  total(level: Level): Units {
    return this.#totals[level * 2]! as Units;
  }

  /** The first order in time priority, or NO_SLOT when the level is empty. */
  head(level: Level): Slot {
    return this.#links[level * 4 + 2]! as Slot;
  }

  /** The last order in time priority, or NO_SLOT when the level is empty. */
  tail(level: Level): Slot {
    return this.#links[level * 4 + 3]! as Slot;
  }

  /** Takes `size` units off the level's total (an order's fill, reduce or cancel). */
  reduceTotal(level: Level, size: Units): void {
    this.#totals[level * 2]! -= size;
  }

  append(store: OrderStore, level: Level, slot: Slot): void {
    const links = this.#links;
    const tail = links[level * 4 + 3]! as Slot;
    store.setPrev(slot, tail);
    store.nextColumn[slot] = NO_SLOT;
    if (tail === NO_SLOT) links[level * 4 + 2] = slot;
    else store.nextColumn[tail] = slot;
    links[level * 4 + 3] = slot;
    this.#totals[level * 2]! += store.remainingColumn[slot]!;
  }

  /** Unlinks an order; the caller has already taken its remaining size off the total. */
  unlink(store: OrderStore, level: Level, slot: Slot): void {
    const links = this.#links;
    const prev = store.prev(slot);
    const next = store.nextColumn[slot]!;
    if (prev === NO_SLOT) links[level * 4 + 2] = next;
    else store.nextColumn[prev] = next;
    if (next === NO_SLOT) links[level * 4 + 3] = prev;
    else store.setPrev(next, prev);
    store.setPrev(slot, NO_SLOT);
    store.nextColumn[slot] = NO_SLOT;
  }

  /**
   * Unlinks the level's first order, whose next one is `next`: `unlink` for the head, which has no
   * order before it (invariant 8), so its back link is not read.
   */
  shift(store: OrderStore, level: Level, slot: Slot, next: Slot): void {
    const links = this.#links;
    links[level * 4 + 2] = next;
    if (next === NO_SLOT) links[level * 4 + 3] = NO_SLOT;
    else store.setPrev(next, NO_SLOT);
    store.nextColumn[slot] = NO_SLOT;
  }

  /** A new empty level at `price`. */
  protected newLevel(price: Units): Level {
    const level = this.#free.length > 0 ? this.#free.pop()! : this.#fresh();
    this.#prices[level] = price;
    this.#totals[level * 2] = 0;
    this.#links[level * 4 + 2] = NO_SLOT;
    this.#links[level * 4 + 3] = NO_SLOT;
    return level;
  }

  /** Gives an emptied level's number back for reuse. */
  protected releaseLevel(level: Level): void {
    this.#free.push(level);
  }

  #fresh(): Level {
    const capacity = this.#prices.length;
    if (this.#used === capacity) {
      this.#totals = grown(this.#totals, capacity * 4);
      this.#links = new Int32Array(this.#totals.buffer);
      this.#prices = grown(this.#prices, capacity * 2);
    }
    return this.#used++ as Level;
  }
}
