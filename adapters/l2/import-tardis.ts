/**
 * `simex import tardis`: Tardis.dev's `incremental_book_L2` CSV, and optionally its `trades` CSV,
 * merged by local time into an L2 flow (docs/l2.md, "Importers").
 */
import type { Writable } from 'node:stream';
import { canonicalDecimal } from './l2-decimal.js';
import { L2InputError } from './l2-input-error.js';
import { L2BookCheck } from './l2-book-check.js';
import { NamedColumnsFile } from './import-csv-cells.js';
import { openL2Sink, requireSymbol, type L2Format } from './import-options.js';
import type { L2Row, L2Side } from './l2-row.js';
import type { L2Sink } from './l2-sink.js';

export interface ImportTardisOptions {
  readonly bookFile: string;
  readonly tradesFile?: string;
  /** The symbol the rows carry, `BASE-QUOTE`. */
  readonly symbol: string;
  /** Default: csv. */
  readonly format?: L2Format;
}

export interface TardisCounts {
  bookRows: number;
  trades: number;
  /** Trades whose aggressor side Tardis gives as `unknown`: not imported. */
  unknownSideTrades: number;
}

export const TARDIS_BOOK_COLUMNS = [
  'exchange',
  'symbol',
  'timestamp',
  'local_timestamp',
  'is_snapshot',
  'side',
  'price',
  'amount',
] as const;

export const TARDIS_TRADE_COLUMNS = [
  'exchange',
  'symbol',
  'timestamp',
  'local_timestamp',
  'id',
  'side',
  'price',
  'amount',
] as const;

const [EXCHANGE, SYMBOL, TIMESTAMP, LOCAL, SNAPSHOT_OR_ID, SIDE, PRICE, AMOUNT] = [
  0, 1, 2, 3, 4, 5, 6, 7,
];

/** A row of either file, checked, in microseconds. */
interface TardisRecord {
  readonly line: number;
  readonly exchangeUs: number;
  readonly localUs: number;
  /** null for a trade. */
  readonly snapshot: boolean | null;
  readonly side: L2Side | null;
  readonly price: string;
  readonly size: string;
}

const MICROS = /^\d{1,16}$/;

/** Reads one file's records a chunk at a time, checking each by its kind's rules. */
class TardisFile {
  readonly #file: NamedColumnsFile;
  readonly #trades: boolean;
  readonly #names: { exchange: string | null; symbol: string | null };
  #lastLocalUs = 0;
  records: TardisRecord[] = [];
  index = 0;
  done = false;

  constructor(
    path: string,
    trades: boolean,
    names: { exchange: string | null; symbol: string | null },
  ) {
    this.#file = new NamedColumnsFile(path, trades ? TARDIS_TRADE_COLUMNS : TARDIS_BOOK_COLUMNS);
    this.#trades = trades;
    this.#names = names;
  }

  get current(): TardisRecord | undefined {
    return this.records[this.index];
  }

  /** Reads the next chunk when this one is used up; false at the end. */
  async fill(): Promise<boolean> {
    while (!this.done && this.index >= this.records.length) {
      const next = await this.#file.nextRecords();
      if (next === null) {
        this.done = true;
        break;
      }
      this.records = next.records.map((record, i) => this.#check(next.lines[i]!, record));
      this.index = 0;
    }
    return this.index < this.records.length;
  }

  close(): void {
    this.#file.close();
  }

  #check(line: number, record: readonly string[]): TardisRecord {
    const at = this.#file.columns;
    const cell = (column: number) => record[at[column]!]!;
    const fail = (column: number, reason: string) => this.#file.fail(line, record, column, reason);
    for (const [column, key] of [
      [EXCHANGE, 'exchange'],
      [SYMBOL, 'symbol'],
    ] as const) {
      const seen = this.#names[key];
      if (seen === null) this.#names[key] = cell(column);
      else if (cell(column) !== seen)
        throw fail(column, `${key} "${cell(column)}" differs from "${seen}" of the first row`);
    }
    const exchangeUs = micros(cell(TIMESTAMP));
    if (exchangeUs === null)
      throw fail(
        TIMESTAMP,
        `timestamp must be whole microseconds since the epoch, got "${cell(TIMESTAMP)}"`,
      );
    const localUs = micros(cell(LOCAL));
    if (localUs === null)
      throw fail(
        LOCAL,
        `local_timestamp must be whole microseconds since the epoch, got "${cell(LOCAL)}"`,
      );
    if (localUs < this.#lastLocalUs)
      throw fail(
        LOCAL,
        `time going backwards: local_timestamp ${localUs} after ${this.#lastLocalUs}`,
      );
    this.#lastLocalUs = localUs;
    let snapshot: boolean | null = null;
    let side: L2Side | null;
    const sideText = cell(SIDE);
    if (this.#trades) {
      if (sideText !== 'buy' && sideText !== 'sell' && sideText !== 'unknown')
        throw fail(SIDE, `side must be buy, sell or unknown, got "${sideText}"`);
      side = sideText === 'unknown' ? null : sideText;
    } else {
      const flag = cell(SNAPSHOT_OR_ID);
      if (flag !== 'true' && flag !== 'false')
        throw fail(SNAPSHOT_OR_ID, `is_snapshot must be true or false, got "${flag}"`);
      snapshot = flag === 'true';
      if (sideText !== 'bid' && sideText !== 'ask')
        throw fail(SIDE, `side must be bid or ask, got "${sideText}"`);
      side = sideText === 'bid' ? 'buy' : 'sell';
    }
    const price = canonicalDecimal(cell(PRICE), true);
    if (price === null || price === '0')
      throw fail(PRICE, `price must be a positive decimal, got "${cell(PRICE)}"`);
    const size = canonicalDecimal(cell(AMOUNT), true);
    if (size === null || (this.#trades && size === '0'))
      throw fail(
        AMOUNT,
        `amount must be a ${this.#trades ? 'positive' : 'non-negative'} decimal, got "${cell(AMOUNT)}"`,
      );
    return { line, exchangeUs, localUs, snapshot, side, price, size };
  }
}

function micros(text: string): number | null {
  if (!MICROS.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export async function importTardis(
  options: ImportTardisOptions,
  out: Writable,
): Promise<TardisCounts> {
  requireSymbol(options.symbol);
  const names = { exchange: null, symbol: null };
  const book = new TardisFile(options.bookFile, false, names);
  const trades =
    options.tradesFile === undefined ? null : new TardisFile(options.tradesFile, true, names);
  try {
    const sink = await openL2Sink(out, options.format ?? 'csv');
    const counts = await merge(book, trades, options, sink);
    await sink.end();
    return counts;
  } finally {
    book.close();
    trades?.close();
  }
}

/** Book rows and trades in local-time order; at equal times, book rows first. */
async function merge(
  book: TardisFile,
  trades: TardisFile | null,
  options: ImportTardisOptions,
  sink: L2Sink,
): Promise<TardisCounts> {
  const counts: TardisCounts = { bookRows: 0, trades: 0, unknownSideTrades: 0 };
  const levels = new L2BookCheck();
  const symbol = options.symbol;
  let previous: TardisRecord | null = null;
  const checkBook = (record: TardisRecord) => {
    const crossing = levels.crossing();
    if (crossing !== null)
      throw new L2InputError(options.bookFile, record.line, 1, `${crossing} after this line`);
  };
  for (;;) {
    const hasBook = await book.fill();
    const hasTrade = trades !== null && (await trades.fill());
    if (!hasBook && !hasTrade) break;
    for (;;) {
      const bookRecord = book.current;
      const tradeRecord = trades?.current;
      const takeBook =
        bookRecord !== undefined &&
        (tradeRecord === undefined
          ? trades === null || trades.done
          : bookRecord.localUs <= tradeRecord.localUs);
      if (takeBook) {
        book.index++;
        if (previous !== null && endsMessage(previous, bookRecord)) checkBook(previous);
        if (bookRecord.snapshot === true && previous?.snapshot !== true) levels.clear();
        levels.set(bookRecord.side!, bookRecord.price, bookRecord.size);
        sink.push(rowOf(bookRecord, symbol, bookRecord.snapshot === true ? 'snapshot' : 'update'));
        counts.bookRows++;
        previous = bookRecord;
      } else if (tradeRecord !== undefined && (bookRecord !== undefined || book.done)) {
        trades!.index++;
        if (tradeRecord.side === null) counts.unknownSideTrades++;
        else {
          sink.push(rowOf(tradeRecord, symbol, 'trade'));
          counts.trades++;
        }
      } else break;
    }
    await sink.flush();
  }
  if (previous !== null) checkBook(previous);
  return counts;
}

/** A book message is the rows of one local time; a snapshot run is one message, however long. */
function endsMessage(previous: TardisRecord, next: TardisRecord): boolean {
  if (previous.snapshot === true && next.snapshot === true) return false;
  return previous.localUs !== next.localUs || previous.snapshot !== next.snapshot;
}

function rowOf(record: TardisRecord, symbol: string, kind: L2Row['kind']): L2Row {
  return {
    exchangeTs: Math.floor(record.exchangeUs / 1000),
    localTs: Math.floor(record.localUs / 1000),
    symbol,
    kind,
    side: record.side!,
    price: record.price,
    size: record.size,
  };
}
