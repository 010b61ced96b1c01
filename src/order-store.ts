import type { AccountNames } from './account-names.js';
import type { TradeStore } from './trade-store.js';
import { STATUS_OPEN, STATUS_PARTIALLY_FILLED, STATUS_PENDING } from './numeric.js';
import { BIG_NOTIONAL, FillLists } from './fill-lists.js';
import { EXTRA_REASON_SHIFT, EXTRAS_HELD, OrderExtras } from './order-extras.js';
import { KIND_CLIENT_ORDER_ID, KIND_STP_SHIFT } from './order-kind.js';
import type { BrandedColumn, Level, Sequence, Slot, Units } from './quantities.js';
import { grown, SlotPool } from './typed-columns.js';
import {
  ORDER_REASONS,
  ORDER_TYPES,
  SIDES,
  STP_MODES,
  TIMES_IN_FORCE,
  type OrderReason,
  type OrderType,
  type SelfTradePrevention,
  type Side,
  type TimeInForce,
} from './types.js';

/** No slot: the end of a queue. */
export const NO_SLOT = -1 as Slot;

/**
 * In its fills link (see `#links`), an order with one fill names it as ONE_FILL - (trade slot x 2 + 1 when
 * the order was its taker), for trade slots below ONE_FILL_LIMIT; a second fill gives it a row.
 */
const ONE_FILL = -2;
const ONE_FILL_LIMIT = 2 ** 29;
type UnitsColumn = BrandedColumn<Float64Array, Units>;
/** The fields of a slot's pair in `#links`. */
const PREV = 0;
const FILLS = 1;
/**
 * Slots per chunk of the fields matching does not read: they grow by a chunk (256 KB in all),
 * never copied. Slot s is entry s & 0x3fff of chunk s >> 14; the accessors write these as
 * literals, which keeps their bytecode under V8's limit for inlining small functions.
 */
const CHUNK_SLOTS = 2 ** 14;

/**
 * Every order's fields in typed arrays indexed by slot, so that resting orders cost the garbage
 * collector nothing and 78 bytes each (32 more in FillLists from a second fill). Slots of forgotten
 * orders are reused. Amounts are integer units held exactly in float64 (all below 2^53).
 *
 * The fields that matching, cancels and the trade path read are one flat column each (`*Column`),
 * which src indexes directly; they double when full, so never keep one across an `allocate`. One
 * column per field rather than one block per order, and flat rather than chunked: a level's queue
 * is walked through `next`, a compact column that stays in the fast caches, and chunk lookups in
 * the matching loop cost V8's inliner more than the copies save (test/DECISIONS.md). The other
 * fields are in chunks (see CHUNK_SLOTS). Code outside src reads every field through the accessors.
 */
export class OrderStore {
  sequenceColumn = new Float64Array(0) as BrandedColumn<Float64Array, Sequence>;
  priceColumn = new Float64Array(0) as UnitsColumn;
  remainingColumn = new Float64Array(0) as UnitsColumn;
  filledColumn = new Float64Array(0) as UnitsColumn;
  createdAtColumn = new Float64Array(0);
  /** The order after this one in its queue, or NO_SLOT. */
  nextColumn = new Int32Array(0) as BrandedColumn<Int32Array, Slot>;
  /**
   * While the order rests: its price level (a number of its side's ladder), so that taking it off
   * the book reads its level's record without finding the level by price.
   */
  levelColumn = new Int32Array(0) as BrandedColumn<Int32Array, Level>;
  /**
   * Two Int32s a slot, side by side so that filling and unlinking a maker read one cache line:
   * the order's previous one in its queue (PREV), and its fills (FILLS): its row of `fillLists`,
   * its one fill (see ONE_FILL), or NO_SLOT before its first fill.
   */
  #links = new Int32Array(0);
  /**
   * Bit 0 sell, bit 1 market, bits 2-3 time in force, bit 4 post-only, bit 5 has a client order
   * id, bits 6-7 the self-trade prevention mode.
   */
  kindColumn = new Uint8Array(0);
  statusColumn = new Uint8Array(0);
  accountColumn = new Int32Array(0);
  readonly #size: Float64Array[] = [];
  /** Index of the order's book in the venue. */
  readonly #book: Uint16Array[] = [];
  /**
   * Bit 0 has a stop price, bit 1 an expiry time, bit 2 joined its queue after its own placement
   * (their values are in `extras`); bits 4-7 the reason code (ORDER_REASONS).
   */
  readonly #extraBits: Uint8Array[] = [];
  /** The order's number among its account's orders (see OrderIndex). */
  readonly #ordinal: Int32Array[] = [];
  /** The status the account's listing sets hold the order under, plus a pending bit (see OrderIndex). */
  readonly #listed: Uint8Array[] = [];
  /** The fills of the orders that have any. */
  readonly fillLists = new FillLists();
  /** Client order ids by slot, for the orders that have one. */
  readonly #clientOrderIds = new Map<Slot, string>();
  /** Stop prices, expiry times, queue rejoins and notionals past 2^53, for the orders that have one. */
  readonly extras = new OrderExtras(this);
  readonly #slots = new SlotPool((capacity) => this.#grow(capacity));

  /**
   * A new open order; `kind` from orderKind, amounts in units. The caller writes its `createdAt`:
   * a time (beyond 2^31) passed as an argument would be allocated as a heap number on every call.
   */
  allocate(
    sequence: Sequence,
    book: number,
    account: number,
    kind: number,
    price: Units,
    size: Units,
    clientOrderId: string | null,
  ): Slot {
    const slot = this.#slots.take() as Slot;
    const chunk = slot >> 14;
    const at = slot & 0x3fff;
    if (chunk === this.#size.length) this.#addChunk();
    this.sequenceColumn[slot] = sequence;
    this.priceColumn[slot] = price;
    this.#size[chunk]![at] = size;
    this.remainingColumn[slot] = size;
    this.filledColumn[slot] = 0 as Units;
    this.#links[slot * 2 + PREV] = NO_SLOT;
    this.#links[slot * 2 + FILLS] = NO_SLOT;
    this.nextColumn[slot] = NO_SLOT;
    this.#book[chunk]![at] = book;
    this.statusColumn[slot] = STATUS_OPEN;
    this.accountColumn[slot] = account;
    if (clientOrderId === null) {
      this.kindColumn[slot] = kind;
    } else {
      this.kindColumn[slot] = kind | KIND_CLIENT_ORDER_ID;
      this.#clientOrderIds.set(slot, clientOrderId);
    }
    this.#extraBits[chunk]![at] = 0;
    return slot;
  }

  setReason(slot: Slot, reason: number): void {
    this.setExtraBits(slot, (this.extraBits(slot) & 15) | (reason << EXTRA_REASON_SHIFT));
  }

  reason(slot: Slot): OrderReason | null {
    return ORDER_REASONS[this.extraBits(slot) >> EXTRA_REASON_SHIFT]!;
  }

  /** The self-trade prevention mode code (STP_NONE ...). */
  stpCode(slot: Slot): number {
    return this.kindColumn[slot]! >> KIND_STP_SHIFT;
  }

  stp(slot: Slot): SelfTradePrevention {
    return STP_MODES[this.stpCode(slot)]!;
  }

  /**
   * Frees the slot and lets its fills go. Only an order with a FillLists row walks its list, and
   * it stops at its count: the last fill's row, like a single fill's, is not read.
   */
  release(slot: Slot, trades: TradeStore): void {
    const fills = this.#fills(slot);
    if (fills < NO_SLOT) {
      trades.release((ONE_FILL - fills) >> 1);
    } else if (fills >= 0) {
      const lists = this.fillLists;
      const sequence = this.sequenceColumn[slot]!;
      let fill = lists.first(fills);
      for (let left = lists.count(fills); left > 1; left--) {
        const next = trades.nextFill(fill, sequence);
        trades.release(fill);
        fill = next;
      }
      trades.release(fill);
      if (lists.notional(fills) === BIG_NOTIONAL) this.extras.forgetBigNotional(slot);
      lists.close(fills);
    }
    // Only an order with an id, or with extras, has an entry: a delete from a map that holds
    // other orders' ids costs a hash probe per order.
    if ((this.kindColumn[slot]! & KIND_CLIENT_ORDER_ID) !== 0) this.#clientOrderIds.delete(slot);
    const extras = this.extraBits(slot) & EXTRAS_HELD;
    if (extras !== 0) this.extras.forget(slot, extras);
    this.#slots.give(slot);
  }

  constructor(readonly accounts: AccountNames) {}

  accountName(slot: Slot): string {
    return this.accounts.name(this.accountColumn[slot]!);
  }

  clientOrderId(slot: Slot): string | null {
    return (this.kindColumn[slot]! & KIND_CLIENT_ORDER_ID) === 0
      ? null
      : this.#clientOrderIds.get(slot)!;
  }

  side(slot: Slot): Side {
    return SIDES[this.kindColumn[slot]! & 1]!;
  }
  isSell(slot: Slot): boolean {
    return (this.kindColumn[slot]! & 1) === 1;
  }
  type(slot: Slot): OrderType {
    return ORDER_TYPES[(this.kindColumn[slot]! >> 1) & 1]!;
  }
  isMarket(slot: Slot): boolean {
    return (this.kindColumn[slot]! & 2) === 2;
  }
  timeInForce(slot: Slot): TimeInForce {
    return TIMES_IN_FORCE[(this.kindColumn[slot]! >> 2) & 3]!;
  }
  postOnly(slot: Slot): boolean {
    return (this.kindColumn[slot]! & 16) === 16;
  }
  /** Open or partially filled: resting on the book. */
  isOpen(slot: Slot): boolean {
    return this.statusColumn[slot]! <= STATUS_PARTIALLY_FILLED;
  }
  /** Resting, or a stop waiting for its trigger: what cancel, reduce and amend act on. */
  isLive(slot: Slot): boolean {
    return (
      this.statusColumn[slot]! <= STATUS_PARTIALLY_FILLED ||
      this.statusColumn[slot]! === STATUS_PENDING
    );
  }

  /**
   * Appends a trade (`size` units at `price`) to the order's fills (`taker`: 1 when the order is
   * its taker, else 0), counting it and its notional. The order's filled size already counts it.
   */
  addFill(
    slot: Slot,
    trade: number,
    taker: number,
    price: Units,
    size: Units,
    trades: TradeStore,
  ): void {
    // The caller has added `size` to the order's filled size, the sum of its fills (invariant 5):
    // when that is all of it, this is its first fill, and its fills link (a cache miss for a maker
    // new to the caches) is not read.
    const fills = this.filledColumn[slot] === size ? NO_SLOT : this.#fills(slot);
    const added = price * size;
    if (fills === NO_SLOT && trade < ONE_FILL_LIMIT && added <= Number.MAX_SAFE_INTEGER) {
      this.#setFills(slot, ONE_FILL - (trade * 2 + taker));
      return;
    }
    const lists = this.fillLists;
    let notional = 0;
    if (fills === NO_SLOT) {
      this.#setFills(slot, lists.open(trade, taker, added));
    } else {
      const row = fills >= 0 ? fills : this.#rowOfOneFill(slot, trades);
      const last = lists.last(row);
      if (last > 0) trades.setNextOfMaker(last - 1, trade);
      else trades.setNextOfTaker(-1 - last, trade);
      notional = lists.notional(row);
      lists.append(row, trade, taker, notional + added);
    }
    if (notional === BIG_NOTIONAL || added > Number.MAX_SAFE_INTEGER - notional) {
      this.extras.addBigNotional(slot, notional, price, size);
      lists.setBigNotional(this.#fills(slot));
    }
  }

  /** Moves an order's one fill, named in its fills link, into a FillLists row. */
  #rowOfOneFill(slot: Slot, trades: TradeStore): number {
    const last = ONE_FILL - this.#fills(slot);
    const trade = last >> 1;
    const row = this.fillLists.open(trade, last & 1, trades.price(trade) * trades.size(trade));
    this.#setFills(slot, row);
    return row;
  }

  /** The order's first fill (a trade slot), or NO_SLOT. */
  firstFill(slot: Slot): number {
    const fills = this.#fills(slot);
    if (fills === NO_SLOT) return NO_SLOT;
    if (fills >= 0) return this.fillLists.first(fills);
    return (ONE_FILL - fills) >> 1;
  }

  fillCount(slot: Slot): number {
    const fills = this.#fills(slot);
    return fills === NO_SLOT ? 0 : fills < 0 ? 1 : this.fillLists.count(fills);
  }

  /** The exact sum of the order's fills' price x size units. */
  notionalOf(slot: Slot, trades: TradeStore): number | bigint {
    const fills = this.#fills(slot);
    if (fills === NO_SLOT) return 0;
    if (fills < 0) {
      const trade = this.firstFill(slot);
      return trades.price(trade) * trades.size(trade); // at most 2^53: addFill checked it
    }
    const notional = this.fillLists.notional(fills);
    return notional === BIG_NOTIONAL ? this.extras.bigNotional(slot) : notional;
  }

  /** Whether any order in the store has a client order id. */
  get anyClientOrderId(): boolean {
    return this.#clientOrderIds.size !== 0;
  }

  /** The fields by slot, for code that does not index the columns (see the class comment). */
  sequence(slot: Slot): Sequence {
    return this.sequenceColumn[slot]!;
  }
  price(slot: Slot): Units {
    return this.priceColumn[slot]!;
  }
  size(slot: Slot): Units {
    return this.#size[slot >> 14]![slot & 0x3fff]! as Units;
  }
  setSize(slot: Slot, value: Units): void {
    this.#size[slot >> 14]![slot & 0x3fff] = value;
  }
  remaining(slot: Slot): Units {
    return this.remainingColumn[slot]!;
  }
  filled(slot: Slot): Units {
    return this.filledColumn[slot]!;
  }
  createdAt(slot: Slot): number {
    return this.createdAtColumn[slot]!;
  }
  next(slot: Slot): Slot {
    return this.nextColumn[slot]!;
  }
  /** The order before this one in its queue, or NO_SLOT. */
  prev(slot: Slot): Slot {
    return this.#links[slot * 2 + PREV]! as Slot;
  }
  setPrev(slot: Slot, prev: Slot): void {
    this.#links[slot * 2 + PREV] = prev;
  }
  #fills(slot: Slot): number {
    return this.#links[slot * 2 + FILLS]!;
  }
  #setFills(slot: Slot, fills: number): void {
    this.#links[slot * 2 + FILLS] = fills;
  }
  /** The order's account id (see AccountNames). */
  account(slot: Slot): number {
    return this.accountColumn[slot]!;
  }
  ordinal(slot: Slot): number {
    return this.#ordinal[slot >> 14]![slot & 0x3fff]!;
  }
  setOrdinal(slot: Slot, value: number): void {
    this.#ordinal[slot >> 14]![slot & 0x3fff] = value;
  }
  book(slot: Slot): number {
    return this.#book[slot >> 14]![slot & 0x3fff]!;
  }
  /** The status code (STATUS_OPEN ...); OrderIndex.setStatus changes it. */
  status(slot: Slot): number {
    return this.statusColumn[slot]!;
  }
  extraBits(slot: Slot): number {
    return this.#extraBits[slot >> 14]![slot & 0x3fff]!;
  }
  setExtraBits(slot: Slot, value: number): void {
    this.#extraBits[slot >> 14]![slot & 0x3fff] = value;
  }
  listed(slot: Slot): number {
    return this.#listed[slot >> 14]![slot & 0x3fff]!;
  }
  setListed(slot: Slot, value: number): void {
    this.#listed[slot >> 14]![slot & 0x3fff] = value;
  }

  #grow(capacity: number): void {
    this.sequenceColumn = grown(this.sequenceColumn, capacity);
    this.priceColumn = grown(this.priceColumn, capacity);
    this.remainingColumn = grown(this.remainingColumn, capacity);
    this.filledColumn = grown(this.filledColumn, capacity);
    this.nextColumn = grown(this.nextColumn, capacity);
    this.levelColumn = grown(this.levelColumn, capacity);
    this.statusColumn = grown(this.statusColumn, capacity);
    this.accountColumn = grown(this.accountColumn, capacity);
    this.kindColumn = grown(this.kindColumn, capacity);
    this.createdAtColumn = grown(this.createdAtColumn, capacity);
    this.#links = grown(this.#links, capacity * 2);
  }

  /** A chunk more of the fields matching does not read (see CHUNK_SLOTS). */
  #addChunk(): void {
    this.#size.push(new Float64Array(CHUNK_SLOTS));
    this.#book.push(new Uint16Array(CHUNK_SLOTS));
    this.#extraBits.push(new Uint8Array(CHUNK_SLOTS));
    this.#ordinal.push(new Int32Array(CHUNK_SLOTS));
    this.#listed.push(new Uint8Array(CHUNK_SLOTS));
  }
}
