/** The checker's comparisons of the venue's answers with its own models. */
import {
  ORDER_STATUSES,
  SIDE_BUY,
  SIDE_SELL,
  SIDES,
  STATUS_FILLED,
  STATUS_OPEN,
  STATUS_PARTIALLY_FILLED,
  STATUS_PENDING,
  STATUS_REJECTED,
  type Ticker,
  type Venue,
} from '../../src/index.js';
import { fromUnits, toUnits } from '../units/units.js';
import type { ShadowBook } from './shadow-book.js';
import type { TickerModel } from './ticker-model.js';

/**
 * Invariant 7: the queried book's top `depth` levels of a side (default both) against the shadow,
 * in units.
 */
export function bookMismatch(
  venue: Venue,
  shadow: ShadowBook,
  book: number,
  depth: number,
  only?: number,
): string | null {
  const { symbol, priceDecimals, sizeDecimals } = venue.core.books[book]!.instrument;
  const snapshot = venue.orderBook(symbol, depth);
  if (!snapshot.ok) return snapshot.error.message;
  for (const side of only === undefined ? [SIDE_BUY, SIDE_SELL] : [only]) {
    const expected = shadow.levels(book, side, depth);
    const actual = side === SIDE_BUY ? snapshot.value.bids : snapshot.value.asks;
    const same =
      actual.length === expected.length &&
      expected.every(
        ([price, size], i) =>
          Number(toUnits(actual[i]![0], priceDecimals)) === price &&
          Number(toUnits(actual[i]![1], sizeDecimals)) === size,
      );
    if (same) continue;
    const units = (value: number, decimals: number) => fromUnits(BigInt(value), decimals);
    const shown = expected
      .map(([price, size]) => `${units(price, priceDecimals)}:${units(size, sizeDecimals)}`)
      .join(' ');
    const listed = actual.map(([price, size]) => `${price}:${size}`).join(' ');
    return `${symbol} ${SIDES[side]} book is [${listed}], its open orders add up to [${shown}]`;
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

/** Invariant 3's status rules: what each status code says about filled and remaining sizes. */
export function statusMismatch(
  status: number,
  filled: number,
  remaining: number,
  size: number,
): string | null {
  const ok =
    status === STATUS_OPEN
      ? filled === 0 && remaining > 0
      : status === STATUS_PARTIALLY_FILLED
        ? filled > 0 && remaining > 0
        : status === STATUS_FILLED
          ? filled > 0 && remaining === 0
          : status === STATUS_REJECTED
            ? filled === 0 && remaining === 0
            : status === STATUS_PENDING
              ? filled === 0 && remaining > 0
              : remaining === 0;
  return ok
    ? null
    : `status ${ORDER_STATUSES[status]} with filled ${filled} and remaining ${remaining} of ${size} units`;
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
