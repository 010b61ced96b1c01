import { NumberQueue } from './number-queue.js';
import type { OrderStore } from './order-store.js';
import type { TradeStore } from './trade-store.js';

interface AccountOrders {
  /** Sequences in creation order; may hold forgotten ones until the next compaction. */
  sequences: number[];
  forgotten: number;
}

/**
 * Finds orders by sequence and by account. `slotOf[n - base]` is the store slot of `ord_<n>`
 * (-1 once forgotten). Final orders beyond `retention`, oldest final first, are forgotten and
 * their slots freed, so that a long replay or server runs in bounded memory.
 */
export class OrderIndex {
  #slotOf = new Int32Array(1024);
  #base = 1;
  #length = 0;
  /** How many entries at the front of #slotOf are known to be forgotten. */
  #leadingHoles = 0;
  /** By account id (see AccountNames). */
  readonly #byAccount: AccountOrders[] = [];
  readonly #finals = new NumberQueue();

  constructor(
    private readonly store: OrderStore,
    private readonly trades: TradeStore,
    readonly retention: number,
  ) {}

  /** Orders must be added in sequence order, starting at 1. */
  add(sequence: number, slot: number): void {
    if (this.#length === this.#slotOf.length) {
      const bigger = new Int32Array(this.#length * 2);
      bigger.set(this.#slotOf);
      this.#slotOf = bigger;
    }
    this.#slotOf[this.#length++] = slot;
    const account = this.store.account[slot]!;
    const orders = (this.#byAccount[account] ??= { sequences: [], forgotten: 0 });
    orders.sequences.push(sequence);
  }

  /** The slot of `ord_<sequence>`, or -1. */
  slot(sequence: number): number {
    const at = sequence - this.#base;
    return at >= 0 && at < this.#length ? this.#slotOf[at]! : -1;
  }

  /** Records that an order reached a final status (forgetting waits for `forgetBeyondRetention`). */
  finalized(sequence: number): void {
    if (this.retention !== Infinity) this.#finals.push(sequence);
  }

  /**
   * Forgets the oldest final orders beyond the retention. The venue calls it at the end of a
   * command, once the command's records and events are built from the orders it finalized.
   */
  forgetBeyondRetention(): void {
    while (this.#finals.length > this.retention) this.#forget(this.#finals.shift());
  }

  /** Slots of the account's orders, newest first, that pass `keep`, at most `limit`. */
  list(account: string, keep: (slot: number) => boolean, limit: number): number[] {
    const sequences = this.#byAccount[this.store.accounts.find(account)]?.sequences ?? [];
    const result: number[] = [];
    for (let i = sequences.length - 1; i >= 0 && result.length < limit; i--) {
      const slot = this.slot(sequences[i]!);
      if (slot >= 0 && keep(slot)) result.push(slot);
    }
    return result;
  }

  /** Every indexed order's slot, oldest first (for validation). */
  *slots(): IterableIterator<number> {
    for (let i = 0; i < this.#length; i++) if (this.#slotOf[i]! >= 0) yield this.#slotOf[i]!;
  }

  #forget(sequence: number): void {
    const slot = this.slot(sequence);
    const account = this.#byAccount[this.store.account[slot]!]!;
    this.store.release(slot, this.trades);
    const slots = this.#slotOf;
    slots[sequence - this.#base] = -1;
    while (this.#leadingHoles < this.#length && slots[this.#leadingHoles] === -1)
      this.#leadingHoles++;
    if (this.#leadingHoles >= 1024 && this.#leadingHoles * 2 >= this.#length) {
      slots.copyWithin(0, this.#leadingHoles, this.#length);
      this.#length -= this.#leadingHoles;
      this.#base += this.#leadingHoles;
      this.#leadingHoles = 0;
    }
    account.forgotten++;
    if (account.forgotten >= 64 && account.forgotten * 2 >= account.sequences.length) {
      account.sequences = account.sequences.filter((kept) => this.slot(kept) >= 0);
      account.forgotten = 0;
    }
  }
}
