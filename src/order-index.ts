import type { Order } from './order.js';

interface AccountOrders {
  /** In creation order; may hold evicted orders until the next compaction. */
  orders: Order[];
  evicted: number;
}

/**
 * Every order by sequence and by account. Final orders beyond `retention` (oldest final first)
 * are forgotten, so that a long replay or server runs in bounded memory.
 */
export class OrderIndex {
  readonly #bySequence = new Map<number, Order>();
  readonly #byAccount = new Map<string, AccountOrders>();
  readonly #finals: Order[] = [];
  #finalsHead = 0;

  constructor(readonly retention: number) {}

  add(order: Order): void {
    this.#bySequence.set(order.sequence, order);
    let account = this.#byAccount.get(order.account);
    if (account === undefined) {
      account = { orders: [], evicted: 0 };
      this.#byAccount.set(order.account, account);
    }
    account.orders.push(order);
  }

  get(sequence: number): Order | undefined {
    return this.#bySequence.get(sequence);
  }

  /** Records that `order` reached a final status; may evict the oldest final orders. */
  finalized(order: Order): void {
    if (this.retention === Infinity) return;
    this.#finals.push(order);
    while (this.#finals.length - this.#finalsHead > this.retention) {
      this.#evict(this.#finals[this.#finalsHead++]!);
    }
    if (this.#finalsHead >= 1024 && this.#finalsHead * 2 >= this.#finals.length) {
      this.#finals.splice(0, this.#finalsHead);
      this.#finalsHead = 0;
    }
  }

  /** The account's orders, newest first, that pass `keep`, at most `limit`. */
  list(account: string, keep: (order: Order) => boolean, limit: number): Order[] {
    const orders = this.#byAccount.get(account)?.orders ?? [];
    const result: Order[] = [];
    for (let i = orders.length - 1; i >= 0 && result.length < limit; i--) {
      const order = orders[i]!;
      if (this.#bySequence.get(order.sequence) === order && keep(order)) result.push(order);
    }
    return result;
  }

  /** Every indexed order, oldest first (for validation). */
  all(): IterableIterator<Order> {
    return this.#bySequence.values();
  }

  #evict(order: Order): void {
    this.#bySequence.delete(order.sequence);
    const account = this.#byAccount.get(order.account)!;
    account.evicted++;
    if (account.evicted >= 64 && account.evicted * 2 >= account.orders.length) {
      account.orders = account.orders.filter((kept) => this.#bySequence.get(kept.sequence) === kept);
      account.evicted = 0;
    }
  }
}
