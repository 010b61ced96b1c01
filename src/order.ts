import type { Instrument } from './instrument.js';
import { formatPrice, formatSize } from './instrument.js';
import { averagePrice } from './average-price.js';
import type { Trade } from './trade.js';
import {
  POST_ONLY_REJECT_REASON,
  type Fill,
  type OrderRecord,
  type OrderStatus,
  type OrderType,
  type Side,
  type TimeInForce,
} from './types.js';

/**
 * An order inside the venue: integers in instrument units, linked into its price level's queue
 * while it rests. Only the venue mutates it; callers see `OrderView` snapshots.
 */
export class Order {
  prev: Order | null = null;
  next: Order | null = null;
  filled = 0;
  status: OrderStatus = 'open';
  fills: Trade[] | null = null;

  constructor(
    readonly sequence: number,
    readonly instrument: Instrument,
    readonly account: string,
    readonly side: Side,
    readonly type: OrderType,
    readonly timeInForce: TimeInForce,
    readonly postOnly: boolean,
    /** Price units; 0 for market orders. */
    readonly price: number,
    readonly size: number,
    /** Size units still to fill; reduced by fills, reduces and cancels. */
    public remaining: number,
    readonly createdAt: number,
    readonly clientOrderId: string | null,
  ) {}

  get isOpen(): boolean {
    return this.status === 'open' || this.status === 'partially_filled';
  }
}

export function orderId(sequence: number): string {
  return 'ord_' + sequence;
}

/** Parses `ord_<n>` back to n; -1 when the text is not an order id. */
export function orderSequence(id: string): number {
  if (!id.startsWith('ord_') || id.length > 20) return -1;
  const digits = id.slice(4);
  if (!/^[1-9][0-9]*$/.test(digits)) return -1;
  const sequence = Number(digits);
  return Number.isSafeInteger(sequence) ? sequence : -1;
}

/** An immutable record of an order as of one moment; strings are formatted when read. */
export class OrderView implements OrderRecord {
  readonly status: OrderStatus;
  readonly #order: Order;
  readonly #filled: number;
  readonly #remaining: number;
  readonly #fillCount: number;

  constructor(order: Order) {
    this.#order = order;
    this.status = order.status;
    this.#filled = order.filled;
    this.#remaining = order.remaining;
    this.#fillCount = order.fills === null ? 0 : order.fills.length;
  }

  get id(): string {
    return orderId(this.#order.sequence);
  }
  get clientOrderId(): string | null {
    return this.#order.clientOrderId;
  }
  get account(): string {
    return this.#order.account;
  }
  get symbol(): string {
    return this.#order.instrument.symbol;
  }
  get side(): Side {
    return this.#order.side;
  }
  get type(): OrderType {
    return this.#order.type;
  }
  get price(): string | null {
    const order = this.#order;
    return order.type === 'market' ? null : formatPrice(order.instrument, order.price);
  }
  get size(): string {
    return formatSize(this.#order.instrument, this.#order.size);
  }
  get filledSize(): string {
    return formatSize(this.#order.instrument, this.#filled);
  }
  get remainingSize(): string {
    return formatSize(this.#order.instrument, this.#remaining);
  }
  get averagePrice(): string | null {
    return averagePrice(this.#order.instrument, this.#tradesSoFar());
  }
  get timeInForce(): TimeInForce {
    return this.#order.timeInForce;
  }
  get postOnly(): boolean {
    return this.#order.postOnly;
  }
  get createdAt(): number {
    return this.#order.createdAt;
  }
  get rejectReason(): string | null {
    return this.status === 'rejected' ? POST_ONLY_REJECT_REASON : null;
  }
  get fills(): readonly Fill[] {
    return this.#tradesSoFar().map((trade) => ({
      tradeId: trade.id,
      price: trade.price,
      size: trade.size,
    }));
  }

  /** The record as a plain object (what `JSON.stringify` writes). */
  toJSON(): OrderRecord {
    return {
      id: this.id,
      clientOrderId: this.clientOrderId,
      account: this.account,
      symbol: this.symbol,
      side: this.side,
      type: this.type,
      price: this.price,
      size: this.size,
      filledSize: this.filledSize,
      remainingSize: this.remainingSize,
      averagePrice: this.averagePrice,
      status: this.status,
      timeInForce: this.timeInForce,
      postOnly: this.postOnly,
      createdAt: this.createdAt,
      rejectReason: this.rejectReason,
      fills: this.fills,
    };
  }

  #tradesSoFar(): readonly Trade[] {
    const fills = this.#order.fills;
    if (fills === null || this.#fillCount === 0) return [];
    return fills.length === this.#fillCount ? fills : fills.slice(0, this.#fillCount);
  }
}
