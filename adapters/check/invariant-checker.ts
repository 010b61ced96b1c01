/**
 * The invariants of SCENARIOS.md, checked after every row of a replay. 1, 2 and 7 (the books'
 * own consistency) come from the core's `validateVenueState`; the checker adds a shadow model of
 * the book for 3-5 and 7 (the aggregated book as a query returns it), and a brute-force ticker for
 * 6. Two brute-force comparisons are amortised on large states: the ticker's recomputation runs
 * every row while the window holds at most WORK_PER_ROW trades, and the query book against the
 * shadow's open orders every row while the symbol has at most WORK_PER_ROW resting orders; above
 * that, proportionally less often (and always at the end).
 */
import {
  validateVenueState,
  type Instrument,
  type OrderRecord,
  type TradeRecord,
  type Venue,
  type VenueEvent,
} from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { fromUnits, toUnits } from '../units/units.js';
import { ShadowBook, type ShadowOrder } from './shadow-book.js';
import { bookMismatch, statusMismatch, tickerMismatch } from './state-comparisons.js';
import { TickerModel } from './ticker-model.js';

export interface Violation {
  readonly line: number;
  readonly invariant: number;
  readonly message: string;
}

type Problem = Omit<Violation, 'line'>;

export const WORK_PER_ROW = 256;

export class InvariantChecker {
  readonly #venue: Venue;
  readonly #book = new ShadowBook();
  readonly #instruments = new Map<string, Instrument>();
  readonly #tickers = new Map<string, TickerModel>();
  #row: ParsedScenarioRow | null = null;
  #problem: Problem | null = null;
  #takerId: string | null = null;
  #takerSeen = false;
  #lastTradeSequence = 0;
  #lastTradeTime = -Infinity;
  #tickerBudget = 0;
  #bookBudget = 0;

  constructor(venue: Venue) {
    this.#venue = venue;
    for (const instrument of venue.instruments()) {
      this.#instruments.set(instrument.symbol, instrument);
      this.#tickers.set(instrument.symbol, new TickerModel(instrument));
    }
    venue.subscribe((event) => {
      if (this.#problem === null) this.#problem = this.#onEvent(event);
    });
  }

  beforeRow(row: ParsedScenarioRow): void {
    this.#row = row;
    this.#takerId = null;
    this.#takerSeen = false;
  }

  /** The first invariant the row broke, or null. */
  afterRow(row: ParsedScenarioRow, accepted: boolean): Violation | null {
    const problem =
      this.#problem ??
      (row.action === 'new' && accepted && !this.#takerSeen
        ? { invariant: 3, message: 'the new order got no order update' }
        : null) ??
      this.#stateProblem() ??
      this.#bookProblem(row.symbol, false) ??
      this.#tickerProblem(row.symbol, false);
    return problem === null ? null : { line: row.line, ...problem };
  }

  /** Every symbol's book and ticker, fully, after the last row (`line` 0 when there was none). */
  atEnd(now: number): Violation | null {
    for (const symbol of this.#instruments.keys()) {
      const problem = this.#bookProblem(symbol, true) ?? this.#tickerProblem(symbol, true);
      if (problem !== null)
        return {
          line: this.#row?.line ?? 0,
          ...problem,
          message: `at the end (${now}): ${problem.message}`,
        };
    }
    return null;
  }

  #onEvent(event: VenueEvent): Problem | null {
    if (event.type === 'trade') return this.#onTrade(event.trade);
    if (event.type === 'order') return this.#onOrder(event.order);
    return null;
  }

  #onTrade(trade: TradeRecord): Problem | null {
    const instrument = this.#instruments.get(trade.symbol)!;
    const sequence = Number(trade.id.slice(2));
    if (sequence !== this.#lastTradeSequence + 1)
      return fail(5, `trade ${trade.id} follows t_${this.#lastTradeSequence}`);
    if (trade.timestamp < this.#lastTradeTime || trade.timestamp !== this.#row!.ts) {
      return fail(
        5,
        `trade ${trade.id} at ${trade.timestamp}, row time ${this.#row!.ts}, previous trade ${this.#lastTradeTime}`,
      );
    }
    this.#lastTradeSequence = sequence;
    this.#lastTradeTime = trade.timestamp;
    const price = toUnits(trade.price, instrument.priceDecimals);
    const size = toUnits(trade.size, instrument.sizeDecimals);
    const maker = this.#book.orders.get(trade.makerOrderId);
    if (maker === undefined || !maker.resting)
      return fail(4, `trade ${trade.id}: maker ${trade.makerOrderId} was not resting`);
    if (price !== maker.price)
      return fail(4, `trade ${trade.id} at ${trade.price}, not the maker's price`);
    const best = this.#book.best(trade.symbol, maker.side);
    if (best?.first !== maker.id) {
      return fail(
        4,
        `trade ${trade.id}: maker ${maker.id} was not first in time at the best price (${best?.first} was)`,
      );
    }
    const taker = this.#taker(trade.takerOrderId);
    if (taker === null || taker.resting || taker.side !== trade.side || taker.side === maker.side) {
      return fail(
        4,
        `trade ${trade.id}: taker ${trade.takerOrderId} is not the incoming order on the other side`,
      );
    }
    if (
      taker.price !== null &&
      (taker.side === 'buy' ? price > taker.price : price < taker.price)
    ) {
      return fail(4, `trade ${trade.id} at ${trade.price} is beyond the taker's limit`);
    }
    const book = this.#book;
    if (size <= 0n || size > book.remaining(maker) || size > book.remaining(taker)) {
      return fail(3, `trade ${trade.id} of ${trade.size} exceeds what its orders had left`);
    }
    maker.filled += size;
    taker.filled += size;
    if (book.remaining(maker) === 0n) book.unqueue(maker);
    this.#tickers.get(trade.symbol)!.record(trade.timestamp, price, size);
    return null;
  }

  #onOrder(record: OrderRecord): Problem | null {
    const row = this.#row!;
    const instrument = this.#instruments.get(record.symbol)!;
    const order = this.#book.orders.get(record.id) ?? this.#taker(record.id);
    if (order === null) return fail(3, `update of an unknown order ${record.id}`);
    const units = (text: string) => toUnits(text, instrument.sizeDecimals);
    const [size, filled, remaining] = [
      units(record.size),
      units(record.filledSize),
      units(record.remainingSize),
    ];
    const book = this.#book;
    if (record.id === this.#takerId) this.#takerSeen = true;
    if (row.action !== 'new') {
      const before = book.remaining(order);
      order.removed += row.action === 'cancel' ? before : minimum(units(row.size), before);
    }
    const final = record.status !== 'open' && record.status !== 'partially_filled';
    if (record.status === 'expired' || record.status === 'rejected')
      order.removed += book.remaining(order);
    const id = record.id;
    if (size !== order.size) return fail(3, `${id}: size ${record.size} changed`);
    if (filled !== order.filled)
      return fail(
        5,
        `${id}: filled ${record.filledSize}, but its trades sum ${fromUnits(order.filled, instrument.sizeDecimals)}`,
      );
    if (filled > size) return fail(3, `${id}: filled ${record.filledSize} exceeds its size`);
    if (filled + remaining + order.removed !== size) {
      return fail(
        3,
        `${id}: filled ${record.filledSize} + remaining ${record.remainingSize} + cancelled or expired ${fromUnits(order.removed, instrument.sizeDecimals)} != size ${record.size}`,
      );
    }
    const statusProblem = statusMismatch(record.status, filled, remaining, size);
    if (statusProblem !== null) return fail(3, `${id}: ${statusProblem}`);
    if (final) book.forget(order);
    else if (!order.resting) book.rest(order);
    return null;
  }

  /** The incoming order of the current `new` row, created on its first mention. */
  #taker(id: string): ShadowOrder | null {
    const known = this.#book.orders.get(id);
    if (known !== undefined) return known;
    const row = this.#row!;
    if (row.action !== 'new') return null;
    const instrument = this.#instruments.get(row.symbol)!;
    const order: ShadowOrder = {
      id,
      symbol: row.symbol,
      side: row.side,
      price: row.type === 'limit' ? toUnits(row.price!, instrument.priceDecimals) : null,
      size: toUnits(row.size, instrument.sizeDecimals),
      filled: 0n,
      removed: 0n,
      resting: false,
    };
    this.#book.orders.set(id, order);
    this.#takerId = id;
    return order;
  }

  #stateProblem(): Problem | null {
    const [problem] = validateVenueState(this.#venue);
    if (problem === undefined) return null;
    return fail(problem.includes('crossed') ? 1 : problem.includes('index has') ? 7 : 2, problem);
  }

  #bookProblem(symbol: string, always: boolean): Problem | null {
    const instrument = this.#instruments.get(symbol);
    if (instrument === undefined) return null;
    this.#bookBudget += WORK_PER_ROW;
    if (!always && this.#book.restingCount(symbol) > this.#bookBudget) return null;
    this.#bookBudget = 0;
    const mismatch = bookMismatch(this.#venue, this.#book, instrument);
    return mismatch === null ? null : fail(7, mismatch);
  }

  #tickerProblem(symbol: string, always: boolean): Problem | null {
    const model = this.#tickers.get(symbol);
    if (model === undefined) return null;
    this.#tickerBudget += WORK_PER_ROW;
    if (!always && model.windowSize > this.#tickerBudget) return null;
    this.#tickerBudget = 0;
    const mismatch = tickerMismatch(this.#venue, model);
    return mismatch === null ? null : fail(6, mismatch);
  }
}

function minimum(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function fail(invariant: number, message: string): Problem {
  return { invariant, message };
}
