/**
 * Imports a LOBSTER day in-process, replays the scenario text through the venue, and compares the
 * venue's book with LOBSTER's orderbook file after the messages chosen; or backtests a strategy on
 * it and compares the book without the strategy's orders.
 */
import { Readable, Writable } from 'node:stream';
import { ScenarioClock } from '../../adapters/flow/index.js';
import { openScenario } from '../../adapters/flow/csv/index.js';
import { ScenarioDriver } from '../../adapters/flow/driver/index.js';
import {
  convertLobster,
  emptyCounts,
  readLobsterMessages,
  readLobsterOrderbook,
  writeScenario,
  type ImportCounts,
} from '../../adapters/flow/lobster/index.js';
import {
  BacktestEngine,
  type BacktestConfig,
} from '../../adapters/runs/backtest/backtest-engine.js';
import type { Strategy } from '../../adapters/runs/backtest/strategy.js';
import { formatPrice, formatSize, Venue, type BookLevel } from '../../src/index.js';
import { NO_SLOT } from '../../src/order-store.js';

export interface ReplayCheck {
  readonly counts: ImportCounts;
  readonly checked: number;
  readonly refusedRows: number;
  /** `line N: expected ... got ...`, at most a few. */
  readonly mismatches: string[];
  readonly mismatchCount: number;
}

export interface DayFiles {
  readonly symbol: string;
  readonly dayMs: number;
  readonly messages: Buffer;
  readonly orderbook: Buffer;
  /** Levels per side compared: the file's own depth (a level-N file says nothing deeper). */
  readonly depth: number;
}

/** A day imported in memory: the scenario text, and the rows written through each message line. */
async function importDay(day: DayFiles) {
  const counts = emptyCounts();
  const rowsAfterLine: number[] = [0];
  const converted = convertLobster(
    readLobsterMessages(Readable.from([day.messages]), 'message.csv'),
    {
      symbol: day.symbol,
      dayMs: day.dayMs,
      messageFile: 'message.csv',
      orderbook: {
        rows: readLobsterOrderbook(Readable.from([day.orderbook]), 'orderbook.csv'),
        file: 'orderbook.csv',
      },
    },
    counts,
  );
  const recorded = (async function* () {
    for await (const message of converted) {
      rowsAfterLine[message.line] = rowsAfterLine[message.line - 1]! + message.rows.length;
      yield message;
    }
  })();
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  await writeScenario(day.symbol, recorded, sink);
  const scenario = await openScenario(Readable.from([chunks.join('')]), 'imported.csv');
  return { counts, rowsAfterLine, scenario };
}

/** Compares a book with the orderbook file after each message line, as the rows reach them. */
class BookComparison {
  checked = 0;
  readonly mismatches: string[] = [];
  mismatchCount = 0;
  #line = 1;
  readonly #expected: string[];
  readonly #lines: number;

  constructor(
    day: DayFiles,
    private readonly rowsAfterLine: readonly number[],
    private readonly check: (line: number, isLast: boolean) => boolean,
    private readonly book: () => { asks: readonly BookLevel[]; bids: readonly BookLevel[] },
  ) {
    this.#expected = day.orderbook.toString().split('\n');
    this.#lines = rowsAfterLine.length - 1;
  }

  /** After `rowCount` rows: every message line they complete. */
  through(rowCount: number): void {
    for (; this.#line <= this.#lines && this.rowsAfterLine[this.#line]! <= rowCount; this.#line++) {
      const line = this.#line;
      if (!this.check(line, line === this.#lines)) continue;
      this.checked += 1;
      const got = JSON.stringify(this.book());
      const want = JSON.stringify(expectedBook(this.#expected[line - 1]!));
      if (got === want) continue;
      this.mismatchCount += 1;
      if (this.mismatches.length < 3)
        this.mismatches.push(`line ${line}: expected ${want} got ${got}`);
    }
  }
}

/** Checks the book after every message line for which `check(line, isLast)` is true. */
export async function replayAndCompare(
  day: DayFiles,
  check: (line: number, isLast: boolean) => boolean,
): Promise<ReplayCheck> {
  const { counts, rowsAfterLine, scenario } = await importDay(day);
  const clock = new ScenarioClock();
  const created = Venue.create({ clock: clock.read, instruments: scenario.instruments });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const driver = new ScenarioDriver(venue, clock);
  const comparison = new BookComparison(day, rowsAfterLine, check, () => {
    const book = venue.orderBook(day.symbol, day.depth);
    if (!book.ok) throw new Error(book.error.message);
    return { asks: book.value.asks, bids: book.value.bids };
  });
  let applied = 0;
  let refusedRows = 0;
  for await (const row of scenario.rows) {
    if (driver.apply(row) !== null) refusedRows += 1;
    applied += 1;
    comparison.through(applied);
  }
  comparison.through(applied);
  const { checked, mismatches, mismatchCount } = comparison;
  return { counts, checked, refusedRows, mismatches, mismatchCount };
}

/**
 * Backtests `strategy` on the imported day and checks, after every message line, that the book
 * without the strategy's orders is the orderbook file's (what `marketImpact: 'none'` promises).
 */
export async function backtestAndCompare(
  day: DayFiles,
  strategy: Strategy,
  config: BacktestConfig,
): Promise<ReplayCheck & { fills: number }> {
  const { counts, rowsAfterLine, scenario } = await importDay(day);
  const engine = new BacktestEngine(scenario.instruments, strategy, config);
  const strategyAccount = engine.venue.core.accountId(config.account);
  const comparison = new BookComparison(
    day,
    rowsAfterLine,
    () => true,
    () => ({
      asks: othersLevels(engine, day, strategyAccount, true),
      bids: othersLevels(engine, day, strategyAccount, false),
    }),
  );
  let applied = 0;
  // One row a batch: the engine has applied every row before it asks for the next.
  const rows = (async function* () {
    for await (const row of scenario.rows) {
      yield [row];
      applied += 1;
      comparison.through(applied);
    }
  })();
  await engine.run(rows);
  const refusedRows = [...engine.flowRefusals.values()].reduce((sum, n) => sum + n, 0);
  const fills = engine.ledgers.reduce((sum, ledger) => sum + ledger.fills, 0);
  const { checked, mismatches, mismatchCount } = comparison;
  return { counts, checked, refusedRows, mismatches, mismatchCount, fills };
}

/** A side's first `day.depth` levels of the orders of every account but the strategy's. */
function othersLevels(
  engine: BacktestEngine,
  day: DayFiles,
  strategyAccount: number,
  sell: boolean,
): BookLevel[] {
  const core = engine.venue.core;
  const book = core.books[core.bookIndex(day.symbol)]!;
  const { store } = core;
  const levels: BookLevel[] = [];
  const ladder = book.ladder(sell);
  ladder.forEachFromBest(Infinity, (level) => {
    let size = 0;
    for (let slot = ladder.head(level); slot !== NO_SLOT; slot = store.next(slot))
      if (store.account(slot) !== strategyAccount) size += store.remaining(slot);
    if (size > 0)
      levels.push([
        formatPrice(book.instrument, ladder.price(level)),
        formatSize(book.instrument, size),
      ]);
    return levels.length < day.depth;
  });
  return levels;
}

/** An orderbook row parsed on its own, by string slicing: `5853300` → `585.33`. */
function expectedBook(text: string): { asks: BookLevel[]; bids: BookLevel[] } {
  const cells = text.trim().split(',');
  const asks: BookLevel[] = [];
  const bids: BookLevel[] = [];
  for (let i = 0; i < cells.length; i += 4) {
    if (cells[i + 1] !== '0') asks.push([dollars(cells[i]!), cells[i + 1]!]);
    if (cells[i + 3] !== '0') bids.push([dollars(cells[i + 2]!), cells[i + 3]!]);
  }
  return { asks, bids };
}

function dollars(units: string): string {
  if (!units.endsWith('00')) throw new Error(`price ${units} is not on the cent grid`);
  const padded = units.padStart(6, '0');
  return `${Number(padded.slice(0, -4))}.${padded.slice(-4, -2)}`;
}
