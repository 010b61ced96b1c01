import {
  ORDER_STATUSES,
  type Instrument,
  type OrderRecord,
  type OrderStatus,
  type Result,
  type Venue,
} from '../../../src/index.js';
import type { HttpResponse } from './http-types.js';
import type { OrderLimits } from './order-limits.js';
import { parseQuery } from './query.js';
import { errorResponse, okResponse, venueErrorResponse, type RouteCall } from './route-context.js';
import { isoTime, orderJson } from './wire-format.js';

/** What every listed instrument shows: the venue has no halts, so each one is trading. */
export const INSTRUMENT_STATUS = 'trading';

/** GET /v1/instruments: every listed instrument, in listing order. */
export function listInstruments({ context, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, []);
  if (!params.ok) return errorResponse(params.error);
  const limits = context.orderLimits;
  return okResponse(
    200,
    context.venue.instruments().map((instrument) => instrumentJson(instrument, limits)),
  );
}

function instrumentJson(instrument: Instrument, limits: OrderLimits): Record<string, unknown> {
  return {
    symbol: instrument.symbol,
    tick_size: instrument.tickSize,
    lot_size: instrument.lotSize,
    min_size: instrument.minSize,
    max_size: instrument.maxSize,
    reference_price: instrument.referencePrice,
    status: INSTRUMENT_STATUS,
    max_open_orders: limits.maxOpenOrders,
    max_stop_orders: limits.maxStopOrders,
  };
}

/** GET /v1/time: the venue's clock. */
export function getTime({ context, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, []);
  if (!params.ok) return errorResponse(params.error);
  const now = context.venue.now();
  return okResponse(200, { timestamp: isoTime(now), epoch_ms: now });
}

/**
 * DELETE /v1/orders?symbol=: cancels every resting order of the caller on the symbol (every
 * symbol without one), oldest first, in one synchronous step nothing can come between; answers
 * the cancelled records. Each cancel is journaled as one row of one group, replayed all or none.
 */
export function cancelAllOrders({ context, caller, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, ['symbol']);
  if (!params.ok) return errorResponse(params.error);
  const symbol = params.value.get('symbol');
  const resting = restingOrders(context.venue, caller.account, symbol);
  if (!resting.ok) return venueErrorResponse(resting);
  const cancelled: { readonly order: OrderRecord; readonly at: number }[] = [];
  for (const order of resting.value.reverse()) {
    const done = context.venue.cancelOrder(caller.account, order.id);
    // Resting orders of the caller's own, listed at the request's one time: a refusal is a bug.
    if (!done.ok) throw new Error(`cancel-all refused ${order.id}: ${done.error.message}`);
    cancelled.push({ order: done.value, at: context.venue.commandTime() });
  }
  cancelled.forEach(({ order, at }, index) =>
    context.onAccepted({
      action: 'cancel',
      order,
      at,
      group: { index: index + 1, size: cancelled.length },
    }),
  );
  return okResponse(
    200,
    cancelled.map(({ order }) => orderJson(order)),
  );
}

/** The account's open and partially filled orders on the symbol (all without one), newest first. */
export function restingOrders(
  venue: Venue,
  account: string,
  symbol: string | undefined,
  limit = Infinity,
): Result<OrderRecord[]> {
  const orders: OrderRecord[] = [];
  for (const status of ['open', 'partially_filled'] as const) {
    const filter = { status, ...(symbol !== undefined && { symbol }) };
    const listed = venue.listOrders(account, limit === Infinity ? filter : { ...filter, limit });
    if (!listed.ok) return listed;
    orders.push(...listed.value);
  }
  const number = (order: OrderRecord) => Number(order.id.slice('ord_'.length));
  return { ok: true, value: orders.sort((a, b) => number(b) - number(a)).slice(0, limit) };
}

/**
 * The caller's orders with this client order id, newest first (ids need not be unique), with the
 * listing's other filters: a scan of the account's indexed orders, no record built for the others.
 */
export function ordersByClientOrderId(
  venue: Venue,
  account: string,
  clientOrderId: string,
  filter: { readonly symbol?: string; readonly status?: OrderStatus; readonly limit: number },
): Result<OrderRecord[]> {
  let book = -1;
  if (filter.symbol !== undefined) {
    const instrument = venue.instrument(filter.symbol);
    if (!instrument.ok) return instrument;
    book = venue.core.bookIndex(filter.symbol);
  }
  const status = filter.status === undefined ? -1 : ORDER_STATUSES.indexOf(filter.status);
  const { orders, store } = venue.core;
  const found: OrderRecord[] = [];
  for (const slot of orders.list(account, book, status, Infinity)) {
    if (store.clientOrderId(slot) !== clientOrderId) continue;
    const order = venue.getOrder(account, `ord_${store.sequence(slot)}`);
    if (order.ok) found.push(order.value);
    if (found.length === filter.limit) break;
  }
  return { ok: true, value: found };
}

/** GET /v1/balances: the caller's free and locked amount of every asset (invariant 14). */
export function getBalances({ context, caller, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, []);
  if (!params.ok) return errorResponse(params.error);
  const balances = context.venue.balances(caller.account);
  return balances.ok ? okResponse(200, { balances: balances.value }) : venueErrorResponse(balances);
}
