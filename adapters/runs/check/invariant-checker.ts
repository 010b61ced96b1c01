/**
 * The invariants of docs/invariants.md, checked after every row of a replay at a cost
 * proportional to what the row changed: the orders and trades it produced (3, 4, 5, as the events
 * arrive), the levels it changed (2, 7), the best prices (1, 7) and the ticker (6) of the symbols
 * it touched. Every `fullCheckEvery` rows and after the last, the full comparison: the core's
 * `validateVenueState`, the whole queried book against the open orders, and every ticker
 * recomputed from scratch.
 */
import {
  formatPrice,
  formatSize,
  MAX_QUERY_LIMIT,
  SIDE_BUY,
  SIDE_SELL,
  SIDES,
  validateVenueState,
  type Venue,
} from '../../../src/index.js';
import type { ParsedScenarioRow } from '../../flow/index.js';
import { UNPUBLISHED, type ChangedLevel } from './current-row.js';
import { EventModel } from './event-model.js';
import { fail, type Problem } from './problem.js';
import { LEVEL_TOO_LARGE } from './expected-book.js';
import {
  bookMismatch,
  coreProblemInvariant,
  tickerMismatch,
  topMismatch,
} from './state-comparisons.js';
import { DEFAULT_FULL_CHECK_EVERY } from './full-check-every.js';

export interface Violation {
  readonly line: number;
  readonly invariant: number;
  readonly message: string;
}

export interface CheckOptions {
  /** Rows between two full comparisons (default DEFAULT_FULL_CHECK_EVERY). */
  readonly fullCheckEvery?: number | undefined;
}

export class InvariantChecker {
  readonly #venue: Venue;
  readonly #model: EventModel;
  readonly #fullCheckEvery: number;
  /** By book * 2 + side: the row (counted from 1) whose check last queried that side's top. */
  readonly #queriedRow: number[];
  #rows = 0;
  #rowsSinceFullCheck = 0;
  #line = 0;

  constructor(venue: Venue, options: CheckOptions = {}) {
    this.#venue = venue;
    this.#fullCheckEvery = options.fullCheckEvery ?? DEFAULT_FULL_CHECK_EVERY;
    this.#model = new EventModel(venue.core, venue.instruments());
    this.#queriedRow = this.#model.instruments.flatMap(() => [0, 0]);
    venue.core.listen(this.#model);
  }

  beforeRow(row: ParsedScenarioRow): void {
    this.#model.startRow(row);
  }

  /** The first invariant the row broke, or null. */
  afterRow(row: ParsedScenarioRow, accepted: boolean): Violation | null {
    this.#line = row.line;
    const model = this.#model;
    const problem =
      model.problem ??
      (row.action === 'new' && accepted && !model.takerSeen
        ? fail(3, 'the new order got no order update')
        : null) ??
      this.#bookProblem() ??
      this.#tickerProblem() ??
      (++this.#rowsSinceFullCheck >= this.#fullCheckEvery ? this.#fullProblem() : null);
    return problem === null ? null : { line: row.line, ...problem };
  }

  /** The full comparison after the last row (`line` 0 when there was none). */
  atEnd(now: number): Violation | null {
    const problem = this.#fullProblem();
    if (problem === null) return null;
    return { line: this.#line, ...problem, message: `at the end (${now}): ${problem.message}` };
  }

  /**
   * Invariant 1 on the books the row changed, 2 and 7 on its levels, and 7 on the queried top
   * of each side whose best level it may have changed.
   */
  #bookProblem(): Problem | null {
    const { changedLevels, book } = this.#model;
    if (changedLevels.length === 0) return null;
    let checked = -1;
    for (const level of changedLevels) {
      if (level.book === checked) continue;
      checked = level.book;
      const crossed = this.#crossedProblem(checked);
      if (crossed !== null) return crossed;
    }
    for (const level of changedLevels) {
      const problem = this.#levelProblem(level);
      if (problem !== null) return problem;
    }
    const queried = this.#queriedRow;
    const row = ++this.#rows;
    for (const { book: index, side, price } of changedLevels) {
      const best = book.bestPrice(index, side);
      if (best !== null && (side === SIDE_BUY ? price < best : price > best)) continue;
      if (queried[index * 2 + side] === row) continue;
      queried[index * 2 + side] = row;
      const mismatch = topMismatch(this.#venue, book, index, side);
      if (mismatch !== null) return fail(7, mismatch);
    }
    return null;
  }

  /** Invariant 1: best bid < best ask among the orders at rest. */
  #crossedProblem(index: number): Problem | null {
    const { book, instruments } = this.#model;
    const [bid, ask] = [book.bestPrice(index, SIDE_BUY), book.bestPrice(index, SIDE_SELL)];
    if (bid === null || ask === null || bid < ask) return null;
    const instrument = instruments[index]!;
    const [bidPrice, askPrice] = [formatPrice(instrument, bid), formatPrice(instrument, ask)];
    return fail(1, `${instrument.symbol}: orders rest crossed, bid ${bidPrice} >= ask ${askPrice}`);
  }

  /** Invariants 2 and 7: a changed level's published size is the sum of its resting orders. */
  #levelProblem({ book: index, side, price, published }: ChangedLevel): Problem | null {
    const total = this.#model.book.levelTotal(index, side, price);
    if (published !== UNPUBLISHED && published === total) return null;
    const instrument = this.#model.instruments[index]!;
    const where = `${instrument.symbol} ${SIDES[side]} ${formatPrice(instrument, price)}`;
    if (total === LEVEL_TOO_LARGE)
      return fail(2, `${where}: its resting orders add up to more than 2^53 units`);
    const sum = formatSize(instrument, total);
    // invariant 7: the aggregated book a subscriber keeps from the level changes
    if (published === UNPUBLISHED)
      return fail(
        7,
        `${where}: its orders now add up to ${sum}, but no level change was published`,
      );
    const stated = formatSize(instrument, published);
    return fail(2, `${where}: level size ${stated}, but its resting orders add up to ${sum}`);
  }

  /** Invariant 6 for each symbol that traded, or whose window lost trades, on this row. */
  #tickerProblem(): Problem | null {
    const now = this.#venue.now();
    const { tickers } = this.#model;
    for (let index = 0; index < tickers.length; index++) {
      const model = tickers[index]!;
      if (model.roll(now) === 0 && !this.#model.traded(index)) continue;
      const mismatch = tickerMismatch(this.#venue, model, false);
      if (mismatch !== null) return fail(6, mismatch);
    }
    return null;
  }

  /** The brute-force comparison of the whole state: invariants 1, 2, 6, 7 (and the core's own). */
  #fullProblem(): Problem | null {
    this.#rowsSinceFullCheck = 0;
    const [problem] = validateVenueState(this.#venue);
    if (problem !== undefined) return fail(coreProblemInvariant(problem), problem);
    const { book, tickers } = this.#model;
    for (let index = 0; index < tickers.length; index++) {
      const crossed = this.#crossedProblem(index);
      if (crossed !== null) return crossed;
      const mismatch = bookMismatch(this.#venue, book, index, MAX_QUERY_LIMIT);
      if (mismatch !== null) return fail(7, mismatch);
      const ticker = tickerMismatch(this.#venue, tickers[index]!, true);
      if (ticker !== null) return fail(6, ticker);
    }
    return null;
  }
}
