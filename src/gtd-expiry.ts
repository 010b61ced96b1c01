import { ExpiryQueue } from './expiry-queue.js';
import { REASON_EXPIRE_AT_REACHED, STATUS_EXPIRED } from './numeric.js';
import type { OrderBook } from './order-book.js';
import type { OrderIndex } from './order-index.js';
import type { OrderMatching } from './order-matching.js';
import type { OrderStore } from './order-store.js';
import type { Sequence, Slot } from './quantities.js';

/**
 * The venue's gtd orders and their expiry (invariant 12): every command and query calls `expireDue`
 * first with the clock's time, so expiry follows the clock even when time only moves with a
 * replayed flow. A venue without gtd orders pays one length check, and its commands need no time
 * for it (`waiting`).
 */
export class GtdExpiry {
  readonly #queue = new ExpiryQueue();

  constructor(
    private readonly store: OrderStore,
    private readonly orders: OrderIndex,
    private readonly matching: OrderMatching,
    private readonly books: readonly OrderBook[],
  ) {}

  /** The earliest expiry time of a live gtd order (or of one that ended since), or Infinity. */
  get next(): number {
    return this.#queue.next;
  }

  /** Whether a gtd order waits for its expiry: a command with none to wait for needs no time for it. */
  get waiting(): boolean {
    return this.#queue.size !== 0;
  }

  /** Gives a new order its expiry time. */
  add(slot: Slot, expireAt: number): void {
    this.store.extras.setExpireAt(slot, expireAt);
    this.#queue.add(expireAt, this.store.sequenceColumn[slot]!, this.#isLive);
  }

  /**
   * Expires the gtd orders due at `now` (the caller reads the clock), earliest expiry first, then
   * by sequence; then forgets.
   */
  expireDue(now: number): void {
    if (this.#queue.size !== 0 && this.#queue.next <= now) this.#expireDueNow(now);
  }

  #expireDueNow(now: number): void {
    const queue = this.#queue;
    while (queue.next <= now) {
      const slot = this.orders.slot(queue.nextSequence);
      queue.pop();
      if (slot < 0 || !this.store.isLive(slot)) continue;
      const book = this.books[this.store.book(slot)]!;
      this.matching.endLive(book, slot, STATUS_EXPIRED, REASON_EXPIRE_AT_REACHED);
    }
    this.orders.forgetBeyondRetention();
  }

  readonly #isLive = (sequence: Sequence): boolean => {
    const slot = this.orders.slot(sequence);
    return slot >= 0 && this.store.isLive(slot);
  };
}
