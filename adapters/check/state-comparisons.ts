/** The checker's comparisons of the venue's answers with its own models. */
import type { Instrument, OrderRecord, Ticker, Venue } from '../../src/index.js';
import { fromUnits, toUnits } from '../replay/units.js';
import type { ShadowBook } from './shadow-book.js';
import type { TickerModel } from './ticker-model.js';

/**
 * Invariants 1 and 7: the queried book's top `depth` levels per side against the shadow's open
 * orders, aggregated, and its best bid below its best ask.
 */
export function bookMismatch(
  venue: Venue,
  shadow: ShadowBook,
  instrument: Instrument,
  depth: number,
): { invariant: 1 | 7; message: string } | null {
  const { symbol } = instrument;
  const snapshot = venue.orderBook(symbol, depth);
  if (!snapshot.ok) return { invariant: 7, message: snapshot.error.message };
  const { bids, asks } = snapshot.value;
  if (
    bids.length > 0 &&
    asks.length > 0 &&
    toUnits(bids[0]![0], instrument.priceDecimals) >= toUnits(asks[0]![0], instrument.priceDecimals)
  )
    return {
      invariant: 1,
      message: `${symbol} book is crossed: bid ${bids[0]![0]} >= ask ${asks[0]![0]}`,
    };
  for (const side of ['buy', 'sell'] as const) {
    const expected = shadow
      .levels(symbol, side, depth)
      .map(
        ([price, size]) =>
          `${fromUnits(price, instrument.priceDecimals)}:${fromUnits(size, instrument.sizeDecimals)}`,
      )
      .join(' ');
    const actual = (side === 'buy' ? bids : asks)
      .map(([price, size]) => `${price}:${size}`)
      .join(' ');
    if (actual !== expected) {
      const message = `${symbol} ${side} book is [${actual}], its open orders add up to [${expected}]`;
      return { invariant: 7, message };
    }
  }
  return null;
}

/** Invariant 6: the venue's ticker against the model's, running or recomputed from scratch. */
export function tickerMismatch(
  venue: Venue,
  model: TickerModel,
  recompute: boolean,
): string | null {
  const actual = venue.ticker(model.instrument.symbol);
  if (!actual.ok) return actual.error.message;
  const now = actual.value.timestamp;
  model.roll(now);
  const expected = recompute ? model.recomputed(now) : model.running(now);
  const keys = Object.keys(expected) as (keyof Ticker)[];
  if (keys.every((key) => actual.value[key] === expected[key])) return null;
  const [got, wanted] = [JSON.stringify(actual.value), JSON.stringify(expected)];
  return `${model.instrument.symbol} ticker is ${got}, the trades give ${wanted}`;
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
