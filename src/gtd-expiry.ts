import { ExpiryQueue } from './expiry-queue.js';
import type { MonotonicClock } from './monotonic-clock.js';
import { REASON_EXPIRE_AT_REACHED } from './numeric.js';
import type { OrderBook } from './order-book.js';
import type { OrderIndex } from './order-index.js';
import type { OrderMatching } from './order-matching.js';
import { EXPIRED, type OrderStore } from './order-store.js';

/**
 * The venue's gtd orders and their expiry (invariant 12): every command and query reads the clock
 * and calls `expireDue` first, so expiry follows the clock even when time only moves with a replayed flow.
 * A venue without gtd orders pays one length check.
 */
export class GtdExpiry {
  readonly #queue = new ExpiryQueue();

  constructor(
    private readonly store: OrderStore,
    private readonly orders: OrderIndex,
    private readonly matching: OrderMatching,
    private readonly clock: MonotonicClock,
    private readonly books: readonly OrderBook[],
  ) {}

  /** The earliest expiry time of a live gtd order (or of one that ended since), or Infinity. */
  get next(): number {
    return this.#queue.next;
  }

  /** Gives a new order its expiry time. */
  add(slot: number, expireAt: number): void {
    this.store.extras.setExpireAt(slot, expireAt);
    this.#queue.add(expireAt, this.store.sequence[slot]!, this.#isLive);
  }

  /**
   * Expires the gtd orders due by the clock's last reading (the caller reads it), earliest expiry
   * first, then by sequence; then forgets.
   */
  expireDue(): void {
    if (this.#queue.size !== 0 && this.#queue.next <= this.clock.last) this.#expireDueNow();
  }

  #expireDueNow(): void {
    const queue = this.#queue;
    while (queue.next <= this.clock.last) {
      const slot = this.orders.slot(queue.nextSequence);
      queue.pop();
      if (slot < 0 || !this.store.isLive(slot)) continue;
      const book = this.books[this.store.book[slot]!]!;
      this.matching.endLive(book, slot, EXPIRED, REASON_EXPIRE_AT_REACHED);
    }
    this.orders.forgetBeyondRetention();
  }

  readonly #isLive = (sequence: number): boolean => {
    const slot = this.orders.slot(sequence);
    return slot >= 0 && this.store.isLive(slot);
  };
}
