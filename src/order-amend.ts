import { formatSize, parsePrice, parseSize, type Instrument } from './instrument.js';
import type { OrderStore } from './order-store.js';
import { invalidParameter, ok, type Result } from './result.js';
import type { AmendRequest } from './types.js';

/** An amend in units; -1 leaves the field as it is. */
export interface ValidAmend {
  readonly size: number;
  readonly price: number;
}

/**
 * Checks an amend of the live order at `slot`, in this order: something to change, size (on the
 * lot grid, within min and max size, above the filled size), price (limit orders only, on the
 * tick grid). The values are the core's; `VenueCore.amend` checks the same in lots and ticks.
 */
export function validateAmend(
  instrument: Instrument,
  store: OrderStore,
  slot: number,
  request: AmendRequest,
): Result<ValidAmend> {
  if (request.size === undefined && request.price === undefined) {
    return invalidParameter('size', 'size or price is required');
  }
  let size = -1;
  if (request.size !== undefined) {
    const parsed = parseSize(instrument, request.size, 'size');
    if (typeof parsed !== 'number') return parsed;
    const filled = store.filled[slot]!;
    if (parsed <= filled) {
      return invalidParameter(
        'size',
        `size must be more than the filled size ${formatSize(instrument, filled)}`,
      );
    }
    size = parsed;
  }
  let price = -1;
  if (request.price !== undefined) {
    if (store.isMarket(slot))
      return invalidParameter('price', 'price is refused for market orders');
    const parsed = parsePrice(instrument, request.price, 'price');
    if (typeof parsed !== 'number') return parsed;
    price = parsed;
  }
  return ok({ size, price });
}
