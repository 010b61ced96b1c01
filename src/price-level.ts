import type { Order } from './order.js';

/** All resting orders at one price of one side, in time priority (head first). */
export class PriceLevel {
  /** Sum of the resting orders' remaining size units. */
  total = 0;
  count = 0;
  head: Order | null = null;
  tail: Order | null = null;

  constructor(
    readonly price: number,
    /** Sort key: larger is better (bids: price, asks: -price). */
    readonly key: number,
  ) {}

  append(order: Order): void {
    order.prev = this.tail;
    order.next = null;
    if (this.tail === null) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.total += order.remaining;
    this.count++;
  }

  /** Unlinks an order; the caller has already taken its remaining size off `total`. */
  unlink(order: Order): void {
    if (order.prev === null) this.head = order.next;
    else order.prev.next = order.next;
    if (order.next === null) this.tail = order.prev;
    else order.next.prev = order.prev;
    order.prev = null;
    order.next = null;
    this.count--;
  }
}
