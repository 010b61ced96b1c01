import { averagePrice } from './average-price.js';
import type { Instrument } from './instrument.js';
import { formatPrice, formatSize } from './instrument.js';
import { fillOf, fillsFrom, MAX_RECORD_FILLS, type FillData } from './order-fills.js';
import type { OrderStore } from './order-store.js';
import type { TradeStore } from './trade-store.js';
import {
  ORDER_STATUSES,
  POST_ONLY_REJECT_REASON,
  type Fill,
  type OrderReason,
  type OrderRecord,
  type OrderStatus,
  type OrderType,
  type SelfTradePrevention,
  type Side,
  type TimeInForce,
} from './types.js';
import type { Sequence, Slot, Units } from './quantities.js';

export function orderId(sequence: Sequence): string {
  return 'ord_' + sequence;
}

/** Parses `ord_<n>` back to n; -1 when the text is not an order id. */
export function orderSequence(id: unknown): Sequence {
  if (typeof id !== 'string' || id.length < 5 || id.length > 20 || !id.startsWith('ord_'))
    return -1 as Sequence;
  if (id.charCodeAt(4) === 48 /* no leading zero */) return -1 as Sequence;
  let sequence = 0;
  for (let i = 4; i < id.length; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1 as Sequence;
    sequence = sequence * 10 + digit;
  }
  return (Number.isSafeInteger(sequence) ? sequence : -1) as Sequence;
}

/** An immutable record of an order as of one moment, copied out of the store; strings are formatted when read. */
export class OrderView implements OrderRecord {
  readonly account: string;
  readonly clientOrderId: string | null;
  readonly side: Side;
  readonly type: OrderType;
  readonly timeInForce: TimeInForce;
  readonly postOnly: boolean;
  readonly status: OrderStatus;
  readonly createdAt: number;
  readonly fillCount: number;
  readonly expireAt: number | null;
  readonly stp: SelfTradePrevention;
  readonly reason: OrderReason | null;
  readonly #stopPrice: Units;
  readonly #instrument: Instrument;
  readonly #sequence: Sequence;
  readonly #price: Units;
  readonly #size: Units;
  readonly #filled: Units;
  readonly #remaining: Units;
  readonly #notional: number | bigint;
  readonly #fills: readonly FillData[];

  constructor(store: OrderStore, trades: TradeStore, slot: Slot, instrument: Instrument) {
    this.#instrument = instrument;
    this.#sequence = store.sequenceColumn[slot]!;
    this.account = store.accountName(slot);
    this.clientOrderId = store.clientOrderId(slot);
    this.side = store.side(slot);
    this.type = store.type(slot);
    this.timeInForce = store.timeInForce(slot);
    this.postOnly = store.postOnly(slot);
    this.status = ORDER_STATUSES[store.statusColumn[slot]!]!;
    this.createdAt = store.createdAt(slot);
    this.#price = store.priceColumn[slot]!;
    this.#size = store.size(slot);
    this.#filled = store.filledColumn[slot]!;
    this.#remaining = store.remainingColumn[slot]!;
    this.#notional = store.notionalOf(slot, trades);
    this.fillCount = store.fillCount(slot);
    const expireAt = store.extras.expireAt(slot);
    this.expireAt = expireAt === 0 ? null : expireAt;
    this.stp = store.stp(slot);
    this.reason = store.reason(slot);
    this.#stopPrice = store.extras.stopPrice(slot);
    this.#fills =
      this.fillCount === 0
        ? NO_FILLS
        : fillsFrom(store, trades, slot, store.firstFill(slot), MAX_RECORD_FILLS).fills;
  }

  get id(): string {
    return orderId(this.#sequence);
  }
  get symbol(): string {
    return this.#instrument.symbol;
  }
  get price(): string | null {
    return this.type === 'market' ? null : formatPrice(this.#instrument, this.#price);
  }
  get size(): string {
    return formatSize(this.#instrument, this.#size);
  }
  get filledSize(): string {
    return formatSize(this.#instrument, this.#filled);
  }
  get remainingSize(): string {
    return formatSize(this.#instrument, this.#remaining);
  }
  get averagePrice(): string | null {
    return averagePrice(this.#instrument, this.#notional, this.#filled);
  }
  get rejectReason(): string | null {
    return this.status === 'rejected' ? POST_ONLY_REJECT_REASON : null;
  }
  get stopPrice(): string | null {
    return this.#stopPrice === 0 ? null : formatPrice(this.#instrument, this.#stopPrice);
  }
  get fills(): readonly Fill[] {
    return this.#fills.map((fill) => fillOf(this.#instrument, fill));
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
      stopPrice: this.stopPrice,
      expireAt: this.expireAt,
      stp: this.stp,
      reason: this.reason,
      fills: this.fills,
      fillCount: this.fillCount,
    };
  }
}

const NO_FILLS: readonly FillData[] = [];
