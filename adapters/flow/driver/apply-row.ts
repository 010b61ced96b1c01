/**
 * One scenario row onto a Venue (the driver's step): the clock is set to the row's time, then the
 * row becomes a placeOrder, cancelOrder, reduceOrder or amendOrder, and the venue's Result is
 * returned as is.
 */
import type {
  OrderRecord,
  OrderRequest,
  QuoteOrderRequest,
  Result,
  Venue,
} from '../../../src/index.js';
import type { NewOrderRow, ScenarioClock, ScenarioRow } from '../index.js';

export interface ApplyOptions {
  readonly clock: ScenarioClock;
  /** The venue order id a cancel or reduce row's `id` refers to; undefined when unknown. */
  readonly venueOrderId: (scenarioId: string) => string | undefined;
}

export function applyScenarioRow(
  venue: Venue,
  row: ScenarioRow,
  options: ApplyOptions,
): Result<OrderRecord> {
  options.clock.now = row.ts;
  if (row.action === 'new') return venue.placeOrder(orderRequestOf(row));
  const venueId = options.venueOrderId(row.id);
  if (venueId === undefined) {
    return {
      ok: false,
      error: { code: 'order_not_found', message: `no order ${row.id} for this account` },
    };
  }
  if (row.action === 'amend') {
    const { size, price } = row;
    return venue.amendOrder(row.account, venueId, {
      ...(size === undefined ? {} : { size }),
      ...(price === undefined ? {} : { price }),
    });
  }
  return row.action === 'cancel'
    ? venue.cancelOrder(row.account, venueId)
    : venue.reduceOrder(row.account, venueId, row.size);
}

/** The venue request a `new` row stands for (properties added one by one: spreads are slow). */
function orderRequestOf(row: NewOrderRow): OrderRequest | QuoteOrderRequest {
  const { account, symbol, side, type } = row;
  const request: Mutable<OrderRequest> | Mutable<QuoteOrderRequest> =
    'size' in row
      ? { account, symbol, side, type, size: row.size }
      : { account, symbol, side, type, quoteSize: row.quoteSize };
  if (row.price !== undefined) request.price = row.price;
  if (row.timeInForce !== undefined) request.timeInForce = row.timeInForce;
  if (row.postOnly !== undefined) request.postOnly = row.postOnly;
  if (row.clientOrderId !== undefined) request.clientOrderId = row.clientOrderId;
  if (row.stopPrice !== undefined) request.stopPrice = row.stopPrice;
  if (row.stp !== undefined) request.stp = row.stp;
  if (row.expireAt !== undefined) request.expireAt = row.expireAt;
  return request;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
