import { parsePrice, parseSize, type Instrument } from './instrument.js';
import { orderRefusal } from './order-refusals.js';
import type { Failure } from './result.js';
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
    return orderRefusal('account_empty');
  }
  if (!SIDES.includes(side)) return orderRefusal('side_unknown');
  if (!ORDER_TYPES.includes(type)) return orderRefusal('type_unknown');
  const size =
    'quoteSize' in request
      ? lotsToUnits(into.size, instrument.lotUnits)
      : parseSize(instrument, request.size, 'size');
  if (typeof size !== 'number') return size;
  let price = NO_UNITS;
  if (type === 'limit') {
    if (request.price === undefined) return orderRefusal('price_required');
    const parsed = parsePrice(instrument, request.price, 'price');
    if (typeof parsed !== 'number') return parsed;
    price = parsed;
  } else if (request.price !== undefined) {
    return orderRefusal('price_for_limit_only');
  }
  let stopPrice = NO_UNITS;
  if (request.stopPrice !== undefined) {
    const parsed = parsePrice(instrument, request.stopPrice, 'stop_price');
    if (typeof parsed !== 'number') return parsed;
    stopPrice = parsed;
  }
  if (timeInForce !== undefined) {
    if (type === 'market') return orderRefusal('time_in_force_for_limit_only');
    if (!TIMES_IN_FORCE.includes(timeInForce)) return orderRefusal('time_in_force_unknown');
  }
  const refusedExpiry = checkExpireAt(timeInForce === 'gtd', expireAt, now);
  if (refusedExpiry !== undefined) return refusedExpiry;
  if (postOnly !== undefined && typeof postOnly !== 'boolean') {
    return orderRefusal('post_only_not_boolean');
  }
  if (postOnly === true && (type !== 'limit' || (timeInForce ?? 'gtc') !== 'gtc')) {
    return orderRefusal('post_only_not_limit_gtc');
  }
  if (stp !== undefined && !STP_MODES.includes(stp)) return orderRefusal('stp_unknown');
  if (
    clientOrderId !== undefined &&
    (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID_PATTERN.test(clientOrderId))
  ) {
    return orderRefusal('client_order_id_malformed');
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

function checkExpireAt(gtd: boolean, expireAt: unknown, now: () => number): Failure | undefined {
  if (expireAt === undefined) return gtd ? orderRefusal('expire_at_required') : undefined;
  if (!gtd) return orderRefusal('expire_at_for_gtd_only');
  if (!Number.isSafeInteger(expireAt)) return orderRefusal('expire_at_not_ms');
  if ((expireAt as number) <= now()) return orderRefusal('expire_at_not_later');
  return undefined;
}
