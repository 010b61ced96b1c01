import { LayeredBitset } from './layered-bitset.js';
import { NumberQueue } from './number-queue.js';
import type { OrderStore } from './order-store.js';
import type { TradeStore } from './trade-store.js';

/** Statuses per book in the account sets' keys (the six statuses and "any"). */
const STATUS_KEYS = 7;

/** The key of an account's set of orders on `book` (-1: any) with `status` (-1: any). */
function setKey(book: number, status: number): number {
  return (book + 1) * STATUS_KEYS + status + 1;
}

class AccountOrders {
  /** Sequences by ordinal (creation order); forgotten ones stay until the next compaction. */
  sequences: number[] = [];
  forgotten = 0;
  /** By setKey: the ordinals of the account's orders in that (book, status), or undefined. */
  sets: (LayeredBitset | undefined)[] = [];

  add(ordinal: number, book: number, status: number): void {
    this.#set(setKey(-1, -1)).add(ordinal);
    this.#set(setKey(book, -1)).add(ordinal);
    this.#set(setKey(-1, status)).add(ordinal);
    this.#set(setKey(book, status)).add(ordinal);
  }

  remove(ordinal: number, book: number, status: number): void {
    this.sets[setKey(-1, -1)]!.delete(ordinal);
    this.sets[setKey(book, -1)]!.delete(ordinal);
    this.sets[setKey(-1, status)]!.delete(ordinal);
    this.sets[setKey(book, status)]!.delete(ordinal);
  }

  move(ordinal: number, book: number, from: number, to: number): void {
    this.sets[setKey(-1, from)]!.delete(ordinal);
    this.sets[setKey(book, from)]!.delete(ordinal);
    this.#set(setKey(-1, to)).add(ordinal);
    this.#set(setKey(book, to)).add(ordinal);
  }

  #set(key: number): LayeredBitset {
    return (this.sets[key] ??= new LayeredBitset());
  }
}

/**
 * Finds orders by sequence and by account. `slotOf[n - base]` is the store slot of `ord_<n>`
 * (-1 once forgotten). Each account numbers its orders in creation order (the store's `ordinal`
 * column) and keeps their ordinals in one set per (book or any, status or any), so that a listing
 * walks only the orders it returns. Status changes go through `setStatus` to keep the sets.
 * Final orders beyond `retention`, oldest final first, are forgotten and their slots freed, so
 * that a long replay or server runs in bounded memory.
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
  /** Word reads of the account sets by listings so far (a listing's cost, for tests). */
  listReads = 0;

  constructor(
    private readonly store: OrderStore,
    private readonly trades: TradeStore,
    readonly retention: number,
  ) {}

  /** Orders must be added in sequence order, starting at 1, with their initial status set. */
  add(sequence: number, slot: number): void {
    if (this.#length === this.#slotOf.length) {
      const bigger = new Int32Array(this.#length * 2);
      bigger.set(this.#slotOf);
      this.#slotOf = bigger;
    }
    this.#slotOf[this.#length++] = slot;
    const store = this.store;
    const orders = (this.#byAccount[store.account[slot]!] ??= new AccountOrders());
    const ordinal = orders.sequences.length;
    orders.sequences.push(sequence);
    store.ordinal[slot] = ordinal;
    orders.add(ordinal, store.book[slot]!, store.status[slot]!);
  }

  setStatus(slot: number, status: number): void {
    const store = this.store;
    const from = store.status[slot]!;
    if (from === status) return;
    store.status[slot] = status;
    this.#byAccount[store.account[slot]!]!.move(
      store.ordinal[slot]!,
      store.book[slot]!,
      from,
      status,
    );
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

  /**
   * Slots of the account's orders on `book` (-1: any) with `status` (-1: any), newest first, at
   * most `limit`.
   */
  list(account: string, book: number, status: number, limit: number): number[] {
    const orders = this.#byAccount[this.store.accounts.find(account)];
    const set = orders?.sets[setKey(book, status)];
    const result: number[] = [];
    if (orders === undefined || set === undefined) return result;
    const readsBefore = set.reads;
    for (let at = set.previous(orders.sequences.length - 1); at >= 0; at = set.previous(at - 1)) {
      result.push(this.slot(orders.sequences[at]!));
      if (result.length === limit) break;
    }
    this.listReads += set.reads - readsBefore;
    return result;
  }

  /** Every indexed order's slot, oldest first (for validation). */
  *slots(): IterableIterator<number> {
    for (let i = 0; i < this.#length; i++) if (this.#slotOf[i]! >= 0) yield this.#slotOf[i]!;
  }

  /** Whether the account sets hold the order at `slot` where its book and status say (for validation). */
  indexes(slot: number): boolean {
    const store = this.store;
    const orders = this.#byAccount[store.account[slot]!];
    const ordinal = store.ordinal[slot]!;
    const book = store.book[slot]!;
    const status = store.status[slot]!;
    const sets = orders?.sets;
    return (
      sets !== undefined &&
      orders!.sequences[ordinal] === store.sequence[slot] &&
      [setKey(-1, -1), setKey(book, -1), setKey(-1, status), setKey(book, status)].every(
        (key) => sets[key]?.has(ordinal) === true,
      )
    );
  }

  #forget(sequence: number): void {
    const slot = this.slot(sequence);
    const store = this.store;
    const orders = this.#byAccount[store.account[slot]!]!;
    orders.remove(store.ordinal[slot]!, store.book[slot]!, store.status[slot]!);
    store.release(slot, this.trades);
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
    orders.forgotten++;
    if (orders.forgotten >= 64 && orders.forgotten * 2 >= orders.sequences.length) {
      this.#compact(orders);
    }
  }

  /** Drops the forgotten orders from the account's numbering and rebuilds its sets. */
  #compact(orders: AccountOrders): void {
    const store = this.store;
    const kept = orders.sequences.filter((sequence) => this.slot(sequence) >= 0);
    orders.sequences = kept;
    orders.forgotten = 0;
    orders.sets = [];
    for (let ordinal = 0; ordinal < kept.length; ordinal++) {
      const slot = this.slot(kept[ordinal]!);
      store.ordinal[slot] = ordinal;
      orders.add(ordinal, store.book[slot]!, store.status[slot]!);
    }
  }
}
