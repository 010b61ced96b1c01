/**
 * Follows the core's numeric events through one row with the checker's own models: the shadow
 * book (the open orders' size accounting and price-time queues) and a ticker model per symbol.
 * Invariants 3, 4 and 5 are checked as each trade and order update arrives; the levels the row
 * changed, as the shadow saw them and as the venue published them, are noted for invariants 1, 2
 * and 7. Events come in ticks and lots; the model works in units (ticks x tickUnits, lots x
 * lotUnits), and reads the row's decimals once each.
 */
import type { Instrument, NumericListener, VenueCore } from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { CurrentRow, type ChangedLevel } from './current-row.js';
import { OrderChecks } from './order-checks.js';
import type { Problem } from './problem.js';
import { ExpectedBook } from './expected-book.js';
import type { TickerModel } from './ticker-model.js';
import { TradeChecks } from './trade-checks.js';

export class EventModel implements NumericListener {
  readonly book: ExpectedBook;
  /** By book index. */
  readonly instruments: readonly Instrument[];
  readonly tickers: readonly TickerModel[];
  /** The first problem of the current row. */
  problem: Problem | null = null;
  readonly #current: CurrentRow;
  readonly #trades: TradeChecks;
  readonly #orders: OrderChecks;

  constructor(core: VenueCore, instruments: readonly Instrument[]) {
    this.instruments = instruments;
    this.book = new ExpectedBook(instruments.length);
    this.#current = new CurrentRow(core, instruments, this.book);
    this.#trades = new TradeChecks(this.#current);
    this.#orders = new OrderChecks(this.#current);
    this.tickers = this.#trades.tickers;
  }

  get changedLevels(): readonly ChangedLevel[] {
    return this.#current.changedLevels;
  }

  /** Whether the current row's incoming order got its order update. */
  get takerSeen(): boolean {
    return this.#current.takerSeen;
  }

  /** Whether the current row traded on the book. */
  traded(book: number): boolean {
    return this.#trades.traded(book);
  }

  startRow(row: ParsedScenarioRow): void {
    this.#current.start(row);
    this.problem = null;
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
    this.problem = this.#trades.check(
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
    this.problem = this.#orders.check(sequence, status, filledLots, remainingLots);
  }

  /** Invariants 2 and 7: the venue's published new size of a level, kept for the row's end. */
  onLevel(book: number, side: number, priceTicks: number, totalLots: number): void {
    if (this.problem !== null) return;
    const { tickUnits, lotUnits } = this.instruments[book]!;
    this.#current.level(book, side, priceTicks * tickUnits).published = totalLots * lotUnits;
  }
}
