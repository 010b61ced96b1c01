/** The checker's comparisons of the venue's answers with its own models. */
import { MAX_QUERY_LIMIT, type Instrument, type OrderRecord, type Venue } from '../../src/index.js';
import { fromUnits } from '../units/units.js';
import type { ShadowBook } from './shadow-book.js';
import type { TickerModel } from './ticker-model.js';

/** Invariant 7: the queried book against the shadow's open orders, aggregated. */
export function bookMismatch(
  venue: Venue,
  shadow: ShadowBook,
  instrument: Instrument,
): string | null {
  const { symbol } = instrument;
  const snapshot = venue.orderBook(symbol, MAX_QUERY_LIMIT);
  if (!snapshot.ok) return snapshot.error.message;
  for (const side of ['buy', 'sell'] as const) {
    const expected = shadow
      .levels(symbol, side)
      .slice(0, MAX_QUERY_LIMIT)
      .map(
        ([price, size]) =>
          `${fromUnits(price, instrument.priceDecimals)}:${fromUnits(size, instrument.sizeDecimals)}`,
      )
      .join(' ');
    const levels = side === 'buy' ? snapshot.value.bids : snapshot.value.asks;
    const actual = levels.map(([price, size]) => `${price}:${size}`).join(' ');
    if (actual !== expected)
      return `${symbol} ${side} book is [${actual}], its open orders add up to [${expected}]`;
  }
  return null;
}

/** Invariant 6: the venue's ticker against the brute-force recomputation. */
export function tickerMismatch(venue: Venue, model: TickerModel): string | null {
  const actual = venue.ticker(model.instrument.symbol);
  if (!actual.ok) return actual.error.message;
  const expected = JSON.stringify(model.expected(actual.value.timestamp));
  const got = JSON.stringify(actual.value);
  return got === expected
    ? null
    : `${model.instrument.symbol} ticker is ${got}, the trades give ${expected}`;
}

/** Invariant 3's status rules: what each status says about filled and remaining sizes. */
export function statusMismatch(
  status: OrderRecord['status'],
  filled: bigint,
  remaining: bigint,
  size: bigint,
): string | null {
  const ok =
    status === 'open'
      ? filled === 0n && remaining > 0n
      : status === 'partially_filled'
        ? filled > 0n && remaining > 0n
        : status === 'filled'
          ? filled > 0n && remaining === 0n
          : status === 'rejected'
            ? filled === 0n && remaining === 0n
            : remaining === 0n;
  return ok
    ? null
    : `status ${status} with filled ${filled} and remaining ${remaining} of ${size} units`;
}
