import { findBook } from './market-queries.js';
import { isQueryLimit, MAX_QUERY_LIMIT } from './market-data.js';
import { OrderView, orderSequence } from './order.js';
import type { OrderBook } from './order-book.js';
import { fillsPage, type FillsPage, type FillsQuery } from './order-fills.js';
import { refuseUnknownKeys } from './request-keys.js';
import {
  invalidParameter,
  ok,
  orderNotFound,
  orderNotOpen,
  type Failure,
  type Result,
} from './result.js';
import { ORDER_STATUSES, type OrderRecord, type OrderStatus } from './types.js';
import type { VenueCore } from './venue-core.js';
import type { Slot } from './quantities.js';

export interface OrderFilter {
  readonly symbol?: string;
  readonly status?: OrderStatus;
  /** Default: all. */
  readonly limit?: number;
}

const FILLS_QUERY_KEYS: ReadonlySet<keyof FillsQuery> = new Set(['cursor', 'limit'] as const);
const ORDER_FILTER_KEYS: ReadonlySet<keyof OrderFilter> = new Set([
  'symbol',
  'status',
  'limit',
] as const);

/** The record of the order in `slot` as it is now. */
export function orderView(
  core: VenueCore,
  slot: Slot,
  book: OrderBook = core.bookOf(slot),
): OrderView {
  return new OrderView(core.store, core.trades, slot, book.instrument);
}

/** The slot of the account's order `id`, or -1. */
export function ownOrder(core: VenueCore, account: string, id: string): Slot {
  const sequence = orderSequence(id);
  const slot = sequence < 0 ? (-1 as Slot) : core.orders.slot(sequence);
  return slot >= 0 && core.store.accountName(slot) === account ? slot : (-1 as Slot);
}

/** The slot of the account's live order `id`: what cancel, reduce and amend act on. */
export function openOrder(core: VenueCore, account: string, id: string): Slot | Failure {
  const slot = ownOrder(core, account, id);
  if (slot < 0) return orderNotFound(id);
  const { store } = core;
  return store.isLive(slot) ? slot : orderNotOpen(id, ORDER_STATUSES[store.statusColumn[slot]!]!);
}

export function getOrderQuery(core: VenueCore, account: string, id: string): Result<OrderRecord> {
  core.expireDueOutsideListeners();
  const slot = ownOrder(core, account, id);
  return slot < 0 ? orderNotFound(id) : ok(orderView(core, slot));
}

export function orderFillsQuery(
  core: VenueCore,
  account: string,
  id: string,
  query: FillsQuery,
): Result<FillsPage> {
  const unknownKey = refuseUnknownKeys(query, FILLS_QUERY_KEYS);
  if (unknownKey !== undefined) return unknownKey;
  core.expireDueOutsideListeners();
  const slot = ownOrder(core, account, id);
  if (slot < 0) return orderNotFound(id);
  return fillsPage(core.store, core.trades, slot, core.bookOf(slot).instrument, query);
}

export function listOrdersQuery(
  core: VenueCore,
  account: string,
  filter: OrderFilter,
): Result<OrderRecord[]> {
  const unknownKey = refuseUnknownKeys(filter, ORDER_FILTER_KEYS);
  if (unknownKey !== undefined) return unknownKey;
  core.expireDueOutsideListeners();
  const { symbol, status, limit = Infinity } = filter;
  let book = -1;
  if (symbol !== undefined) {
    const found = findBook(core, symbol);
    if (!found.ok) return found;
    book = found.value.index;
  }
  if (status !== undefined && !ORDER_STATUSES.includes(status)) {
    return invalidParameter('status', `status must be one of ${ORDER_STATUSES.join(', ')}`);
  }
  if (limit !== Infinity && !isQueryLimit(limit)) {
    return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
  }
  const statusCode = status === undefined ? -1 : ORDER_STATUSES.indexOf(status);
  const slots = core.orders.list(account, book, statusCode, limit);
  return ok(slots.map((slot) => orderView(core, slot)));
}

/** How many of an account's orders on one symbol are live: resting on the book, or stops waiting. */
export interface LiveOrderCounts {
  /** Open and partially filled. */
  readonly resting: number;
  /** Stop orders waiting for their trigger. */
  readonly pending: number;
}

export function liveOrderCountsQuery(
  core: VenueCore,
  account: string,
  symbol: string,
): Result<LiveOrderCounts> {
  core.expireDueOutsideListeners();
  const found = findBook(core, symbol);
  if (!found.ok) return found;
  const book = found.value.index;
  const count = (status: OrderStatus) =>
    core.orders.count(account, book, ORDER_STATUSES.indexOf(status));
  return ok({
    resting: count('open') + count('partially_filled'),
    pending: count('pending'),
  });
}
