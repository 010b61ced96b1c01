/**
 * One scenario row onto a Venue (the driver's step): the clock is set to the row's time, then the
 * row becomes a placeOrder, cancelOrder, reduceOrder or amendOrder, and the venue's Result is
 * returned as is.
 */
import type { OrderRecord, OrderRequest, Result, Venue } from '../../src/index.js';
import type { NewOrderRow, ScenarioClock, ScenarioRow } from '../csv/index.js';

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

/** The venue request a `new` row stands for. */
function orderRequestOf(row: NewOrderRow): OrderRequest {
  const { account, symbol, side, type, size, price, timeInForce, postOnly, clientOrderId } = row;
  const { stopPrice, stp, expireAt } = row;
  return {
    account,
    symbol,
    side,
    type,
    size,
    ...(price === undefined ? {} : { price }),
    ...(timeInForce === undefined ? {} : { timeInForce }),
    ...(postOnly === undefined ? {} : { postOnly }),
    ...(clientOrderId === undefined ? {} : { clientOrderId }),
    ...(stopPrice === undefined ? {} : { stopPrice }),
    ...(stp === undefined ? {} : { stp }),
    ...(expireAt === undefined ? {} : { expireAt }),
  };
}
