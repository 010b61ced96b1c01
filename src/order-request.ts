import { parsePrice, parseSize, type Instrument } from './instrument.js';
import { invalidParameter, type Failure } from './result.js';
import {
  ACTION_NEW,
  FLAG_POST_ONLY,
  SIDE_BUY,
  SIDE_SELL,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
} from './numeric.js';
import type { OrderCommand } from './order-command.js';
import { lotsToUnits, NO_UNITS, type Lots, type Ticks } from './quantities.js';
import {
  ORDER_TYPES,
  SIDES,
  STP_MODES,
  TIMES_IN_FORCE,
  type OrderRequest,
  type QuoteOrderRequest,
} from './types.js';

export const CLIENT_ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks a request field by field, in this order: account, side, type, size, price, stop_price,
 * time_in_force, expire_at (after `now()`, read only for a gtd order), post_only, stp,
 * client_order_id (the symbol is resolved by the caller). The first failure is returned, naming
 * the contract's field; on success `into` holds the order in ticks and lots, all but its account
 * and book, which the caller fills (the venue reuses one command, so that placing an order
 * allocates nothing for it); an order naming no stp keeps `into`'s. A request with `quoteSize`
 * has the size `into` holds (sized by the quote first) and keeps its quote.
 */
export function validateOrderRequest(
  instrument: Instrument,
  request: OrderRequest | QuoteOrderRequest,
  into: OrderCommand,
  now: () => number,
): Failure | undefined {
  const { account, side, type, timeInForce, postOnly, clientOrderId, expireAt, stp } = request;
  if (typeof account !== 'string' || account.length === 0) {
    return invalidParameter('account', 'account must be a non-empty string');
  }
  if (!SIDES.includes(side)) return invalidParameter('side', 'side must be "buy" or "sell"');
  if (!ORDER_TYPES.includes(type))
    return invalidParameter('type', 'type must be "market" or "limit"');
  const size =
    'quoteSize' in request
      ? lotsToUnits(into.size, instrument.lotUnits)
      : parseSize(instrument, request.size, 'size');
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
    return postOnlyNotLimitGtc();
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
  into.action = ACTION_NEW;
  into.side = side === 'sell' ? SIDE_SELL : SIDE_BUY;
  into.type = type === 'market' ? TYPE_MARKET : TYPE_LIMIT;
  into.timeInForce = type === 'market' ? TIF_IOC : TIMES_IN_FORCE.indexOf(timeInForce ?? 'gtc');
  into.flags = postOnly === true ? FLAG_POST_ONLY : 0;
  if (stp !== undefined) into.stp = STP_MODES.indexOf(stp);
  // On the grid (parsePrice, parseSize): exact.
  into.price = (price / instrument.tickUnits) as Ticks;
  into.size = (size / instrument.lotUnits) as Lots;
  into.stopPrice = (stopPrice / instrument.tickUnits) as Ticks;
  into.clientOrderId = clientOrderId ?? null;
  into.expireAt = expireAt ?? 0;
  return undefined;
}

/** The refusal of post_only on an order that is not limit gtc. */
export function postOnlyNotLimitGtc(): Failure {
  return invalidParameter('post_only', 'post_only is for limit gtc orders only');
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
