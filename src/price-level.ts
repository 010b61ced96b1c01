import { NO_SLOT, type OrderStore } from './order-store.js';
import type { Slot, Units } from './quantities.js';

/** All resting orders at one price of one side, in time priority (head first), as store slots. */
export class PriceLevel {
  /** Sum of the resting orders' remaining size units. */
  total = 0;
  count = 0;
  head = NO_SLOT;
  tail = NO_SLOT;

  constructor(
    public price: Units,
    /** Sort key: larger is better (bids: price, asks: -price). */
    public key: number,
  ) {}

  /** This emptied level, made the new empty level at `price` (PriceLadder reuses levels). */
  reuse(price: Units, key: number): PriceLevel {
    this.price = price;
    this.key = key;
    this.total = 0;
    this.count = 0;
    this.head = NO_SLOT;
    this.tail = NO_SLOT;
    return this;
  }

  append(store: OrderStore, slot: Slot): void {
    store.setPrev(slot, this.tail);
    store.nextColumn[slot] = NO_SLOT;
    if (this.tail === NO_SLOT) this.head = slot;
    else store.nextColumn[this.tail] = slot;
    this.tail = slot;
    this.total += store.remainingColumn[slot]!;
    this.count++;
  }

  /** Unlinks an order; the caller has already taken its remaining size off `total`. */
  unlink(store: OrderStore, slot: Slot): void {
    const prev = store.prev(slot);
    const next = store.nextColumn[slot]!;
    if (prev === NO_SLOT) this.head = next;
    else store.nextColumn[prev] = next;
    if (next === NO_SLOT) this.tail = prev;
    else store.setPrev(next, prev);
    store.setPrev(slot, NO_SLOT);
    store.nextColumn[slot] = NO_SLOT;
    this.count--;
  }
}
