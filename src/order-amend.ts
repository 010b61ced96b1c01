import { formatSize, parsePrice, parseSize, type Instrument } from './instrument.js';
import type { CoreEvents } from './core-events.js';
import {
  REFUSED_LEVEL_FULL,
  REFUSED_POST_ONLY_WOULD_TAKE,
  SIDE_BUY,
  SIDE_SELL,
  STATUS_PENDING,
} from './numeric.js';
import type { OrderBook } from './order-book.js';
import { orderRefusal } from './order-refusals.js';
import type { OrderMatching } from './order-matching.js';
import type { OrderStore } from './order-store.js';
import { NO_LEVEL } from './price-level.js';
import { invalidParameter, ok, type Failure, type Result } from './result.js';
import type { AmendRequest } from './types.js';
import type { Slot, Units } from './quantities.js';

/** An amend's size or price that leaves the order's as it is. */
export const UNCHANGED = -1 as Units;

/** An amend in units; UNCHANGED leaves the field as it is. */
export interface ValidAmend {
  readonly size: Units;
  readonly price: Units;
}

/**
 * Checks an amend of the live order at `slot`, in this order: something to change, size (on the
 * lot grid, within min and max size, above the filled size), price (limit orders only, on the
 * tick grid). The values are the core's; `VenueCore.amend` checks the same in lots and ticks.
 */
export function validateAmend(
  instrument: Instrument,
  store: OrderStore,
  slot: Slot,
  request: AmendRequest,
): Result<ValidAmend> {
  if (request.size === undefined && request.price === undefined) {
    return invalidParameter('size', 'size or price is required');
  }
  let size = UNCHANGED;
  if (request.size !== undefined) {
    const parsed = parseSize(instrument, request.size, 'size');
    if (typeof parsed !== 'number') return parsed;
    const filled = store.filledColumn[slot]!;
    if (parsed <= filled) return sizeNotAboveFilled(instrument, filled);
    size = parsed;
  }
  let price = UNCHANGED;
  if (request.price !== undefined) {
    if (store.isMarket(slot)) return orderRefusal('price_for_limit_only');
    const parsed = parsePrice(instrument, request.price, 'price');
    if (typeof parsed !== 'number') return parsed;
    price = parsed;
  }
  return ok({ size, price });
}

/** The refusal of an amend's size at or below the order's `filled` size (units). */
export function sizeNotAboveFilled(instrument: Instrument, filled: Units): Failure {
  return invalidParameter(
    'size',
    `size must be more than the filled size ${formatSize(instrument, filled)}`,
  );
}

/**
 * Amends a live order with checked values (units; -1 leaves one as it is), invariant 11: a
 * smaller size at the same price keeps the order's place; a new price or a larger size sends it to
 * the back, and a new price that crosses matches like a new order, unless the order is post-only.
 * 0, REFUSED_POST_ONLY_WOULD_TAKE (a post-only order's new price would take liquidity), or
 * REFUSED_LEVEL_FULL; a refusal changes nothing.
 */
export function amendLive(
  matching: OrderMatching,
  events: CoreEvents,
  store: OrderStore,
  book: OrderBook,
  slot: Slot,
  newSize: Units,
  newPrice: Units,
): number {
  const remaining = store.remainingColumn[slot]!;
  const price = newPrice < 0 ? store.priceColumn[slot]! : newPrice;
  const size = newSize < 0 ? store.size(slot) : newSize;
  const left = (newSize < 0 ? remaining : newSize - store.filledColumn[slot]!) as Units;
  if (store.statusColumn[slot] === STATUS_PENDING) {
    store.setSize(slot, size);
    store.remainingColumn[slot] = left;
    store.priceColumn[slot] = price;
    events.order(book, slot);
    return 0;
  }
  const sell = store.isSell(slot);
  const side = sell ? SIDE_SELL : SIDE_BUY;
  if (price === store.priceColumn[slot] && left <= remaining) {
    store.setSize(slot, size);
    const level = left < remaining ? book.take(slot, (remaining - left) as Units) : NO_LEVEL;
    events.order(book, slot);
    if (level !== NO_LEVEL) events.level(book, level, side);
    return 0;
  }
  // A post-only order never takes liquidity: an amend that would is refused, the order unchanged.
  if (store.postOnly(slot) && book.wouldCross(sell, price)) return REFUSED_POST_ONLY_WOULD_TAKE;
  const target = book.levelAt(sell, price);
  const own = price === store.priceColumn[slot] ? remaining : 0;
  if (
    target !== NO_LEVEL &&
    book.ladder(sell).total(target) - own > Number.MAX_SAFE_INTEGER - left
  ) {
    return REFUSED_LEVEL_FULL;
  }
  events.level(book, book.take(slot, remaining), side);
  store.setSize(slot, size);
  store.remainingColumn[slot] = left;
  store.priceColumn[slot] = price;
  matching.execute(book, slot, book.levelAt(sell, price), true);
  matching.triggerStops(book);
  return 0;
}
