/**
 * The reference model's markets and orders: an instrument spec read with exact decimals, the
 * contract's validation of an order request, and an order's record as the venue must write it.
 */
import type {
  Fill,
  InstrumentSpec,
  OrderRecord,
  OrderReason,
  OrderRequest,
  OrderStatus,
  SelfTradePrevention,
  TimeInForce,
} from '../../src/index.js';
import { ONE, decimalsOf, formatDecimal, formatQuotient, parseDecimal } from './exact-decimal.js';

/** A record carries an order's first 100 fills (the venue's documented MAX_RECORD_FILLS). */
const MAX_RECORD_FILLS = 100;

export interface ModelError {
  readonly code: string;
  readonly field?: string;
}
export type Refusal = { ok: false; error: ModelError };
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const invalid = (field: string): Refusal => ({
  ok: false,
  error: { code: 'invalid_parameter', field },
});
export const refusal = (code: string): Refusal => ({ ok: false, error: { code } });

export interface Market {
  readonly symbol: string;
  readonly tick: bigint;
  readonly lot: bigint;
  readonly minSize: bigint;
  readonly maxSize: bigint | null;
  readonly referencePrice: bigint | null;
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
}

export function marketOf(spec: InstrumentSpec): Market {
  const value = (text: string) => parseDecimal(text) ?? 0n;
  return {
    symbol: spec.symbol,
    tick: value(spec.tickSize),
    lot: value(spec.lotSize),
    minSize: value(spec.minSize ?? spec.lotSize),
    maxSize: spec.maxSize === undefined ? null : value(spec.maxSize),
    referencePrice: spec.referencePrice === undefined ? null : value(spec.referencePrice),
    priceDecimals: decimalsOf(spec.tickSize),
    sizeDecimals: decimalsOf(spec.lotSize),
  };
}

export interface ModelOrder {
  /** n of `ord_<n>`: the order's place in time. */
  readonly arrival: number;
  readonly id: string;
  readonly market: Market;
  readonly request: OrderRequest;
  /** Null for market orders; an amend may change it. */
  price: bigint | null;
  /** An amend may change it. */
  size: bigint;
  readonly timeInForce: TimeInForce;
  readonly stopPrice: bigint | null;
  readonly expireAt: number | null;
  readonly stp: SelfTradePrevention;
  readonly createdAt: number;
  /** Its place in its level's queue: a count of the times any order came to rest. */
  queued: number;
  filled: bigint;
  remaining: bigint;
  status: OrderStatus;
  reason: OrderReason | null;
  readonly fills: { tradeId: string; price: bigint; size: bigint }[];
}

export type ValidOrder = Pick<
  ModelOrder,
  'price' | 'size' | 'timeInForce' | 'stopPrice' | 'expireAt' | 'stp'
>;

const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const STP_MODES = ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'];

/** A positive multiple of `step`, or null. */
export function onGrid(text: string, step: bigint): bigint | null {
  const value = parseDecimal(text);
  return value === null || value === 0n || value % step !== 0n ? null : value;
}

/** Whether `size` is a valid order size on the market. */
export function isOrderSize(market: Market, size: bigint | null): size is bigint {
  return (
    size !== null &&
    size % market.lot === 0n &&
    size >= market.minSize &&
    (market.maxSize === null || size <= market.maxSize)
  );
}

/** The contract's checks of an order request on a listed market, at time `now`. */
export function validateOrder(
  market: Market,
  request: OrderRequest,
  now: number,
): Outcome<ValidOrder> {
  const size = parseDecimal(request.size);
  if (size === null || size % market.lot !== 0n || size < market.minSize) return invalid('size');
  if (market.maxSize !== null && size > market.maxSize) return invalid('size');
  let price: bigint | null = null;
  if (request.type === 'limit') {
    price = request.price === undefined ? null : parseDecimal(request.price);
    if (price === null || price === 0n || price % market.tick !== 0n) return invalid('price');
  } else if (request.price !== undefined) {
    return invalid('price');
  }
  let stopPrice: bigint | null = null;
  if (request.stopPrice !== undefined) {
    stopPrice = onGrid(request.stopPrice, market.tick);
    if (stopPrice === null) return invalid('stop_price');
  }
  if (request.type === 'market' && request.timeInForce !== undefined) {
    return invalid('time_in_force');
  }
  const timeInForce = request.type === 'market' ? 'ioc' : (request.timeInForce ?? 'gtc');
  const { expireAt } = request;
  if ((timeInForce === 'gtd') !== (expireAt !== undefined)) return invalid('expire_at');
  if (expireAt !== undefined && (!Number.isSafeInteger(expireAt) || expireAt <= now)) {
    return invalid('expire_at');
  }
  if (request.postOnly === true && timeInForce !== 'gtc') return invalid('post_only');
  if (request.stp !== undefined && !STP_MODES.includes(request.stp)) return invalid('stp');
  const { clientOrderId } = request;
  if (clientOrderId !== undefined && !CLIENT_ORDER_ID.test(clientOrderId)) {
    return invalid('client_order_id');
  }
  const stp = request.stp ?? 'none';
  return {
    ok: true,
    value: { price, size, timeInForce, stopPrice, expireAt: expireAt ?? null, stp },
  };
}

export function isOpen(status: OrderStatus): boolean {
  return status === 'open' || status === 'partially_filled';
}

/** Open, or a stop waiting: what cancel, reduce and amend act on. */
export function isLive(status: OrderStatus): boolean {
  return isOpen(status) || status === 'pending';
}

export function recordOf(order: ModelOrder): OrderRecord {
  const { market, request } = order;
  const { priceDecimals, sizeDecimals } = market;
  const price = (value: bigint) => formatDecimal(value, priceDecimals);
  const size = (value: bigint) => formatDecimal(value, sizeDecimals);
  const fills: Fill[] = order.fills.slice(0, MAX_RECORD_FILLS).map((fill) => ({
    tradeId: fill.tradeId,
    price: price(fill.price),
    size: size(fill.size),
  }));
  // The size-weighted mean price: exact at the tick's decimals, or with up to the lot's decimals
  // more where that makes it exact, else rounded half to even there (the venue's documented rule).
  const notional = order.fills.reduce((sum, fill) => sum + fill.price * fill.size, 0n);
  const maxDecimals = priceDecimals + sizeDecimals;
  const averagePrice =
    order.filled === 0n
      ? null
      : formatQuotient(notional, order.filled * ONE, priceDecimals, maxDecimals);
  return {
    id: order.id,
    clientOrderId: request.clientOrderId ?? null,
    account: request.account,
    symbol: market.symbol,
    side: request.side,
    type: request.type,
    price: order.price === null ? null : price(order.price),
    size: size(order.size),
    filledSize: size(order.filled),
    remainingSize: size(order.remaining),
    averagePrice,
    status: order.status,
    timeInForce: order.timeInForce,
    postOnly: request.postOnly ?? false,
    createdAt: order.createdAt,
    rejectReason: order.status === 'rejected' ? 'post_only_would_take' : null,
    stopPrice: order.stopPrice === null ? null : price(order.stopPrice),
    expireAt: order.expireAt,
    stp: order.stp,
    reason: order.reason,
    fills,
    fillCount: order.fills.length,
  };
}
