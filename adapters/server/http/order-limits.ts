import type { OrderRequest, QuoteOrderRequest, Venue } from '../../../src/index.js';
import { apiError, type ApiError } from './errors.js';

/**
 * What one account may have live on one symbol (docs/http-api.md#order-limits): they bound the
 * work one request can make (a cancel-all, a sweep, a stop cascade) and so how long it holds the
 * venue.
 */
export interface OrderLimits {
  /** Orders resting on the book (open, partially filled) and stops waiting, together. */
  readonly maxOpenOrders: number;
  /** Stop orders waiting for their trigger. */
  readonly maxStopOrders: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = { maxOpenOrders: 200, maxStopOrders: 10 };

/**
 * The refusal of a new order that would pass the account's limits on its symbol, if any. Only an
 * order that can rest or wait counts: a stop, or a limit order good till cancelled or till a date;
 * market, ioc and fok orders never stay on the book, so they are never refused for a limit.
 */
export function orderLimitRefusal(
  venue: Venue,
  request: OrderRequest | QuoteOrderRequest,
  limits: OrderLimits,
): ApiError | undefined {
  const stop = request.stopPrice !== undefined;
  const stays =
    stop || (request.type === 'limit' && (request.timeInForce ?? 'gtc').startsWith('gt'));
  if (!stays) return undefined;
  const counts = venue.liveOrderCounts(request.account, request.symbol);
  if (!counts.ok) return undefined; // an unknown symbol: the venue refuses the order itself
  const { resting, pending } = counts.value;
  const { symbol } = request;
  if (stop && pending >= limits.maxStopOrders) {
    const message = `at most ${limits.maxStopOrders} stop orders may wait per account on ${symbol}; cancel one first`;
    return apiError('too_many_orders', message);
  }
  if (resting + pending >= limits.maxOpenOrders) {
    const message = `at most ${limits.maxOpenOrders} orders may be open per account on ${symbol} (waiting stops included); cancel one first`;
    return apiError('too_many_orders', message);
  }
  return undefined;
}
