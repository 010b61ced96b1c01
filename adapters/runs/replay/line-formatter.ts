/**
 * The replay's trades.csv and orders.csv lines, written from the core's events: amounts and
 * times as digits and ids as their bytes straight into the file's buffer, no record, no line
 * string and no id string per trade or final order. The replay calls it on the main thread, or its output worker
 * (output-worker.ts) with what the main thread sent through the ring.
 */
import {
  ORDER_STATUS_CODES,
  ORDER_TYPE_CODES,
  SIDE_CODES,
  TYPE_MARKET,
  type OrderEvent,
  type TradeEvent,
} from '../../../src/index.js';
import { cellNeedsQuotes, csvCell, formatScenarioTime } from '../../flow/index.js';
import type { ScenarioIdView } from '../../flow/driver/index.js';
import type { SharedArenas } from '../../bytes-table.js';
import type { LineWriter } from '../../output/output-files.js';

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

/** The fields of a trade's event its line reads. */
export type TradeLineFields = Pick<
  TradeEvent,
  'sequence' | 'time' | 'book' | 'price' | 'size' | 'takerSide' | 'makerAccount' | 'takerAccount'
>;

/** The fields of an order's event its line reads. */
export type OrderLineFields = Pick<
  OrderEvent,
  'book' | 'account' | 'side' | 'type' | 'status' | 'price' | 'size' | 'filled'
>;

/** A trade as the lines read it: the core's event and its scenario ids (ScenarioTrade is one). */
export interface TradeLine {
  readonly event: TradeLineFields;
  readonly makerId: ScenarioIdView;
  readonly takerId: ScenarioIdView;
}

/** A final order as the lines read it (ScenarioOrder is one). */
export interface OrderLine {
  readonly event: OrderLineFields;
  readonly id: ScenarioIdView;
}

/** Where a replay's trades and final orders go: lines now, or records for the output worker. */
export interface LineSink {
  /** Names account `account`, before its first line. */
  nameAccount(account: number, name: string): void;
  trade(trade: TradeLine): void;
  final(order: OrderLine): void;
  /** The arenas to keep the scenario ids in, when the sink reads ids there (WorkerLines). */
  readonly idArenas?: SharedArenas;
}

const COMMA = 0x2c;
const ZERO = 0x30;
const ZULU = 0x5a;
const DAY_MS = 86_400_000;
/** The length of a time's day part, `2026-01-05T`. */
const DAY_TEXT = 11;

/** A text as the bytes of its CSV cell and the comma (or newline: `end`) after it, made once. */
const cellBytes = (text: string, end = ','): Uint8Array => Buffer.from(csvCell(text) + end, 'utf8');
const SIDE_CELLS = SIDE_CODES.names.map((name) => cellBytes(name));
const TYPE_CELLS = ORDER_TYPE_CODES.names.map((name) => cellBytes(name));
const STATUS_CELLS = ORDER_STATUS_CODES.names.map((name) => cellBytes(name, '\n'));
const TRADE_ID_PREFIX = Buffer.from('t_');

function writeCell(out: LineWriter, cell: Uint8Array): void {
  out.bytes(cell, 0, cell.length);
}

/** `value` (0-99) as two digits. */
function twoDigits(out: LineWriter, value: number): void {
  out.byte(ZERO + Math.floor(value / 10));
  out.byte(ZERO + (value % 10));
}

/** `value` (0-99) as two digits at `cell[at]`. */
function twoDigitsAt(cell: Uint8Array, at: number, value: number): void {
  cell[at] = ZERO + Math.floor(value / 10);
  cell[at + 1] = ZERO + (value % 10);
}

export class LineFormatter implements LineSink {
  readonly #books: readonly BookFormat[];
  readonly #symbolCells: readonly Uint8Array[];
  /** By account id, as the accounts are named: its cell with a comma, and with a newline. */
  readonly #accountCells: Uint8Array[] = [];
  readonly #lastAccountCells: Uint8Array[] = [];
  /**
   * The last trade's day and second (their first milliseconds), and its time's text up to the
   * milliseconds.
   */
  #day = NaN;
  #second = NaN;
  readonly #secondCell = Uint8Array.from('0000-00-00T00:00:00.', (char) => char.charCodeAt(0));

  constructor(
    books: readonly BookFormat[],
    protected readonly sinks: ReplaySinks,
  ) {
    this.#books = books;
    this.#symbolCells = books.map((book) => cellBytes(book.symbol));
  }

  nameAccount(account: number, name: string): void {
    this.#accountCells[account] = cellBytes(name);
    this.#lastAccountCells[account] = cellBytes(name, '\n');
  }

  trade({ event, makerId, takerId }: TradeLine): void {
    const format = this.#books[event.book]!;
    const out = this.sinks.trades;
    writeCell(out, TRADE_ID_PREFIX);
    out.fixed(event.sequence, 0);
    out.byte(COMMA);
    this.#writeTime(out, event.time);
    out.byte(COMMA);
    writeCell(out, this.#symbolCells[event.book]!);
    out.fixed(event.price, format.priceDecimals);
    out.byte(COMMA);
    out.fixed(event.size, format.sizeDecimals);
    out.byte(COMMA);
    writeCell(out, SIDE_CELLS[event.takerSide]!);
    writeId(out, makerId);
    out.byte(COMMA);
    writeId(out, takerId);
    out.byte(COMMA);
    writeCell(out, this.#accountCells[event.makerAccount]!);
    writeCell(out, this.#lastAccountCells[event.takerAccount]!);
  }

  /** A market order's price cell is empty. */
  final({ event, id }: OrderLine): void {
    const format = this.#books[event.book]!;
    const out = this.sinks.orders;
    writeId(out, id);
    out.byte(COMMA);
    writeCell(out, this.#accountCells[event.account]!);
    writeCell(out, this.#symbolCells[event.book]!);
    writeCell(out, SIDE_CELLS[event.side]!);
    writeCell(out, TYPE_CELLS[event.type]!);
    if (event.type !== TYPE_MARKET) out.fixed(event.price, format.priceDecimals);
    out.byte(COMMA);
    out.fixed(event.size, format.sizeDecimals);
    out.byte(COMMA);
    out.fixed(event.filled, format.sizeDecimals);
    out.byte(COMMA);
    writeCell(out, STATUS_CELLS[event.status]!);
  }

  /**
   * `formatScenarioTime(ms)`: its text up to the milliseconds (`2026-01-05T00:00:01.`) kept for
   * the trades of the same second (the day's part made once per day), then the milliseconds.
   */
  #writeTime(out: LineWriter, ms: number): void {
    const cell = this.#secondCell;
    let millis = ms - this.#second;
    if (!(millis >= 0 && millis < 1000)) {
      let clock = ms - this.#day;
      if (!(clock >= 0 && clock < DAY_MS)) {
        const text = formatScenarioTime(ms);
        if (text.length !== 24) return out.write(text); // a year beyond 9999: as it is
        clock = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
        this.#day = ms - clock;
        for (let i = 0; i < DAY_TEXT; i++) cell[i] = text.charCodeAt(i);
      }
      const seconds = Math.floor(clock / 1000);
      const minutes = Math.floor(seconds / 60);
      twoDigitsAt(cell, DAY_TEXT, Math.floor(minutes / 60));
      twoDigitsAt(cell, DAY_TEXT + 3, minutes % 60);
      twoDigitsAt(cell, DAY_TEXT + 6, seconds % 60);
      this.#second = this.#day + seconds * 1000;
      millis = ms - this.#second;
    }
    out.bytes(cell, 0, cell.length);
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
