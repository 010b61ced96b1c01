import type { Trade } from './trade.js';
import type { OrderStatus, OrderType, Side, TimeInForce } from './types.js';

/** No slot: the end of a queue. */
export const NO_SLOT = -1;

const SIDE_CODES: readonly Side[] = ['buy', 'sell'];
const TYPE_CODES: readonly OrderType[] = ['limit', 'market'];
const TIF_CODES: readonly TimeInForce[] = ['gtc', 'ioc', 'fok'];
export const STATUS_CODES: readonly OrderStatus[] = [
  'open',
  'partially_filled',
  'filled',
  'cancelled',
  'expired',
  'rejected',
];
export const OPEN = 0;
export const PARTIALLY_FILLED = 1;
export const FILLED = 2;
export const CANCELLED = 3;
export const EXPIRED = 4;
export const REJECTED = 5;

/** What an order is created with. */
export interface OrderFields {
  readonly account: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly timeInForce: TimeInForce;
  readonly postOnly: boolean;
  readonly price: number;
  readonly size: number;
  readonly clientOrderId: string | null;
}

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
  /** Index of the order's book in the venue. */
  book = new Uint16Array(0);
  /** Bit 0 sell, bit 1 market, bits 2-3 time in force, bit 4 post-only. */
  kind = new Uint8Array(0);
  status = new Uint8Array(0);
  account: string[] = [];
  clientOrderId: (string | null)[] = [];
  /** One trade, or several in order, or undefined before the first fill. */
  fills: (Trade | Trade[] | undefined)[] = [];
  #capacity = 0;
  #used = 0;
  readonly #free: number[] = [];

  allocate(sequence: number, book: number, createdAt: number, fields: OrderFields): number {
    const slot = this.#free.length > 0 ? this.#free.pop()! : this.#fresh();
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
    this.account[slot] = fields.account;
    this.clientOrderId[slot] = fields.clientOrderId;
    this.fills[slot] = undefined;
    return slot;
  }

  release(slot: number): void {
    this.account[slot] = '';
    this.clientOrderId[slot] = null;
    this.fills[slot] = undefined;
    this.#free.push(slot);
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

  addFill(slot: number, trade: Trade): void {
    const fills = this.fills[slot];
    if (fills === undefined) this.fills[slot] = trade;
    else if (Array.isArray(fills)) fills.push(trade);
    else this.fills[slot] = [fills, trade];
  }

  #fresh(): number {
    if (this.#used === this.#capacity) this.#grow(Math.max(1024, this.#capacity * 2));
    return this.#used++;
  }

  #grow(capacity: number): void {
    const grow = <T extends Float64Array | Int32Array | Uint16Array | Uint8Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const bigger = make(capacity);
      bigger.set(old);
      return bigger;
    };
    this.sequence = grow(this.sequence, (n) => new Float64Array(n));
    this.price = grow(this.price, (n) => new Float64Array(n));
    this.size = grow(this.size, (n) => new Float64Array(n));
    this.remaining = grow(this.remaining, (n) => new Float64Array(n));
    this.filled = grow(this.filled, (n) => new Float64Array(n));
    this.createdAt = grow(this.createdAt, (n) => new Float64Array(n));
    this.prev = grow(this.prev, (n) => new Int32Array(n));
    this.next = grow(this.next, (n) => new Int32Array(n));
    this.book = grow(this.book, (n) => new Uint16Array(n));
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
    this.status = grow(this.status, (n) => new Uint8Array(n));
    this.#capacity = capacity;
  }
}
