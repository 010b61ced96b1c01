/**
 * Record batches of an Arrow flow to scenario rows, checked by the CSV format's rules (the same
 * reasons as its RowParser): times never decrease, actions and enums are known, required cells
 * are present and forbidden ones absent. A null and an empty string are both an absent cell.
 * Decimal values and symbols are left for the venue to judge, as for CSV.
 */
import type { Field, RecordBatch, Schema } from 'apache-arrow';
import { ORDER_TYPES, SIDES, STP_MODES, TIMES_IN_FORCE } from '../../../src/index.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  l2FlowHint,
  ENUM_MESSAGES,
  newOrderRow,
  setOrderOptions,
  setOrderSize,
  ORDER_FEATURE_COLUMNS,
  QUOTE_SIZE_COLUMN,
  SCENARIO_COLUMNS,
  type AmendRow,
  type CancelRow,
  type Parsed,
  type ParsedNewOrder,
  type ParsedScenarioRow,
  type ReduceRow,
} from '../index.js';
import {
  BoolCells,
  DictionaryWords,
  TextCells,
  TimeCells,
  typeProblem,
  UnitsCells,
  type DecimalCells,
} from './column-cells.js';
import { ArrowFlowError } from './flow-error.js';
import { COLUMN_KINDS, unitsDecimals } from './flow-schema.js';

/** One record batch's columns. */
export interface BatchCells {
  readonly ts: TimeCells;
  readonly action: TextCells;
  readonly id: TextCells;
  readonly account: TextCells;
  readonly symbol: TextCells;
  readonly side: TextCells;
  readonly type: TextCells;
  readonly price: DecimalCells;
  readonly size: DecimalCells;
  readonly timeInForce: TextCells;
  readonly postOnly: BoolCells;
  readonly clientOrderId: TextCells | null;
  readonly stopPrice: TextCells | null;
  readonly stp: TextCells | null;
  readonly expireAt: TimeCells | null;
  readonly quoteSize: TextCells | null;
  /** The text columns a cancel or reduce leaves empty. */
  readonly emptyUnlessNew: [string, TextCells][];
}

/** Columns by name: their position in the file's schema. */
interface Positions {
  readonly [name: string]: number;
}

export class FlowRowDecoder {
  rowCount = 0;
  #previousTs = -Infinity;
  readonly #positions: Positions;
  readonly #fields: readonly Field[];
  /** Per column (by schema position), its dictionary cache. */
  readonly #words: DictionaryWords[];

  constructor(
    readonly file: string,
    schema: Schema,
  ) {
    const positions: Record<string, number> = {};
    schema.fields.forEach((field, index) => {
      const kind = COLUMN_KINDS[field.name];
      const column = { name: field.name, index };
      if (kind === undefined)
        throw new ArrowFlowError(
          file,
          0,
          column,
          `unknown column; a flow has ${known()}${l2FlowHint(field.name)}`,
        );
      if (positions[field.name] !== undefined)
        throw new ArrowFlowError(file, 0, column, 'given twice');
      const problem = typeProblem(field, kind);
      if (problem !== null) throw new ArrowFlowError(file, 0, column, problem);
      positions[field.name] = index;
    });
    for (const name of SCENARIO_COLUMNS) {
      if (positions[name] === undefined)
        throw new ArrowFlowError(file, 0, { name, index: -1 }, `missing; a flow has ${known()}`);
    }
    this.#positions = positions;
    this.#fields = schema.fields;
    this.#words = schema.fields.map(() => new DictionaryWords());
  }

  decode(batch: RecordBatch): ParsedScenarioRow[] {
    const cells = this.cells(batch);
    const rows: ParsedScenarioRow[] = new Array<ParsedScenarioRow>(batch.numRows);
    for (let i = 0; i < batch.numRows; i++) rows[i] = this.row(cells, i);
    return rows;
  }

  /** The time of the last row counted (rows must not go back in time). */
  get previousTs(): number {
    return this.#previousTs;
  }

  /** Counts `rows` rows that a faster reader checked by the same rules, the last at `ts`. */
  countChecked(rows: number, ts: number): void {
    this.rowCount += rows;
    this.#previousTs = ts;
  }

  /** The batch's columns, for `row`. */
  cells(batch: RecordBatch): BatchCells {
    const p = this.#positions;
    const data = batch.data.children;
    // A bad dictionary index is found while `row` reads the row it counted.
    const fail = (name: string) => (reason: string) => this.#fail(this.rowCount, name, reason);
    const text = (name: string) =>
      new TextCells(data[p[name]!]!, this.#words[p[name]!]!, fail(name));
    const decimal = (name: string): DecimalCells => {
      const decimals = unitsDecimals(this.#fields[p[name]!]!);
      return decimals === null ? text(name) : new UnitsCells(data[p[name]!]!, decimals);
    };
    const cells: BatchCells = {
      ts: new TimeCells(data[p['ts']!]!),
      action: text('action'),
      id: text('id'),
      account: text('account'),
      symbol: text('symbol'),
      side: text('side'),
      type: text('type'),
      price: decimal('price'),
      size: decimal('size'),
      timeInForce: text('time_in_force'),
      postOnly: new BoolCells(data[p['post_only']!]!),
      clientOrderId: p[CLIENT_ORDER_ID_COLUMN] === undefined ? null : text(CLIENT_ORDER_ID_COLUMN),
      stopPrice: p['stop_price'] === undefined ? null : text('stop_price'),
      stp: p['stp'] === undefined ? null : text('stp'),
      expireAt: p['expire_at'] === undefined ? null : new TimeCells(data[p['expire_at']]!),
      quoteSize: p[QUOTE_SIZE_COLUMN] === undefined ? null : text(QUOTE_SIZE_COLUMN),
      emptyUnlessNew: [],
    };
    for (const name of [
      'side',
      'type',
      'time_in_force',
      CLIENT_ORDER_ID_COLUMN,
      'stop_price',
      'stp',
      QUOTE_SIZE_COLUMN,
    ]) {
      if (p[name] !== undefined) cells.emptyUnlessNew.push([name, text(name)]);
    }
    return cells;
  }

  /** The next row (row `i` of the batch), checked and counted; an ArrowFlowError when malformed. */
  row(cells: BatchCells, i: number): ParsedScenarioRow {
    const line = ++this.rowCount;
    const ts = cells.ts.ms(i);
    if (ts === null)
      this.#fail(line, 'ts', 'ts must be a whole number of milliseconds since the epoch, not null');
    if (ts < this.#previousTs) this.#fail(line, 'ts', 'ts must never decrease');
    this.#previousTs = ts;
    const id = this.#required(line, 'id', cells.id.text(i));
    const account = this.#required(line, 'account', cells.account.text(i));
    const symbol = this.#required(line, 'symbol', cells.symbol.text(i));
    const action = cells.action.text(i);
    if (action === 'new')
      return this.#newOrder(cells, i, newOrderRow(line, ts, id, account, symbol));
    if (action !== 'cancel' && action !== 'reduce' && action !== 'amend')
      this.#fail(line, 'action', ENUM_MESSAGES.action);
    for (const [name, column] of cells.emptyUnlessNew) {
      if (column.text(i) !== '') this.#fail(line, name, `${name} must be empty for ${action}`);
    }
    if (cells.postOnly.value(i) !== undefined)
      this.#fail(line, 'post_only', `post_only must be empty for ${action}`);
    if (cells.expireAt?.ms(i) != null)
      this.#fail(line, 'expire_at', `expire_at must be empty for ${action}`);
    const price = cells.price.text(i);
    if (action === 'amend') {
      const row: Parsed<AmendRow> = { line, ts, id, account, symbol, action };
      const size = cells.size.text(i);
      if (size !== '') row.size = size;
      if (price !== '') row.price = price;
      if (size === '' && price === '') this.#fail(line, 'size', 'amend needs a size or a price');
      return row;
    }
    if (price !== '') this.#fail(line, 'price', `price must be empty for ${action}`);
    if (action === 'cancel') {
      if (cells.size.text(i) !== '') this.#fail(line, 'size', 'size must be empty for cancel');
      const row: Parsed<CancelRow> = { line, ts, id, account, symbol, action };
      return row;
    }
    const size = this.#required(line, 'size', cells.size.text(i));
    const row: Parsed<ReduceRow> = { line, ts, id, account, symbol, action, size };
    return row;
  }

  /** Builds the row in the CSV parser's key order, so both readers' rows share one shape. */
  #newOrder(cells: BatchCells, i: number, row: ParsedNewOrder): ParsedScenarioRow {
    const line = row.line;
    const side = oneOf(SIDES, this.#required(line, 'side', cells.side.text(i)));
    if (side === undefined) this.#fail(line, 'side', ENUM_MESSAGES.side);
    const type = oneOf(ORDER_TYPES, this.#required(line, 'type', cells.type.text(i)));
    if (type === undefined) this.#fail(line, 'type', ENUM_MESSAGES.type);
    const quoteSize = cells.quoteSize?.text(i) ?? '';
    const size =
      quoteSize === '' ? this.#required(line, 'size', cells.size.text(i)) : cells.size.text(i);
    if (size !== '' && quoteSize !== '')
      this.#fail(line, QUOTE_SIZE_COLUMN, 'give size or quote_size, not both');
    const price = cells.price.text(i);
    const tif = cells.timeInForce.text(i);
    const timeInForce = tif === '' ? undefined : oneOf(TIMES_IN_FORCE, tif);
    if (tif !== '' && timeInForce === undefined)
      this.#fail(line, 'time_in_force', ENUM_MESSAGES.timeInForce);
    const postOnly = cells.postOnly.value(i);
    row.side = side;
    row.type = type;
    setOrderSize(row, size, quoteSize);
    setOrderOptions(row, price, timeInForce, postOnly);
    const clientOrderId = cells.clientOrderId?.text(i) ?? '';
    if (clientOrderId !== '') row.clientOrderId = clientOrderId;
    const stopPrice = cells.stopPrice?.text(i) ?? '';
    if (stopPrice !== '') row.stopPrice = stopPrice;
    const stp = cells.stp?.text(i) ?? '';
    if (stp !== '') {
      const mode = oneOf(STP_MODES, stp);
      if (mode === undefined) this.#fail(line, 'stp', ENUM_MESSAGES.stp);
      row.stp = mode;
    }
    const expireAt = cells.expireAt?.ms(i) ?? null;
    if (expireAt !== null) row.expireAt = expireAt;
    return row;
  }

  #required(line: number, name: string, text: string): string {
    if (text === '') this.#fail(line, name, `${name} is required`);
    return text;
  }

  #fail(line: number, name: string, reason: string): never {
    const index = this.#positions[name]!;
    throw new ArrowFlowError(this.file, line, { name: this.#fields[index]!.name, index }, reason);
  }
}

function known(): string {
  return `columns ${SCENARIO_COLUMNS.join(', ')} (and optionally ${[CLIENT_ORDER_ID_COLUMN, ...ORDER_FEATURE_COLUMNS, QUOTE_SIZE_COLUMN].join(', ')})`;
}

function oneOf<T extends string>(values: readonly T[], text: string): T | undefined {
  for (const value of values) if (value === text) return value;
  return undefined;
}
