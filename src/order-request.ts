import { parsePrice, parseSize, type Instrument } from './instrument.js';
import { invalidParameter, type Failure } from './result.js';
import {
  FLAG_POST_ONLY,
  SIDE_BUY,
  SIDE_SELL,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
} from './numeric.js';
import { orderKind } from './order-kind.js';
import { NO_UNITS, type Units } from './quantities.js';
import { ORDER_TYPES, SIDES, STP_MODES, TIMES_IN_FORCE, type OrderRequest } from './types.js';

/** An order request that passed every check, in instrument units (price 0 for market orders). */
export interface ValidOrder {
  account: string;
  /** See orderKind. */
  kind: number;
  price: Units;
  size: Units;
  clientOrderId: string | null;
  /** 0: no stop. */
  stopPrice: Units;
  /** 0: not gtd. */
  expireAt: number;
}

/** A ValidOrder to be filled in by validateOrderRequest. */
export function blankOrder(): ValidOrder {
  return {
    account: '',
    kind: 0,
    price: NO_UNITS,
    size: NO_UNITS,
    clientOrderId: null,
    stopPrice: NO_UNITS,
    expireAt: 0,
  };
}

export const CLIENT_ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks a request field by field, in this order: account, side, type, size, price, stop_price,
 * time_in_force, expire_at (after `now()`, read only for a gtd order), post_only, stp, client_order_id (the symbol is resolved
 * by the caller). The first failure is returned, naming the contract's field; on success `into`
 * holds the order (the venue reuses one draft, so that placing an order allocates nothing for
 * it); an order naming no stp gets `defaultStp`.
 */
export function validateOrderRequest(
  instrument: Instrument,
  request: OrderRequest,
  into: ValidOrder,
  now: () => number,
  defaultStp: number,
): Failure | undefined {
  const { account, side, type, timeInForce, postOnly, clientOrderId, expireAt, stp } = request;
  if (typeof account !== 'string' || account.length === 0) {
    return invalidParameter('account', 'account must be a non-empty string');
  }
  if (!SIDES.includes(side)) return invalidParameter('side', 'side must be "buy" or "sell"');
  if (!ORDER_TYPES.includes(type))
    return invalidParameter('type', 'type must be "market" or "limit"');
  const size = parseSize(instrument, request.size, 'size');
  if (typeof size !== 'number') return size;
  let price = NO_UNITS;
  if (type === 'limit') {
    if (request.price === undefined)
      return invalidParameter('price', 'price is required for limit orders');
    const parsed = parsePrice(instrument, request.price, 'price');
    if (typeof parsed !== 'number') return parsed;
    price = parsed;
  } else if (request.price !== undefined) {
    return invalidParameter('price', 'price is refused for market orders');
  }
  let stopPrice = NO_UNITS;
  if (request.stopPrice !== undefined) {
    const parsed = parsePrice(instrument, request.stopPrice, 'stop_price');
    if (typeof parsed !== 'number') return parsed;
    stopPrice = parsed;
  }
  if (timeInForce !== undefined) {
    if (type === 'market')
      return invalidParameter('time_in_force', 'time_in_force is for limit orders only');
    if (!TIMES_IN_FORCE.includes(timeInForce)) {
      return invalidParameter(
        'time_in_force',
        'time_in_force must be "gtc", "ioc", "fok" or "gtd"',
      );
    }
  }
  const refusedExpiry = checkExpireAt(timeInForce === 'gtd', expireAt, now);
  if (refusedExpiry !== undefined) return refusedExpiry;
  if (postOnly !== undefined && typeof postOnly !== 'boolean') {
    return invalidParameter('post_only', 'post_only must be a boolean');
  }
  if (postOnly === true && (type !== 'limit' || (timeInForce ?? 'gtc') !== 'gtc')) {
    return invalidParameter('post_only', 'post_only is for limit gtc orders only');
  }
  if (stp !== undefined && !STP_MODES.includes(stp)) {
    return invalidParameter(
      'stp',
      'stp must be "none", "cancel_taker", "cancel_maker" or "cancel_both"',
    );
  }
  if (
    clientOrderId !== undefined &&
    (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID_PATTERN.test(clientOrderId))
  ) {
    return invalidParameter('client_order_id', 'client_order_id must be 1-64 of A-Z a-z 0-9 _ -');
  }
  into.account = account;
  into.kind = orderKind(
    side === 'sell' ? SIDE_SELL : SIDE_BUY,
    type === 'market' ? TYPE_MARKET : TYPE_LIMIT,
    type === 'market' ? TIF_IOC : TIMES_IN_FORCE.indexOf(timeInForce ?? 'gtc'),
    postOnly === true ? FLAG_POST_ONLY : 0,
    stp === undefined ? defaultStp : STP_MODES.indexOf(stp),
  );
  into.price = price;
  into.size = size;
  into.clientOrderId = clientOrderId ?? null;
  into.stopPrice = stopPrice;
  into.expireAt = expireAt ?? 0;
  return undefined;
}

function checkExpireAt(gtd: boolean, expireAt: unknown, now: () => number): Failure | undefined {
  if (expireAt === undefined) {
    return gtd ? invalidParameter('expire_at', 'expire_at is required for gtd orders') : undefined;
  }
  if (!gtd) return invalidParameter('expire_at', 'expire_at is for gtd orders only');
  if (!Number.isSafeInteger(expireAt)) {
    return invalidParameter('expire_at', 'expire_at must be milliseconds since the epoch');
  }
  if ((expireAt as number) <= now()) {
    return invalidParameter('expire_at', "expire_at must be later than the venue's time");
  }
  return undefined;
}
