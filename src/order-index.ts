import type { Order } from './order.js';

interface AccountOrders {
  /** In creation order; may hold forgotten orders until the next compaction. */
  orders: Order[];
  forgotten: number;
}

/**
 * Every order by sequence (a dense array: `ord_<n>` sits at n - base) and by account. Final
 * orders beyond `retention`, oldest final first, are forgotten, so that a long replay or server
 * runs in bounded memory; the array drops its forgotten prefix as it goes.
 */
export class OrderIndex {
  #bySequence: (Order | undefined)[] = [];
  #base = 1;
  /** How many slots at the front of #bySequence are known to be forgotten. */
  #leadingHoles = 0;
  readonly #byAccount = new Map<string, AccountOrders>();
  readonly #finals: Order[] = [];
  #finalsHead = 0;

  constructor(readonly retention: number) {}

  /** Orders must be added in sequence order, starting at 1. */
  add(order: Order): void {
    this.#bySequence.push(order);
    let account = this.#byAccount.get(order.account);
    if (account === undefined) {
      account = { orders: [], forgotten: 0 };
      this.#byAccount.set(order.account, account);
    }
    account.orders.push(order);
  }

  get(sequence: number): Order | undefined {
    return this.#bySequence[sequence - this.#base];
  }

  /** Records that `order` reached a final status; may forget the oldest final orders. */
  finalized(order: Order): void {
    if (this.retention === Infinity) return;
    const finals = this.#finals;
    finals.push(order);
    while (finals.length - this.#finalsHead > this.retention) this.#forget(finals[this.#finalsHead++]!);
    if (this.#finalsHead >= 1024 && this.#finalsHead * 2 >= finals.length) {
      finals.splice(0, this.#finalsHead);
      this.#finalsHead = 0;
    }
  }

  /** The account's orders, newest first, that pass `keep`, at most `limit`. */
  list(account: string, keep: (order: Order) => boolean, limit: number): Order[] {
    const orders = this.#byAccount.get(account)?.orders ?? [];
    const result: Order[] = [];
    for (let i = orders.length - 1; i >= 0 && result.length < limit; i--) {
      const order = orders[i]!;
      if (this.get(order.sequence) === order && keep(order)) result.push(order);
    }
    return result;
  }

  /** Every indexed order, oldest first (for validation). */
  *all(): IterableIterator<Order> {
    for (const order of this.#bySequence) if (order !== undefined) yield order;
  }

  #forget(order: Order): void {
    const slots = this.#bySequence;
    slots[order.sequence - this.#base] = undefined;
    while (this.#leadingHoles < slots.length && slots[this.#leadingHoles] === undefined) this.#leadingHoles++;
    if (this.#leadingHoles >= 1024 && this.#leadingHoles * 2 >= slots.length) {
      this.#bySequence = slots.slice(this.#leadingHoles);
      this.#base += this.#leadingHoles;
      this.#leadingHoles = 0;
    }
    const account = this.#byAccount.get(order.account)!;
    account.forgotten++;
    if (account.forgotten >= 64 && account.forgotten * 2 >= account.orders.length) {
      account.orders = account.orders.filter((kept) => this.get(kept.sequence) === kept);
      account.forgotten = 0;
    }
  }
}
