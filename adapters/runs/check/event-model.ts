/**
 * Follows the core's events through one row with the checker's own models: the shadow
 * book (the open orders' size accounting and price-time queues) and a ticker model per symbol.
 * Invariants 3, 4 and 5 are checked as each trade and order update arrives; the levels the row
 * changed, as the shadow saw them and as the venue published them, are noted for invariants 1, 2
 * and 7. Events and the model are in units; the model reads the row's decimals once each.
 */
import type {
  CoreListener,
  Instrument,
  LevelEvent,
  OrderEvent,
  TradeEvent,
  VenueCore,
} from '../../../src/index.js';
import type { ParsedScenarioRow } from '../../flow/index.js';
import { CurrentRow, type ChangedLevel } from './current-row.js';
import { OrderChecks } from './order-checks.js';
import type { Problem } from './problem.js';
import { ExpectedBook } from './expected-book.js';
import type { TickerModel } from './ticker-model.js';
import { TradeChecks } from './trade-checks.js';

export class EventModel implements CoreListener {
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

  onTrade(trade: TradeEvent): void {
    if (this.problem !== null) return;
    this.problem = this.#trades.check(trade);
  }

  onOrder(order: OrderEvent): void {
    if (this.problem !== null) return;
    this.problem = this.#orders.check(order);
  }

  /** Invariants 2 and 7: the venue's published new size of a level, kept for the row's end. */
  onLevel(level: LevelEvent): void {
    if (this.problem !== null) return;
    this.#current.level(level.book, level.side, level.price).published = level.total;
  }
}
