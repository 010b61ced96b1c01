/**
 * Turns one CSV record into a typed scenario row, or throws a ScenarioSyntaxError naming the
 * line, the character column of the offending cell, and the reason. It checks the shape (cell
 * count, timestamps never decreasing, actions, enums, booleans, required and forbidden cells);
 * decimal values and symbols are left for the venue to accept or refuse. It runs once per row of
 * multi-million-row files: no allocation but the row itself.
 */
import { ORDER_TYPES, SIDES, STP_MODES, TIMES_IN_FORCE } from '../../../src/index.js';
import { ENUM_MESSAGES } from '../enum-messages.js';
import {
  newOrderRow,
  setOrderOptions,
  setOrderSize,
  type Parsed,
  type ParsedNewOrder,
} from '../new-order-row.js';
import { columnOf } from '../../input-error.js';
import { ScenarioSyntaxError } from '../scenario-error.js';
import type {
  AmendRow,
  CancelRow,
  ParsedScenarioRow,
  ReduceRow,
  ScenarioLayout,
} from '../scenario-row.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  ORDER_FEATURE_COLUMNS,
  QUOTE_SIZE_COLUMN,
  SCENARIO_COLUMNS,
} from '../scenario-row.js';
import { parseScenarioTime } from '../scenario-time.js';

/** A scenario CSV record's cells, by index (the LineDecoder reads the same cells). */
export const enum Cell {
  Ts,
  Action,
  Id,
  Account,
  Symbol,
  Side,
  Type,
  Price,
  Size,
  TimeInForce,
  PostOnly,
  ClientOrderId,
}

export class RowParser {
  /** The last row's time (times never decrease); the fast path (line-decoder.ts) sets it too. */
  previousTs = -Infinity;
  /** The cells of a row. */
  readonly width: number;
  /** The cells checked: all but the journal's. */
  readonly checked: number;
  /** Where the order-feature cells start, or -1 when the file has none. */
  readonly features: number;
  /** The quote_size cell, or -1 when the file has none. */
  readonly quoteSize: number;
  readonly #headers: string[];

  constructor(
    readonly file: string,
    readonly layout: ScenarioLayout,
  ) {
    this.#headers = [...SCENARIO_COLUMNS];
    if (layout.clientOrderId) this.#headers.push(CLIENT_ORDER_ID_COLUMN);
    this.features = layout.orderFeatures === true ? this.#headers.length : -1;
    if (this.features >= 0) this.#headers.push(...ORDER_FEATURE_COLUMNS);
    this.quoteSize = layout.quoteSize === true ? this.#headers.length : -1;
    if (this.quoteSize >= 0) this.#headers.push(QUOTE_SIZE_COLUMN);
    this.checked = this.#headers.length;
    this.width = this.checked + (layout.journal === true ? 1 : 0);
  }

  parse(record: readonly string[], line: number): ParsedScenarioRow {
    const width = this.width;
    if (record[0]?.charCodeAt(0) === 0x23)
      this.#fail(record, line, 0, 'directives and comments must come before the header');
    if (record.length !== width) {
      const found = `expected ${width} cells, found ${record.length}`;
      this.#fail(record, line, Math.min(record.length, width), found);
    }
    const ts = parseScenarioTime(record[Cell.Ts]!);
    if (ts === null)
      this.#fail(
        record,
        line,
        Cell.Ts,
        'ts must be ISO 8601 UTC (2026-01-05T09:30:00.000Z) or epoch milliseconds',
      );
    if (ts < this.previousTs) this.#fail(record, line, Cell.Ts, 'ts must never decrease');
    this.previousTs = ts;
    const id = this.#required(record, line, Cell.Id);
    const account = this.#required(record, line, Cell.Account);
    const symbol = this.#required(record, line, Cell.Symbol);
    const action = record[Cell.Action]!;
    if (action === 'new') return this.#newOrder(record, newOrderRow(line, ts, id, account, symbol));
    if (action !== 'cancel' && action !== 'reduce' && action !== 'amend')
      this.#fail(record, line, Cell.Action, ENUM_MESSAGES.action);
    for (let index = Cell.Side; index < this.checked; index++) {
      const allowed = index === Cell.Size || (action === 'amend' && index === Cell.Price);
      if (!allowed && record[index] !== '')
        this.#fail(record, line, index, `${this.#headers[index]} must be empty for ${action}`);
    }
    if (action === 'amend') {
      const row: Parsed<AmendRow> = { line, ts, id, account, symbol, action };
      if (record[Cell.Size] !== '') row.size = record[Cell.Size]!;
      if (record[Cell.Price] !== '') row.price = record[Cell.Price]!;
      if (row.size === undefined && row.price === undefined)
        this.#fail(record, line, Cell.Size, 'amend needs a size or a price');
      return row;
    }
    if (action === 'cancel') {
      if (record[Cell.Size] !== '')
        this.#fail(record, line, Cell.Size, 'size must be empty for cancel');
      const row: Parsed<CancelRow> = { line, ts, id, account, symbol, action };
      return row;
    }
    const size = this.#required(record, line, Cell.Size);
    const row: Parsed<ReduceRow> = { line, ts, id, account, symbol, action, size };
    return row;
  }

  #newOrder(record: readonly string[], row: ParsedNewOrder): ParsedScenarioRow {
    const line = row.line;
    const side = oneOf(SIDES, this.#required(record, line, Cell.Side));
    if (side === undefined) this.#fail(record, line, Cell.Side, ENUM_MESSAGES.side);
    const type = oneOf(ORDER_TYPES, this.#required(record, line, Cell.Type));
    if (type === undefined) this.#fail(record, line, Cell.Type, ENUM_MESSAGES.type);
    const quoteSize = this.quoteSize >= 0 ? record[this.quoteSize]! : '';
    const size = quoteSize === '' ? this.#required(record, line, Cell.Size) : record[Cell.Size]!;
    if (size !== '' && quoteSize !== '')
      this.#fail(record, line, this.quoteSize, 'give size or quote_size, not both');
    const price = record[Cell.Price]!;
    const tif = record[Cell.TimeInForce]!;
    const timeInForce = tif === '' ? undefined : oneOf(TIMES_IN_FORCE, tif);
    if (tif !== '' && timeInForce === undefined)
      this.#fail(record, line, Cell.TimeInForce, ENUM_MESSAGES.timeInForce);
    const postOnly = record[Cell.PostOnly]!;
    if (postOnly !== '' && postOnly !== 'true' && postOnly !== 'false')
      this.#fail(record, line, Cell.PostOnly, 'post_only must be true or false');
    row.side = side;
    row.type = type;
    setOrderSize(row, size, quoteSize);
    setOrderOptions(row, price, timeInForce, postOnly === '' ? undefined : postOnly === 'true');
    if (this.layout.clientOrderId && record[Cell.ClientOrderId] !== '')
      row.clientOrderId = record[Cell.ClientOrderId]!;
    if (this.features >= 0) this.#orderFeatures(record, line, row);
    return row;
  }

  /** stop_price (a decimal the venue judges), stp and expire_at (a time, like ts). */
  #orderFeatures(record: readonly string[], line: number, row: ParsedNewOrder): void {
    const at = this.features;
    const [stopPrice, stp, expireAt] = [record[at]!, record[at + 1]!, record[at + 2]!];
    if (stopPrice !== '') row.stopPrice = stopPrice;
    if (stp !== '') {
      const mode = oneOf(STP_MODES, stp);
      if (mode === undefined) this.#fail(record, line, at + 1, ENUM_MESSAGES.stp);
      row.stp = mode;
    }
    if (expireAt !== '') {
      const time = parseScenarioTime(expireAt);
      if (time === null)
        this.#fail(record, line, at + 2, 'expire_at must be ISO 8601 UTC or epoch milliseconds');
      row.expireAt = time;
    }
  }

  #required(record: readonly string[], line: number, index: Cell): string {
    const text = record[index]!;
    if (text === '') this.#fail(record, line, index, `${this.#headers[index]} is required`);
    return text;
  }

  #fail(record: readonly string[], line: number, cell: number, reason: string): never {
    throw new ScenarioSyntaxError(this.file, line, columnOf(record, cell), reason);
  }
}

function oneOf<T extends string>(values: readonly T[], text: string): T | undefined {
  for (const value of values) if (value === text) return value;
  return undefined;
}
