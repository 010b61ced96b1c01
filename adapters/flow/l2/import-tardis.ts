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
import type { L2Kind, L2Row, L2Side } from './l2-row.js';
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

/** A row of either file, checked: the L2 row it gives, and what the merge needs. */
interface TardisRecord extends L2Row {
  readonly line: number;
  readonly localUs: number;
  /** A trade of side `unknown` (its side reads `buy`): skipped. */
  readonly unknownSide: boolean;
}

const MICROS = /^\d{1,16}$/;

/** Reads one file's records a chunk at a time, checking each by its kind's rules. */
class TardisFile {
  readonly #file: NamedColumnsFile;
  readonly #trades: boolean;
  readonly #names: { exchange: string | null; symbol: string | null };
  #lastLocalUs = 0;
  readonly #exchangeTimes = new MicrosColumn();
  readonly #localTimes = new MicrosColumn();
  records: TardisRecord[] = [];
  index = 0;
  done = false;

  constructor(
    path: string,
    trades: boolean,
    names: { exchange: string | null; symbol: string | null },
    readonly symbol: string,
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
    const exchange = record[at[EXCHANGE]!]!;
    const symbol = record[at[SYMBOL]!]!;
    if (exchange !== this.#names.exchange || symbol !== this.#names.symbol) {
      this.#names.exchange ??= exchange;
      this.#names.symbol ??= symbol;
      if (exchange !== this.#names.exchange)
        this.#fail(
          line,
          record,
          EXCHANGE,
          `exchange "${exchange}" differs from "${this.#names.exchange}" of the first row`,
        );
      if (symbol !== this.#names.symbol)
        this.#fail(
          line,
          record,
          SYMBOL,
          `symbol "${symbol}" differs from "${this.#names.symbol}" of the first row`,
        );
    }
    const timestamp = record[at[TIMESTAMP]!]!;
    const exchangeUs = this.#exchangeTimes.read(timestamp);
    if (exchangeUs === null)
      this.#fail(
        line,
        record,
        TIMESTAMP,
        `timestamp must be whole microseconds since the epoch, got "${timestamp}"`,
      );
    const local = record[at[LOCAL]!]!;
    const localUs = this.#localTimes.read(local);
    if (localUs === null)
      this.#fail(
        line,
        record,
        LOCAL,
        `local_timestamp must be whole microseconds since the epoch, got "${local}"`,
      );
    if (localUs < this.#lastLocalUs)
      this.#fail(
        line,
        record,
        LOCAL,
        `time going backwards: local_timestamp ${localUs} after ${this.#lastLocalUs}`,
      );
    this.#lastLocalUs = localUs;
    let kind: L2Kind = 'trade';
    let side: L2Side;
    const sideText = record[at[SIDE]!]!;
    if (this.#trades) {
      if (sideText !== 'buy' && sideText !== 'sell' && sideText !== 'unknown')
        this.#fail(line, record, SIDE, `side must be buy, sell or unknown, got "${sideText}"`);
      side = sideText === 'sell' ? 'sell' : 'buy';
    } else {
      const flag = record[at[SNAPSHOT_OR_ID]!]!;
      if (flag !== 'true' && flag !== 'false')
        this.#fail(
          line,
          record,
          SNAPSHOT_OR_ID,
          `is_snapshot must be true or false, got "${flag}"`,
        );
      kind = flag === 'true' ? 'snapshot' : 'update';
      if (sideText !== 'bid' && sideText !== 'ask')
        this.#fail(line, record, SIDE, `side must be bid or ask, got "${sideText}"`);
      side = sideText === 'bid' ? 'buy' : 'sell';
    }
    const priceText = record[at[PRICE]!]!;
    const price = canonicalDecimal(priceText, true);
    if (price === null || price === '0')
      this.#fail(line, record, PRICE, `price must be a positive decimal, got "${priceText}"`);
    const amount = record[at[AMOUNT]!]!;
    const size = canonicalDecimal(amount, true);
    if (size === null || (this.#trades && size === '0'))
      this.#fail(
        line,
        record,
        AMOUNT,
        `amount must be a ${this.#trades ? 'positive' : 'non-negative'} decimal, got "${amount}"`,
      );
    return {
      exchangeTs: Math.floor(exchangeUs / 1000),
      localTs: Math.floor(localUs / 1000),
      symbol: this.symbol,
      kind,
      side,
      price,
      size,
      line,
      localUs,
      unknownSide: sideText === 'unknown',
    };
  }

  #fail(line: number, record: readonly string[], column: number, reason: string): never {
    throw this.#file.fail(line, record, column, reason);
  }
}

/**
 * Reads a column of microsecond times. The rows of one message repeat their times, so the last
 * text read and its value are kept.
 */
class MicrosColumn {
  #text: string | null = null;
  #value = 0;

  read(text: string): number | null {
    if (text === this.#text) return this.#value;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || !MICROS.test(text)) return null;
    this.#text = text;
    this.#value = value;
    return value;
  }
}

export async function importTardis(
  options: ImportTardisOptions,
  out: Writable,
): Promise<TardisCounts> {
  requireSymbol(options.symbol);
  const names = { exchange: null, symbol: null };
  const book = new TardisFile(options.bookFile, false, names, options.symbol);
  const trades =
    options.tradesFile === undefined
      ? null
      : new TardisFile(options.tradesFile, true, names, options.symbol);
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
        if (bookRecord.kind === 'snapshot' && previous?.kind !== 'snapshot') levels.clear();
        levels.set(bookRecord.side, bookRecord.price, bookRecord.size);
        sink.push(bookRecord);
        counts.bookRows++;
        previous = bookRecord;
      } else if (tradeRecord !== undefined && (bookRecord !== undefined || book.done)) {
        trades!.index++;
        if (tradeRecord.unknownSide) counts.unknownSideTrades++;
        else {
          sink.push(tradeRecord);
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
  if (previous.kind === 'snapshot' && next.kind === 'snapshot') return false;
  return previous.localUs !== next.localUs || previous.kind !== next.kind;
}
