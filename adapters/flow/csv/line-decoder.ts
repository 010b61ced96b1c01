/**
 * The CSV fast path's rows. A plain line (not empty, no `"`, no carriage return) is, for csv-parse
 * with the scenario reader's options, exactly the record of its bytes split at every comma, each
 * cell decoded as UTF-8 (plainCells). The LineDecoder reads the common case of such a line, an
 * ASCII row without order-feature cells that the RowParser accepts, straight from its bytes into
 * the row the RowParser would build (enums by their bytes, ts from its digits, account and symbol
 * interned); it gives any other plain line's record to the RowParser, whose row or error it is.
 */
import {
  ACTION_CODES,
  ORDER_TYPE_CODES,
  SIDE_CODES,
  TIF_GTC,
  TIME_IN_FORCE_CODES,
} from '../../../src/index.js';
import { newOrderRow, setOrderOptions, setOrderSize, type Parsed } from '../new-order-row.js';
import { NameTable } from './name-table.js';
import { Cell, type RowParser } from './row-parser.js';
import type { AmendRow, ParsedScenarioRow } from '../scenario-row.js';
import { parseScenarioTimeBytes } from '../scenario-time.js';

const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;

/** csv-parse's record of `bytes[start, end)` (a line without its newline); null if not plain. */
export function plainCells(bytes: Buffer, start: number, end: number): string[] | null {
  if (start === end) return null;
  const cells: string[] = [];
  let cell = start;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if (byte === QUOTE || byte === CR) return null;
    if (byte === COMMA) {
      cells.push(bytes.toString('utf8', cell, i));
      cell = i + 1;
    }
  }
  cells.push(bytes.toString('utf8', cell, end));
  return cells;
}

/** Whether `bytes[start, end)` is `word` (ASCII). */
function is(bytes: Buffer, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[start + i] !== word.charCodeAt(i)) return false;
  return true;
}

export class LineDecoder {
  /** Cell i is bytes (bounds[i] + 1, bounds[i + 1]). */
  readonly #bounds: Int32Array;
  readonly #names = new NameTable();

  constructor(private readonly rowParser: RowParser) {
    this.#bounds = new Int32Array(rowParser.width + 1);
  }

  /** The row of the line `bytes[start, end)`; null when not plain. Throws as the RowParser. */
  decode(bytes: Buffer, start: number, end: number, line: number): ParsedScenarioRow | null {
    const bounds = this.#bounds;
    const width = this.rowParser.width;
    let cells = 1;
    let ascii = true;
    bounds[0] = start - 1;
    for (let i = start; i < end; i++) {
      const byte = bytes[i]!;
      if (byte === COMMA) {
        if (cells < width) bounds[cells] = i;
        cells++;
      } else if (byte === QUOTE || byte === CR) return null;
      else if (byte >= 0x80) ascii = false;
    }
    if (start === end) return null;
    bounds[width] = end;
    const row = cells === width && ascii ? this.#fast(bytes, line) : null;
    return row ?? this.rowParser.parse(plainCells(bytes, start, end)!, line);
  }

  /** The row of an ASCII line of the right width, or null for the RowParser to read. */
  #fast(bytes: Buffer, line: number): ParsedScenarioRow | null {
    const bounds = this.#bounds;
    const ts = parseScenarioTimeBytes(bytes, bounds[Cell.Ts]! + 1, bounds[Cell.Ts + 1]!);
    if (ts === null || ts < this.rowParser.previousTs) return null;
    if (this.#empty(Cell.Id) || this.#empty(Cell.Account) || this.#empty(Cell.Symbol)) return null;
    const id = this.#text(bytes, Cell.Id);
    const account = this.#names.text(bytes, bounds[Cell.Account]! + 1, bounds[Cell.Account + 1]!);
    const symbol = this.#names.text(bytes, bounds[Cell.Symbol]! + 1, bounds[Cell.Symbol + 1]!);
    const actionCode = ACTION_CODES.parse(bytes, this.#start(Cell.Action), this.#end(Cell.Action));
    if (actionCode < 0) return null;
    const action = ACTION_CODES.name(actionCode);
    let row: ParsedScenarioRow | null;
    if (action === 'new') row = this.#newOrder(bytes, line, ts, id, account, symbol);
    else {
      for (let cell = Cell.Side; cell < this.rowParser.checked; cell++) {
        const allowed = cell === Cell.Size || (action === 'amend' && cell === Cell.Price);
        if (!allowed && !this.#empty(cell)) return null;
      }
      if (action === 'cancel') {
        if (!this.#empty(Cell.Size)) return null;
        row = { line, ts, id, account, symbol, action };
      } else if (action === 'reduce') {
        if (this.#empty(Cell.Size)) return null;
        row = { line, ts, id, account, symbol, action, size: this.#text(bytes, Cell.Size) };
      } else {
        if (this.#empty(Cell.Size) && this.#empty(Cell.Price)) return null;
        const amend: Parsed<AmendRow> = { line, ts, id, account, symbol, action };
        if (!this.#empty(Cell.Size)) amend.size = this.#text(bytes, Cell.Size);
        if (!this.#empty(Cell.Price)) amend.price = this.#text(bytes, Cell.Price);
        row = amend;
      }
    }
    if (row !== null) this.rowParser.previousTs = ts;
    return row;
  }

  #newOrder(
    bytes: Buffer,
    line: number,
    ts: number,
    id: string,
    account: string,
    symbol: string,
  ): ParsedScenarioRow | null {
    const sideCode = SIDE_CODES.parse(bytes, this.#start(Cell.Side), this.#end(Cell.Side));
    const typeCode = ORDER_TYPE_CODES.parse(bytes, this.#start(Cell.Type), this.#end(Cell.Type));
    if (sideCode < 0 || typeCode < 0 || this.#empty(Cell.Size)) return null;
    const noTimeInForce = this.#empty(Cell.TimeInForce);
    const tifCode = noTimeInForce
      ? TIF_GTC
      : TIME_IN_FORCE_CODES.parse(
          bytes,
          this.#start(Cell.TimeInForce),
          this.#end(Cell.TimeInForce),
        );
    if (tifCode < 0) return null;
    const postOnly = this.#empty(Cell.PostOnly)
      ? undefined
      : this.#is(bytes, Cell.PostOnly, 'true')
        ? true
        : this.#is(bytes, Cell.PostOnly, 'false')
          ? false
          : null;
    if (postOnly === null) return null;
    const features = this.rowParser.features;
    // The three order-feature cells empty: their span is their two commas.
    if (features >= 0 && this.#bounds[features + 3]! - this.#bounds[features]! !== 3) return null;
    const quoteSize = this.rowParser.quoteSize;
    if (quoteSize >= 0 && !this.#empty(quoteSize)) return null;
    const row = newOrderRow(line, ts, id, account, symbol);
    row.side = SIDE_CODES.name(sideCode);
    row.type = ORDER_TYPE_CODES.name(typeCode);
    setOrderSize(row, this.#text(bytes, Cell.Size), '');
    const timeInForce = noTimeInForce ? undefined : TIME_IN_FORCE_CODES.name(tifCode);
    setOrderOptions(row, this.#text(bytes, Cell.Price), timeInForce, postOnly);
    if (this.rowParser.layout.clientOrderId && !this.#empty(Cell.ClientOrderId))
      row.clientOrderId = this.#text(bytes, Cell.ClientOrderId);
    return row;
  }

  #start(cell: number): number {
    return this.#bounds[cell]! + 1;
  }

  #end(cell: number): number {
    return this.#bounds[cell + 1]!;
  }

  #empty(cell: number): boolean {
    return this.#bounds[cell]! + 1 === this.#bounds[cell + 1]!;
  }

  #text(bytes: Buffer, cell: number): string {
    return bytes.toString('latin1', this.#bounds[cell]! + 1, this.#bounds[cell + 1]);
  }

  #is(bytes: Buffer, cell: number, word: string): boolean {
    return is(bytes, this.#bounds[cell]! + 1, this.#bounds[cell + 1]!, word);
  }
}
