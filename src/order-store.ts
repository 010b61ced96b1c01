import type { AccountNames } from './account-names.js';
import type { ValidOrder } from './order-request.js';
import type { TradeStore } from './trade-store.js';
import { grown, SlotPool } from './typed-columns.js';
import type { OrderType, Side, TimeInForce } from './types.js';

/** No slot: the end of a queue. */
export const NO_SLOT = -1;
/** In the `notional` column: the sum passed 2^53 and is held as a BigInt. */
const BIG_NOTIONAL = -1;

const SIDE_CODES: readonly Side[] = ['buy', 'sell'];
const TYPE_CODES: readonly OrderType[] = ['limit', 'market'];
const TIF_CODES: readonly TimeInForce[] = ['gtc', 'ioc', 'fok'];
/** Status codes: indexes of ORDER_STATUSES. */
export const OPEN = 0;
export const PARTIALLY_FILLED = 1;
export const FILLED = 2;
export const CANCELLED = 3;
export const EXPIRED = 4;
export const REJECTED = 5;

/**
 * Every order's fields in parallel typed arrays indexed by slot, so that resting orders cost the
 * garbage collector nothing and about 80 bytes each. Slots of forgotten orders are reused.
 * Amounts are integer units held exactly in float64 (all below 2^53). Hot code reads the arrays
 * directly; they are replaced when the store grows, so never keep one across an `allocate`.
 */
export class OrderStore {
  sequence = new Float64Array(0);
  price = new Float64Array(0);
  size = new Float64Array(0);
  remaining = new Float64Array(0);
  filled = new Float64Array(0);
  createdAt = new Float64Array(0);
  prev = new Int32Array(0);
  next = new Int32Array(0);
  /** The order's first and last fill (trade slots, linked through the TradeStore), or NO_SLOT. */
  firstFill = new Int32Array(0);
  lastFill = new Int32Array(0);
  fillCount = new Float64Array(0);
  /** Sum of the fills' price x size units while exact (at most 2^53), else BIG_NOTIONAL. */
  notional = new Float64Array(0);
  /** Index of the order's book in the venue. */
  book = new Uint16Array(0);
  /** Bit 0 sell, bit 1 market, bits 2-3 time in force, bit 4 post-only. */
  kind = new Uint8Array(0);
  status = new Uint8Array(0);
  account = new Int32Array(0);
  /** The order's number among its account's orders (see OrderIndex). */
  ordinal = new Int32Array(0);
  /** Client order ids by slot, for the orders that have one. */
  readonly #clientOrderIds = new Map<number, string>();
  /** The notional of the slots whose `notional` column is BIG_NOTIONAL. */
  readonly #bigNotionals = new Map<number, bigint>();
  readonly #slots = new SlotPool((capacity) => this.#grow(capacity));

  allocate(sequence: number, book: number, createdAt: number, fields: ValidOrder): number {
    const slot = this.#slots.take();
    this.sequence[slot] = sequence;
    this.price[slot] = fields.price;
    this.size[slot] = fields.size;
    this.remaining[slot] = fields.size;
    this.filled[slot] = 0;
    this.createdAt[slot] = createdAt;
    this.prev[slot] = NO_SLOT;
    this.next[slot] = NO_SLOT;
    this.book[slot] = book;
    this.kind[slot] =
      (fields.side === 'sell' ? 1 : 0) |
      (fields.type === 'market' ? 2 : 0) |
      (TIF_CODES.indexOf(fields.timeInForce) << 2) |
      (fields.postOnly ? 16 : 0);
    this.status[slot] = OPEN;
    this.account[slot] = this.accounts.id(fields.account);
    if (fields.clientOrderId !== null) this.#clientOrderIds.set(slot, fields.clientOrderId);
    this.firstFill[slot] = NO_SLOT;
    this.lastFill[slot] = NO_SLOT;
    this.fillCount[slot] = 0;
    this.notional[slot] = 0;
    return slot;
  }

  /** Frees the slot and lets its fills go. */
  release(slot: number, trades: TradeStore): void {
    const sequence = this.sequence[slot]!;
    for (let fill = this.firstFill[slot]!; fill !== NO_SLOT;) {
      const next = trades.nextFill(fill, sequence);
      trades.release(fill);
      fill = next;
    }
    this.#clientOrderIds.delete(slot);
    this.#bigNotionals.delete(slot);
    this.#slots.give(slot);
  }

  constructor(readonly accounts: AccountNames) {}

  accountName(slot: number): string {
    return this.accounts.name(this.account[slot]!);
  }

  clientOrderId(slot: number): string | null {
    return this.#clientOrderIds.get(slot) ?? null;
  }

  side(slot: number): Side {
    return SIDE_CODES[this.kind[slot]! & 1]!;
  }
  isSell(slot: number): boolean {
    return (this.kind[slot]! & 1) === 1;
  }
  type(slot: number): OrderType {
    return TYPE_CODES[(this.kind[slot]! >> 1) & 1]!;
  }
  isMarket(slot: number): boolean {
    return (this.kind[slot]! & 2) === 2;
  }
  timeInForce(slot: number): TimeInForce {
    return TIF_CODES[(this.kind[slot]! >> 2) & 3]!;
  }
  postOnly(slot: number): boolean {
    return (this.kind[slot]! & 16) === 16;
  }
  isOpen(slot: number): boolean {
    return this.status[slot]! <= PARTIALLY_FILLED;
  }

  /** Appends a trade to the order's fills, counting it and its notional. */
  addFill(slot: number, trade: number, trades: TradeStore): void {
    const last = this.lastFill[slot]!;
    if (last === NO_SLOT) this.firstFill[slot] = trade;
    else trades.linkFill(last, trade, this.sequence[slot]!);
    this.lastFill[slot] = trade;
    this.fillCount[slot]!++;
    const price = trades.price[trade]!;
    const size = trades.size[trade]!;
    const notional = this.notional[slot]!;
    const added = price * size;
    if (notional !== BIG_NOTIONAL && added <= Number.MAX_SAFE_INTEGER - notional) {
      this.notional[slot] = notional + added;
    } else {
      const before = notional === BIG_NOTIONAL ? this.#bigNotionals.get(slot)! : BigInt(notional);
      this.#bigNotionals.set(slot, before + BigInt(price) * BigInt(size));
      this.notional[slot] = BIG_NOTIONAL;
    }
  }

  /** The exact sum of the order's fills' price x size units. */
  notionalOf(slot: number): number | bigint {
    const notional = this.notional[slot]!;
    return notional === BIG_NOTIONAL ? this.#bigNotionals.get(slot)! : notional;
  }

  #grow(capacity: number): void {
    this.sequence = grown(this.sequence, capacity);
    this.price = grown(this.price, capacity);
    this.size = grown(this.size, capacity);
    this.remaining = grown(this.remaining, capacity);
    this.filled = grown(this.filled, capacity);
    this.createdAt = grown(this.createdAt, capacity);
    this.account = grown(this.account, capacity);
    this.ordinal = grown(this.ordinal, capacity);
    this.prev = grown(this.prev, capacity);
    this.next = grown(this.next, capacity);
    this.firstFill = grown(this.firstFill, capacity);
    this.lastFill = grown(this.lastFill, capacity);
    this.fillCount = grown(this.fillCount, capacity);
    this.notional = grown(this.notional, capacity);
    this.book = grown(this.book, capacity);
    this.kind = grown(this.kind, capacity);
    this.status = grown(this.status, capacity);
  }
}
