/**
 * The replay's trades.csv and orders.csv lines, written from numbers: amounts and times as digits
 * and ids as their bytes straight into the file's buffer, no record, no line string and no id
 * string per trade or final order. The replay calls it on the main thread, or its output worker
 * (output-worker.ts) with what the main thread sent through the ring.
 */
import { ORDER_STATUSES } from '../../src/index.js';
import { cellNeedsQuotes, csvCell, formatScenarioTime } from '../csv/index.js';
import type { ScenarioIdView } from '../driver/index.js';
import type { LineWriter } from '../output/output-files.js';

export interface ReplaySinks {
  readonly trades: LineWriter;
  readonly orders: LineWriter;
}

/** What the lines need of a book's instrument. */
export interface BookFormat {
  readonly symbol: string;
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
}

/** Where a replay's trades and final orders go: lines now, or records for the output worker. */
export interface LineSink {
  /** Names account `account`, before its first line. */
  nameAccount(account: number, name: string): void;
  trade(
    trade: number,
    time: number,
    book: number,
    priceUnits: number,
    sizeUnits: number,
    takerSells: boolean,
    makerAccount: number,
    takerAccount: number,
    makerId: ScenarioIdView,
    takerId: ScenarioIdView,
  ): void;
  /** `priceUnits` is ignored for a market order. */
  final(
    id: ScenarioIdView,
    account: number,
    book: number,
    sells: boolean,
    market: boolean,
    priceUnits: number,
    sizeUnits: number,
    filledUnits: number,
    status: number,
  ): void;
}

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const COLON = 0x3a;
const POINT = 0x2e;
const ZERO = 0x30;
const ZULU = 0x5a;
const DAY_MS = 86_400_000;

/** A text as the bytes of its CSV cell, made once. */
const cellBytes = (text: string): Uint8Array => Buffer.from(csvCell(text), 'utf8');
const BUY = cellBytes('buy');
const SELL = cellBytes('sell');
const LIMIT = cellBytes('limit');
const MARKET = cellBytes('market');
const STATUS_CELLS = ORDER_STATUSES.map(cellBytes);

function writeCell(out: LineWriter, cell: Uint8Array): void {
  out.bytes(cell, 0, cell.length);
}

/** `value` (0-99) as two digits. */
function twoDigits(out: LineWriter, value: number): void {
  out.byte(ZERO + Math.floor(value / 10));
  out.byte(ZERO + (value % 10));
}

export class LineFormatter implements LineSink {
  readonly #books: readonly BookFormat[];
  readonly #symbolCells: readonly Uint8Array[];
  /** By account id, as the accounts are named. */
  readonly #accountCells: Uint8Array[] = [];
  /** The last trade's day (its first millisecond), and its text up to the time (`2026-01-05T`). */
  #day = NaN;
  #dayText = '';

  constructor(
    books: readonly BookFormat[],
    protected readonly sinks: ReplaySinks,
  ) {
    this.#books = books;
    this.#symbolCells = books.map((book) => cellBytes(book.symbol));
  }

  nameAccount(account: number, name: string): void {
    this.#accountCells[account] = cellBytes(name);
  }

  trade(
    trade: number,
    time: number,
    book: number,
    priceUnits: number,
    sizeUnits: number,
    takerSells: boolean,
    makerAccount: number,
    takerAccount: number,
    makerId: ScenarioIdView,
    takerId: ScenarioIdView,
  ): void {
    const format = this.#books[book]!;
    const out = this.sinks.trades;
    out.write('t_');
    out.fixed(trade, 0);
    out.byte(COMMA);
    this.#writeTime(out, time);
    out.byte(COMMA);
    writeCell(out, this.#symbolCells[book]!);
    out.byte(COMMA);
    out.fixed(priceUnits, format.priceDecimals);
    out.byte(COMMA);
    out.fixed(sizeUnits, format.sizeDecimals);
    out.byte(COMMA);
    writeCell(out, takerSells ? SELL : BUY);
    out.byte(COMMA);
    writeId(out, makerId);
    out.byte(COMMA);
    writeId(out, takerId);
    out.byte(COMMA);
    writeCell(out, this.#accountCells[makerAccount]!);
    out.byte(COMMA);
    writeCell(out, this.#accountCells[takerAccount]!);
    out.byte(NEWLINE);
  }

  final(
    id: ScenarioIdView,
    account: number,
    book: number,
    sells: boolean,
    market: boolean,
    priceUnits: number,
    sizeUnits: number,
    filledUnits: number,
    status: number,
  ): void {
    const format = this.#books[book]!;
    const out = this.sinks.orders;
    writeId(out, id);
    out.byte(COMMA);
    writeCell(out, this.#accountCells[account]!);
    out.byte(COMMA);
    writeCell(out, this.#symbolCells[book]!);
    out.byte(COMMA);
    writeCell(out, sells ? SELL : BUY);
    out.byte(COMMA);
    writeCell(out, market ? MARKET : LIMIT);
    out.byte(COMMA);
    if (!market) out.fixed(priceUnits, format.priceDecimals);
    out.byte(COMMA);
    out.fixed(sizeUnits, format.sizeDecimals);
    out.byte(COMMA);
    out.fixed(filledUnits, format.sizeDecimals);
    out.byte(COMMA);
    writeCell(out, STATUS_CELLS[status]!);
    out.byte(NEWLINE);
  }

  /** `formatScenarioTime(ms)`, its day's text made once per day, the rest written as digits. */
  #writeTime(out: LineWriter, ms: number): void {
    let clock = ms - this.#day;
    if (!(clock >= 0 && clock < DAY_MS)) {
      const text = formatScenarioTime(ms);
      if (text.length !== 24) return out.write(text); // a year beyond 9999: as it is
      clock = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
      this.#day = ms - clock;
      this.#dayText = text.slice(0, 11);
    }
    out.write(this.#dayText);
    const seconds = Math.floor(clock / 1000);
    const minutes = Math.floor(seconds / 60);
    twoDigits(out, Math.floor(minutes / 60));
    out.byte(COLON);
    twoDigits(out, minutes % 60);
    out.byte(COLON);
    twoDigits(out, seconds % 60);
    out.byte(POINT);
    const millis = clock % 1000;
    out.byte(ZERO + Math.floor(millis / 100));
    twoDigits(out, millis % 100);
    out.byte(ZULU);
  }
}

/** A scenario id as a CSV cell: its bytes as they are, unless csvCell would quote it. */
function writeId(out: LineWriter, id: ScenarioIdView): void {
  const { bytes, start, end } = id;
  if (start === end || cellNeedsQuotes(bytes, start, end)) out.write(csvCell(id.text()!));
  else out.bytes(bytes, start, end);
}
