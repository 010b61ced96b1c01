import { BIG_NOTIONAL } from './fill-lists.js';
import type { OrderStore } from './order-store.js';
import type { Sequence, Slot, Units } from './quantities.js';

/** Bits of the `extraBits` column: what the order has beyond the common fields, and its reason. */
const EXTRA_STOP = 1;
const EXTRA_EXPIRY = 2;
const EXTRA_REJOINED = 4;
export const EXTRA_REASON_SHIFT = 4;
/** The bits of the values `forget` lets go of. */
export const EXTRAS_HELD = EXTRA_STOP | EXTRA_EXPIRY | EXTRA_REJOINED;

/**
 * What few orders have, kept by slot in maps rather than columns: notionals past 2^53, stop
 * prices, expiry times and queue rejoins. The store's `extraBits` and FillLists' `notional` field say which
 * ones an order has, so that an order without them costs a bit test, never a map lookup.
 */
export class OrderExtras {
  readonly #store: OrderStore;
  /** The notional of the orders whose FillLists notional is BIG_NOTIONAL. */
  readonly #bigNotionals = new Map<Slot, bigint>();
  /** Stop prices and expiry times by slot, for the orders that have one. */
  readonly #stopPrices = new Map<Slot, Units>();
  readonly #expiryTimes = new Map<Slot, number>();
  /**
   * For orders that joined their queue after their own placement (a triggered stop, an amend that
   * lost its place): the last sequence placed by then, and how many such joins came before.
   */
  readonly #rejoins = new Map<Slot, { after: Sequence; count: number }>();
  #rejoinCount = 0;

  constructor(store: OrderStore) {
    this.#store = store;
  }

  /** Gives a new order a stop price (units). */
  setStopPrice(slot: Slot, price: Units): void {
    this.#store.setExtraBits(slot, this.#store.extraBits(slot) | EXTRA_STOP);
    this.#stopPrices.set(slot, price);
  }

  /** Gives a new order an expiry time. */
  setExpireAt(slot: Slot, time: number): void {
    this.#store.setExtraBits(slot, this.#store.extraBits(slot) | EXTRA_EXPIRY);
    this.#expiryTimes.set(slot, time);
  }

  /** Records that the order joins its queue now, `after` being the last sequence placed. */
  setRejoined(slot: Slot, after: Sequence): void {
    this.#store.setExtraBits(slot, this.#store.extraBits(slot) | EXTRA_REJOINED);
    this.#rejoins.set(slot, { after, count: ++this.#rejoinCount });
  }

  /**
   * Whether order `a` joined its queue before order `b` (order-book.ts, 1). An order that rests
   * when placed joins after every order placed before it and before any later one; the others
   * are ordered by what `setRejoined` recorded. For validation: the store keeps no column for it.
   */
  joinedBefore(a: Slot, b: Slot): boolean {
    const [afterA, countA] = this.#joined(a);
    const [afterB, countB] = this.#joined(b);
    return afterA < afterB || (afterA === afterB && countA < countB);
  }

  #joined(slot: Slot): [number, number] {
    const store = this.#store;
    const rejoin =
      (store.extraBits(slot) & EXTRA_REJOINED) === 0 ? undefined : this.#rejoins.get(slot);
    return rejoin === undefined ? [store.sequenceColumn[slot]!, 0] : [rejoin.after, rejoin.count];
  }

  /** The stop price in units, or 0. */
  stopPrice(slot: Slot): Units {
    return (this.#store.extraBits(slot) & EXTRA_STOP) === 0
      ? (0 as Units)
      : this.#stopPrices.get(slot)!;
  }

  /** The expiry time, or 0. */
  expireAt(slot: Slot): number {
    return (this.#store.extraBits(slot) & EXTRA_EXPIRY) === 0 ? 0 : this.#expiryTimes.get(slot)!;
  }

  /**
   * Adds price x size units to the order's notional (`notional`, its column's value) where the sum
   * would pass 2^53 in FillLists (`notional`: its value there, or 0 before the first fill); the caller
   * then marks it BIG_NOTIONAL.
   */
  addBigNotional(slot: Slot, notional: number, price: Units, size: Units): void {
    const before = notional === BIG_NOTIONAL ? this.#bigNotionals.get(slot)! : BigInt(notional);
    this.#bigNotionals.set(slot, before + BigInt(price) * BigInt(size));
  }

  /** The notional of an order whose FillLists notional is BIG_NOTIONAL. */
  bigNotional(slot: Slot): bigint {
    return this.#bigNotionals.get(slot)!;
  }

  /** Lets go of the big notional of the order in `slot` (FillLists marks it), as the slot is freed. */
  forgetBigNotional(slot: Slot): void {
    this.#bigNotionals.delete(slot);
  }

  /**
   * Lets go of the stop price, expiry time and rejoin of the order in `slot` (`bits`: its extra
   * bits of EXTRAS_HELD, not 0), as the slot is freed.
   */
  forget(slot: Slot, bits: number): void {
    if (bits & EXTRA_STOP) this.#stopPrices.delete(slot);
    if (bits & EXTRA_EXPIRY) this.#expiryTimes.delete(slot);
    if (bits & EXTRA_REJOINED) this.#rejoins.delete(slot);
  }
}
