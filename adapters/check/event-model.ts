/**
 * Follows the core's numeric events through one row with the checker's own models: the shadow
 * book (the open orders' size accounting and price-time queues) and a ticker model per symbol.
 * Invariants 3, 4 and 5 are checked as each trade and order update arrives; the levels the row
 * changed, as the shadow saw them and as the venue published them, are noted for invariants 1, 2
 * and 7. Events come in ticks and lots; the model works in units (ticks x tickUnits, lots x
 * lotUnits), and reads the row's decimals once each.
 */
import {
  formatPrice,
  formatSize,
  SIDE_BUY,
  SIDE_SELL,
  STATUS_EXPIRED,
  STATUS_PARTIALLY_FILLED,
  STATUS_PENDING,
  STATUS_REJECTED,
  type Instrument,
  type NumericListener,
  type VenueCore,
} from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { toUnits } from '../units/units.js';
import { ShadowBook, type ShadowOrder } from './shadow-book.js';
import { statusMismatch } from './state-comparisons.js';
import { TickerModel } from './ticker-model.js';

export interface Problem {
  readonly invariant: number;
  readonly message: string;
}

/** What `ChangedLevel.published` holds while the venue published no change of the level. */
export const UNPUBLISHED = -1;

/** A level the current row changed; `published` is the venue's last total for it, in units. */
export interface ChangedLevel {
  readonly book: number;
  readonly side: number;
  readonly price: number;
  published: number;
}

export class EventModel implements NumericListener {
  readonly book: ShadowBook;
  /** By book index. */
  readonly instruments: readonly Instrument[];
  readonly tickers: readonly TickerModel[];
  /** The first problem of the current row. */
  problem: Problem | null = null;
  changedLevels: ChangedLevel[] = [];
  /** By book index: the number of the last row that traded there. */
  readonly #tradedRow: number[];
  takerSeen = false;
  readonly #core: VenueCore;
  #row: ParsedScenarioRow | null = null;
  /** Rows started so far. */
  #rows = 0;
  #takerSequence = 0;
  #lastTrade = 0;
  #lastTradeTime = -Infinity;

  constructor(core: VenueCore, instruments: readonly Instrument[]) {
    this.#core = core;
    this.instruments = instruments;
    this.book = new ShadowBook(instruments.length);
    this.tickers = instruments.map((instrument) => new TickerModel(instrument));
    this.#tradedRow = instruments.map(() => 0);
  }

  /** Whether the current row traded on the book. */
  traded(book: number): boolean {
    return this.#tradedRow[book] === this.#rows;
  }

  startRow(row: ParsedScenarioRow): void {
    this.#row = row;
    this.#takerSequence = 0;
    this.takerSeen = false;
    this.problem = null;
    if (this.changedLevels.length > 0) this.changedLevels = [];
    this.#rows++;
  }

  onTrade(
    trade: number,
    book: number,
    priceTicks: number,
    sizeLots: number,
    makerSequence: number,
    takerSequence: number,
    time: number,
  ): void {
    if (this.problem !== null) return;
    const { tickUnits, lotUnits } = this.instruments[book]!;
    this.problem = this.#trade(
      trade,
      book,
      priceTicks * tickUnits,
      sizeLots * lotUnits,
      makerSequence,
      takerSequence,
      time,
    );
  }

  onOrder(sequence: number, status: number, filledLots: number, remainingLots: number): void {
    if (this.problem !== null) return;
    this.problem = this.#order(sequence, status, filledLots, remainingLots);
  }

  /** Invariants 2 and 7: the venue's published new size of a level, kept for the row's end. */
  onLevel(book: number, side: number, priceTicks: number, totalLots: number): void {
    if (this.problem !== null) return;
    const { tickUnits, lotUnits } = this.instruments[book]!;
    this.#level(book, side, priceTicks * tickUnits).published = totalLots * lotUnits;
  }

  #trade(
    trade: number,
    bookIndex: number,
    price: number,
    size: number,
    makerSequence: number,
    takerSequence: number,
    time: number,
  ): Problem | null {
    const row = this.#row!;
    // invariant 5
    if (trade !== this.#lastTrade + 1)
      return fail(5, `trade t_${trade} follows t_${this.#lastTrade}`);
    if (time < this.#lastTradeTime || time !== row.ts) {
      return fail(
        5,
        `trade t_${trade} at ${time}, row time ${row.ts}, previous trade ${this.#lastTradeTime}`,
      );
    }
    this.#lastTrade = trade;
    this.#lastTradeTime = time;
    const book = this.book;
    // invariant 4
    const maker = book.orders.get(makerSequence);
    if (maker === undefined || !maker.resting)
      return fail(4, `trade t_${trade}: maker ord_${makerSequence} was not resting`);
    if (price !== maker.price)
      return fail(4, `trade t_${trade} at ${this.#price(bookIndex, price)}, not the maker's price`);
    const first = book.firstAtBest(bookIndex, maker.side);
    if (first !== maker) {
      return fail(
        4,
        `trade t_${trade}: maker ord_${maker.sequence} was not first in time at the best price (${first === null ? 'none' : `ord_${first.sequence}`} was)`,
      );
    }
    let taker = this.#taker(takerSequence);
    // an amend to a crossing price: the amended order leaves its queue and comes in as the taker
    if (taker?.resting === true && row.action === 'amend') this.#amend(taker, false);
    if (taker === null || taker.resting || taker.side === maker.side || taker.book !== bookIndex) {
      return fail(
        4,
        `trade t_${trade}: taker ord_${takerSequence} is not the incoming order on the other side`,
      );
    }
    if (
      taker.price !== null &&
      (taker.side === SIDE_BUY ? price > taker.price : price < taker.price)
    )
      return fail(
        4,
        `trade t_${trade} at ${this.#price(bookIndex, price)} is beyond the taker's limit`,
      );
    // invariant 3
    if (size <= 0 || size > book.remaining(maker) || size > book.remaining(taker)) {
      return fail(
        3,
        `trade t_${trade} of ${this.#size(bookIndex, size)} exceeds what its orders had left`,
      );
    }
    maker.filled += size;
    taker.filled += size;
    this.#changed(maker);
    if (book.remaining(maker) === 0) book.unqueue(maker);
    this.tickers[bookIndex]!.record(time, price, size);
    this.#tradedRow[bookIndex] = this.#rows;
    return null;
  }

  #order(
    sequence: number,
    status: number,
    filledLots: number,
    remainingLots: number,
  ): Problem | null {
    const row = this.#row!;
    const order = this.book.orders.get(sequence) ?? this.#taker(sequence);
    if (order === null) return fail(3, `update of an unknown order ord_${sequence}`);
    const { lotUnits } = this.instruments[order.book]!;
    const filled = filledLots * lotUnits;
    const remaining = remainingLots * lotUnits;
    const book = this.book;
    if (row.action === 'amend' && order.resting && this.#isAmended(order, filled, remaining)) {
      const keeps = this.#limitPrice(order) === order.price && remaining <= book.remaining(order);
      this.#amend(order, keeps);
    }
    if (sequence === this.#takerSequence) this.takerSeen = true;
    // a cancel or reduce row's own update (an expiry in the same row is `expired`)
    if ((row.action === 'cancel' || row.action === 'reduce') && status !== STATUS_EXPIRED) {
      const before = book.remaining(order);
      order.removed +=
        row.action === 'cancel'
          ? before
          : Math.min(this.#rowUnits(row.size, this.instruments[order.book]!.sizeDecimals), before);
      this.#changed(order);
    }
    const final = status > STATUS_PARTIALLY_FILLED && status !== STATUS_PENDING;
    if (status === STATUS_EXPIRED || status === STATUS_REJECTED)
      order.removed += book.remaining(order);
    const size = order.size;
    // invariant 3
    const sizeLots = this.#core.sizeLots(sequence);
    if (sizeLots * lotUnits !== size) {
      const stated =
        sizeLots < 0 ? 'unknown to the core' : this.#size(order.book, sizeLots * lotUnits);
      return fail(3, `ord_${sequence}: size ${stated} changed`);
    }
    // invariant 5: each side of each trade counted once
    if (filled !== order.filled) {
      return fail(
        5,
        `ord_${sequence}: filled ${this.#size(order.book, filled)}, but its trades sum ${this.#size(order.book, order.filled)}`,
      );
    }
    if (filled > size)
      return fail(3, `ord_${sequence}: filled ${this.#size(order.book, filled)} exceeds its size`);
    const total = filled + remaining + order.removed;
    if (total !== size || !Number.isSafeInteger(total)) {
      const units = (value: number) => this.#size(order.book, value);
      return fail(
        3,
        `ord_${sequence}: filled ${units(filled)} + remaining ${units(remaining)} + cancelled or expired ${units(order.removed)} != size ${units(size)}`,
      );
    }
    const statusProblem = statusMismatch(status, filled, remaining, size);
    if (statusProblem !== null) return fail(3, `ord_${sequence}: ${statusProblem}`);
    if (final) book.forget(order);
    else if (!order.resting && status !== STATUS_PENDING) {
      book.rest(order);
      this.#changed(order);
    }
    return null;
  }

  /** Whether a resting order's update shows the amend of the current row (docs/order-types.md). */
  #isAmended(order: ShadowOrder, filled: number, remaining: number): boolean {
    const { lotUnits } = this.instruments[order.book]!;
    return (
      this.#core.sizeLots(order.sequence) * lotUnits !== order.size ||
      this.#limitPrice(order) !== order.price ||
      filled + remaining + order.removed !== order.size
    );
  }

  /** The order's limit price as the core holds it, in units (null for a market order). */
  #limitPrice(order: ShadowOrder): number | null {
    const ticks = this.#core.priceTicks(order.sequence);
    return ticks === 0 ? null : ticks * this.instruments[order.book]!.tickUnits;
  }

  /**
   * The order as the amend row makes it: the row's size (filled size included; nothing taken off
   * any more) and price. It keeps its place in its queue, or leaves it to come in again.
   */
  #amend(order: ShadowOrder, keepsPlace: boolean): void {
    const row = this.#row as ParsedScenarioRow & { action: 'amend' };
    const { priceDecimals, sizeDecimals } = this.instruments[order.book]!;
    this.#changed(order);
    if (!keepsPlace) this.book.unqueue(order);
    if (row.price !== undefined) order.price = this.#rowUnits(row.price, priceDecimals);
    if (row.size !== undefined) {
      order.size = this.#rowUnits(row.size, sizeDecimals);
      order.removed = 0;
    }
  }

  /** Notes the level of a resting order whose remaining size changes. */
  #changed(order: ShadowOrder): void {
    if (order.resting) this.#level(order.book, order.side, order.price!);
  }

  /**
   * The changed level at `price`, noted on first mention. Found by scanning: a row changes a few
   * levels (a sweep of n levels costs n^2 / 2 comparisons: little for the tens a sweep reaches).
   */
  #level(book: number, side: number, price: number): ChangedLevel {
    const levels = this.changedLevels;
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i]!;
      if (level.price === price && level.side === side && level.book === book) return level;
    }
    const level = { book, side, price, published: UNPUBLISHED };
    levels.push(level);
    return level;
  }

  /** The incoming order of the current `new` row, created on its first mention. */
  #taker(sequence: number): ShadowOrder | null {
    const known = this.book.orders.get(sequence);
    if (known !== undefined) return known;
    const row = this.#row!;
    if (row.action !== 'new') return null;
    const book = this.#core.bookIndex(row.symbol);
    if (book < 0) return null;
    const { priceDecimals, sizeDecimals } = this.instruments[book]!;
    const order: ShadowOrder = {
      sequence,
      book,
      side: row.side === 'buy' ? SIDE_BUY : SIDE_SELL,
      price: row.type === 'limit' ? this.#rowUnits(row.price!, priceDecimals) : null,
      size: this.#rowUnits(row.size, sizeDecimals),
      filled: 0,
      removed: 0,
      resting: false,
    };
    this.book.orders.set(sequence, order);
    this.#takerSequence = sequence;
    return order;
  }

  /** A row's decimal as units. */
  #rowUnits(text: string, decimals: number): number {
    return Number(toUnits(text, decimals));
  }

  #price(book: number, units: number): string {
    return formatPrice(this.instruments[book]!, units);
  }

  #size(book: number, units: number): string {
    return formatSize(this.instruments[book]!, units);
  }
}

export function fail(invariant: number, message: string): Problem {
  return { invariant, message };
}
