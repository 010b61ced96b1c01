/** The checker's comparisons of the venue's answers with its own models. */
import {
  SIDES,
  type Instrument,
  type OrderRecord,
  type Side,
  type Ticker,
  type Venue,
} from '../../src/index.js';
import { fromUnits, toUnits } from '../units/units.js';
import type { ShadowBook } from './shadow-book.js';
import type { TickerModel } from './ticker-model.js';

/** Invariant 7: the queried book's top `depth` levels of a side (default both) against the shadow. */
export function bookMismatch(
  venue: Venue,
  shadow: ShadowBook,
  instrument: Instrument,
  depth: number,
  only?: Side,
): string | null {
  const { symbol, priceDecimals, sizeDecimals } = instrument;
  const snapshot = venue.orderBook(symbol, depth);
  if (!snapshot.ok) return snapshot.error.message;
  for (const side of only === undefined ? SIDES : [only]) {
    const expected = shadow.levels(symbol, side, depth);
    const actual = side === 'buy' ? snapshot.value.bids : snapshot.value.asks;
    const same =
      actual.length === expected.length &&
      expected.every(
        ([price, size], i) =>
          toUnits(actual[i]![0], priceDecimals) === price &&
          toUnits(actual[i]![1], sizeDecimals) === size,
      );
    if (same) continue;
    const shown = expected
      .map(([price, size]) => `${fromUnits(price, priceDecimals)}:${fromUnits(size, sizeDecimals)}`)
      .join(' ');
    const listed = actual.map(([price, size]) => `${price}:${size}`).join(' ');
    return `${symbol} ${side} book is [${listed}], its open orders add up to [${shown}]`;
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
            : status === 'pending'
              ? filled === 0n && remaining > 0n
              : remaining === 0n;
  return ok
    ? null
    : `status ${status} with filled ${filled} and remaining ${remaining} of ${size} units`;
}

/** The invariant each kind of `validateVenueState` problem breaks; 8 is the core's own structure. */
const CORE_PROBLEMS: readonly [RegExp, number][] = [
  [/crossed book/, 1],
  [/empty level|but orders sum|rests as/, 2],
  [/filled \+ remaining > size|with remaining|with nothing filled|open but filled/, 3],
  [/but trades sum|was released/, 5],
  [/^index has/, 7],
];

export function coreProblemInvariant(problem: string): number {
  return CORE_PROBLEMS.find(([pattern]) => pattern.test(problem))?.[1] ?? 8;
}
