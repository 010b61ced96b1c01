import { LayeredBitset } from './layered-bitset.js';
import { grown } from './typed-columns.js';
import type { BrandedColumn, Sequence, Slot } from './quantities.js';
import { SequenceSlots } from './sequence-slots.js';
import type { OrderStore } from './order-store.js';
import type { TradeStore } from './trade-store.js';

/** The seven statuses per book in the keys of an account's sets. */
const STATUSES = 7;
/** In the store's `listed` column: the order is in no set yet. */
const UNLISTED = 0x7f;
/** In the store's `listed` column: the order is queued for `#syncListings`. */
const LISTING_QUEUED = 0x80;
/** Queued orders that make `#syncListings` run without waiting for a listing. */
const MAX_QUEUED = 256;

class AccountOrders {
  /** Sequences by ordinal (creation order); forgotten ones stay until the next compaction. */
  sequences: Sequence[] = [];
  forgotten = 0;
  /** The ordinals of all the account's orders. */
  all = new LayeredBitset();
  /** By book * STATUSES + status: the ordinals of the orders there, or undefined. */
  byBookStatus: (LayeredBitset | undefined)[] = [];

  add(ordinal: number, book: number, status: number): void {
    this.all.add(ordinal);
    (this.byBookStatus[book * STATUSES + status] ??= new LayeredBitset()).add(ordinal);
  }

  remove(ordinal: number, book: number, status: number): void {
    this.all.delete(ordinal);
    this.byBookStatus[book * STATUSES + status]!.delete(ordinal);
  }

  move(ordinal: number, book: number, from: number, to: number): void {
    this.byBookStatus[book * STATUSES + from]!.delete(ordinal);
    (this.byBookStatus[book * STATUSES + to] ??= new LayeredBitset()).add(ordinal);
  }

  /** The sets whose union holds the orders on `book` (-1: any) with `status` (-1: any). */
  setsFor(book: number, status: number, books: number): LayeredBitset[] {
    if (book < 0 && status < 0) return [this.all];
    const sets: LayeredBitset[] = [];
    for (let b = book < 0 ? 0 : book; b < (book < 0 ? books : book + 1); b++) {
      for (let s = status < 0 ? 0 : status; s < (status < 0 ? STATUSES : status + 1); s++) {
        const set = this.byBookStatus[b * STATUSES + s];
        if (set !== undefined) sets.push(set);
      }
    }
    return sets;
  }
}

/**
 * Finds orders by sequence (SequenceSlots) and by account. Each account numbers its orders in
 * creation order (the store's `ordinal` column) and keeps their ordinals in a set of all and in one
 * set per (book, status); a listing walks the union of the sets it needs from the newest down, so
 * it reads O(log32 n) words per order it returns, times the number of sets (at most books x 7),
 * whatever it skips. The numbering and the sets are built by the first listing (a flow that never
 * lists pays nothing for them); from then on status changes go through `setStatus`, which only
 * queues the order: the sets are brought up to date (once per order, however often its status
 * changed) before a listing reads them, or when the queue is full, so that matching does not pay
 * for listings per trade. Final orders beyond `retention`, oldest final first, are forgotten and
 * their slots freed, so that a long replay or server runs in bounded memory.
 */
export class OrderIndex {
  readonly #slots = new SequenceSlots();
  /** By account id (see AccountNames). */
  readonly #byAccount: AccountOrders[] = [];
  /**
   * The slots of the final orders not yet forgotten, oldest first: a ring of Int32s from
   * `#finalsStart` (its capacity a power of two), read and written where it is used.
   */
  #finals = new Int32Array(1024);
  #finalsStart = 0;
  #finalsLength = 0;
  /** Slots whose status the sets may not show yet (with stale entries of forgotten orders). */
  readonly #queued = new Int32Array(MAX_QUEUED) as BrandedColumn<Int32Array, Slot>;
  #queuedCount = 0;
  /** Whether the accounts' numbering and sets exist (see `#build`). */
  #built = false;
  /** Word reads of the account sets by listings so far (a listing's cost, for tests). */
  listReads = 0;

  constructor(
    private readonly store: OrderStore,
    private readonly trades: TradeStore,
    readonly retention: number,
    /** How many books the venue has. */
    private readonly books: number,
  ) {}

  /** Orders must be added in sequence order, starting at 1, with their initial status set. */
  add(sequence: Sequence, slot: Slot): void {
    this.#slots.add(slot);
    if (this.#built) this.#number(sequence, slot);
  }

  setStatus(slot: Slot, status: number): void {
    const store = this.store;
    store.statusColumn[slot] = status;
    if (this.#built && store.listed(slot) < LISTING_QUEUED) this.#queue(slot);
  }

  /** The sequence of the last order added (0 before the first). */
  get lastSequence(): Sequence {
    return this.#slots.last;
  }

  /** The slot of `ord_<sequence>`, or -1. */
  slot(sequence: Sequence): Slot {
    return this.#slots.slot(sequence);
  }

  /**
   * Records that the order at `slot` reached a final status (forgetting waits for
   * `forgetBeyondRetention`; the slot stays the order's until then).
   */
  finalized(slot: Slot): void {
    if (this.retention === Infinity) return;
    const finals = this.#finals;
    if (this.#finalsLength === finals.length) return this.#growFinals(slot);
    finals[(this.#finalsStart + this.#finalsLength++) & (finals.length - 1)] = slot;
  }

  /**
   * Forgets the oldest final orders beyond the retention. The venue calls it at the end of a
   * command, once the command's records and events are built from the orders it finalized.
   */
  forgetBeyondRetention(): void {
    while (this.#finalsLength > this.retention) {
      const slot = this.#finals[this.#finalsStart]! as Slot;
      this.#finalsStart = (this.#finalsStart + 1) & (this.#finals.length - 1);
      this.#finalsLength--;
      this.#forget(slot);
    }
  }

  /** Doubles the full ring of final orders, oldest first from 0, and adds `slot` to it. */
  #growFinals(slot: Slot): void {
    const finals = this.#finals;
    const start = this.#finalsStart;
    const bigger = grown(finals.subarray(start), finals.length * 2);
    bigger.set(finals.subarray(0, start), finals.length - start);
    bigger[finals.length] = slot;
    this.#finals = bigger;
    this.#finalsStart = 0;
    this.#finalsLength++;
  }

  /**
   * Slots of the account's orders on `book` (-1: any) with `status` (-1: any), newest first, at
   * most `limit`.
   */
  list(account: string, book: number, status: number, limit: number): Slot[] {
    this.#build();
    const orders = this.#byAccount[this.store.accounts.find(account)];
    const result: Slot[] = [];
    if (orders === undefined) return result;
    this.#syncListings();
    const sets = orders.setsFor(book, status, this.books);
    const readsBefore = sets.reduce((sum, set) => sum + set.reads, 0);
    // The next member of each set at or below the last one taken; the largest is the newest.
    const heads = sets.map((set) => set.previous(orders.sequences.length - 1));
    for (;;) {
      let newest = -1;
      for (let i = 0; i < heads.length; i++) if (heads[i]! > (heads[newest] ?? -1)) newest = i;
      if (newest < 0) break;
      result.push(this.slot(orders.sequences[heads[newest]!]!));
      if (result.length === limit) break;
      heads[newest] = sets[newest]!.previous(heads[newest]! - 1);
    }
    this.listReads += sets.reduce((sum, set) => sum + set.reads, 0) - readsBefore;
    return result;
  }

  /** How many of the account's orders are on `book` with `status` (O(1) once the sets are built). */
  count(account: string, book: number, status: number): number {
    this.#build();
    const orders = this.#byAccount[this.store.accounts.find(account)];
    if (orders === undefined) return 0;
    this.#syncListings();
    return orders.byBookStatus[book * STATUSES + status]?.size ?? 0;
  }

  /** Every indexed order's slot, oldest first (for validation). */
  *slots(): IterableIterator<Slot> {
    for (const [, slot] of this.#slots.entries()) yield slot;
  }

  /** Whether the account sets hold the order at `slot` where its book and status say (for validation). */
  indexes(slot: Slot): boolean {
    this.#build();
    this.#syncListings();
    const store = this.store;
    const orders = this.#byAccount[store.accountColumn[slot]!];
    const ordinal = store.ordinal(slot);
    const book = store.book(slot);
    const status = store.statusColumn[slot]!;
    return (
      orders !== undefined &&
      orders.sequences[ordinal] === store.sequenceColumn[slot] &&
      orders.all.has(ordinal) &&
      orders.byBookStatus[book * STATUSES + status]?.has(ordinal) === true
    );
  }

  #forget(slot: Slot): void {
    const store = this.store;
    this.#slots.forget(store.sequenceColumn[slot]!);
    if (this.#built) this.#unlist(slot);
    store.release(slot, this.trades);
  }

  /** Takes a forgotten order out of its account's numbering and sets. */
  #unlist(slot: Slot): void {
    const store = this.store;
    const orders = this.#byAccount[store.accountColumn[slot]!]!;
    const listed = store.listed(slot) & ~LISTING_QUEUED;
    if (listed !== UNLISTED) orders.remove(store.ordinal(slot), store.book(slot), listed);
    store.setListed(slot, UNLISTED); // so that a queued entry of the slot is skipped
    orders.forgotten++;
    if (orders.forgotten >= 64 && orders.forgotten * 2 >= orders.sequences.length) {
      this.#compact(orders);
    }
  }

  /** Numbers every indexed order under its account, in sequence order, once. */
  #build(): void {
    if (this.#built) return;
    this.#built = true;
    for (const [sequence, slot] of this.#slots.entries()) this.#number(sequence, slot);
  }

  /** Gives a new order the next number of its account and queues it for the sets. */
  #number(sequence: Sequence, slot: Slot): void {
    const store = this.store;
    const orders = (this.#byAccount[store.accountColumn[slot]!] ??= new AccountOrders());
    store.setListed(slot, UNLISTED);
    store.setOrdinal(slot, orders.sequences.length);
    orders.sequences.push(sequence);
    this.#queue(slot);
  }

  /** Drops the forgotten orders from the account's numbering and rebuilds its sets. */
  #compact(orders: AccountOrders): void {
    this.#syncListings();
    const store = this.store;
    const kept = orders.sequences.filter((sequence) => this.slot(sequence) >= 0);
    orders.sequences = kept;
    orders.forgotten = 0;
    orders.all = new LayeredBitset();
    orders.byBookStatus = [];
    for (let ordinal = 0; ordinal < kept.length; ordinal++) {
      const slot = this.slot(kept[ordinal]!);
      store.setOrdinal(slot, ordinal);
      orders.add(ordinal, store.book(slot), store.statusColumn[slot]!);
    }
  }

  #queue(slot: Slot): void {
    if (this.#queuedCount === MAX_QUEUED) this.#syncListings();
    this.store.setListed(slot, this.store.listed(slot) | LISTING_QUEUED);
    this.#queued[this.#queuedCount++] = slot;
  }

  /** Moves every queued order into the sets of its book and current status. */
  #syncListings(): void {
    const store = this.store;
    for (let i = 0; i < this.#queuedCount; i++) {
      const slot = this.#queued[i]!;
      const listed = store.listed(slot);
      if (listed < LISTING_QUEUED) continue; // forgotten, or its reused slot was synced earlier
      const status = store.statusColumn[slot]!;
      const from = listed & ~LISTING_QUEUED;
      const orders = this.#byAccount[store.accountColumn[slot]!]!;
      if (from === UNLISTED) orders.add(store.ordinal(slot), store.book(slot), status);
      else if (from !== status) orders.move(store.ordinal(slot), store.book(slot), from, status);
      store.setListed(slot, status);
    }
    this.#queuedCount = 0;
  }
}
