/** The checker's comparisons of the venue's answers with its own models. */
import {
  formatPrice,
  formatSize,
  ORDER_STATUSES,
  SIDE_BUY,
  SIDE_SELL,
  SIDES,
  STATUS_FILLED,
  STATUS_OPEN,
  STATUS_PARTIALLY_FILLED,
  STATUS_PENDING,
  STATUS_REJECTED,
  type Instrument,
  type Ticker,
  type Venue,
} from '../../../src/index.js';
import { toUnits } from '../../units/units.js';
import type { ExpectedBook } from './expected-book.js';
import type { TickerModel } from './ticker-model.js';

/** Invariant 7: the queried book's top `depth` levels of both sides against the shadow. */
export function bookMismatch(
  venue: Venue,
  shadow: ExpectedBook,
  book: number,
  depth: number,
): string | null {
  const instrument = venue.core.books[book]!.instrument;
  const { priceDecimals, sizeDecimals } = instrument;
  const snapshot = venue.orderBook(instrument.symbol, depth);
  if (!snapshot.ok) return snapshot.error.message;
  for (const side of [SIDE_BUY, SIDE_SELL]) {
    const levels = side === SIDE_BUY ? snapshot.value.bids : snapshot.value.asks;
    const actual = levels.map(([price, size]): Level => [
      Number(toUnits(price, priceDecimals)),
      Number(toUnits(size, sizeDecimals)),
    ]);
    const mismatch = sideMismatch(instrument, side, actual, shadow.levels(book, side, depth));
    if (mismatch !== null) return mismatch;
  }
  return null;
}

/** Invariant 7: a side's best level, queried in ticks and lots, against the shadow's. */
export function topMismatch(
  venue: Venue,
  shadow: ExpectedBook,
  book: number,
  side: number,
): string | null {
  const instrument = venue.core.books[book]!.instrument;
  const { tickUnits, lotUnits } = instrument;
  const snapshot = venue.orderBookTicks(instrument.symbol, 1);
  if (!snapshot.ok) return snapshot.error.message;
  const levels = side === SIDE_BUY ? snapshot.value.bids : snapshot.value.asks;
  const actual = levels.map(([ticks, lots]): Level => [ticks * tickUnits, lots * lotUnits]);
  return sideMismatch(instrument, side, actual, shadow.levels(book, side, 1));
}

/** [price, size] in units. */
type Level = [number, number];

function sideMismatch(
  instrument: Instrument,
  side: number,
  actual: readonly Level[],
  expected: readonly Level[],
): string | null {
  const same =
    actual.length === expected.length &&
    expected.every(([price, size], i) => actual[i]![0] === price && actual[i]![1] === size);
  if (same) return null;
  const shown = (levels: readonly Level[]) =>
    levels
      .map(([price, size]) => `${formatPrice(instrument, price)}:${formatSize(instrument, size)}`)
      .join(' ');
  return `${instrument.symbol} ${SIDES[side]} book is [${shown(actual)}], its open orders add up to [${shown(expected)}]`;
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
  if (sameTicker(actual.value, expected)) return null;
  const [got, wanted] = [JSON.stringify(actual.value), JSON.stringify(expected)];
  return `${model.instrument.symbol} ticker is ${got}, the trades give ${wanted}`;
}

function sameTicker(a: Ticker, b: Ticker): boolean {
  return (
    a.symbol === b.symbol &&
    a.price === b.price &&
    a.open24h === b.open24h &&
    a.high24h === b.high24h &&
    a.low24h === b.low24h &&
    a.volume24h === b.volume24h &&
    a.timestamp === b.timestamp
  );
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
  [/^invariant 14:/, 14],
];

export function coreProblemInvariant(problem: string): number {
  return CORE_PROBLEMS.find(([pattern]) => pattern.test(problem))?.[1] ?? 8;
}
