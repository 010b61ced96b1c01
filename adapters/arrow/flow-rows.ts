/**
 * Record batches of an Arrow flow to scenario rows, checked by the CSV format's rules (the same
 * reasons as its RowParser): times never decrease, actions and enums are known, required cells
 * are present and forbidden ones absent. A null and an empty string are both an absent cell.
 * Decimal values and symbols are left for the venue to judge, as for CSV.
 */
import type { Field, RecordBatch, Schema, Vector } from 'apache-arrow';
import { ORDER_TYPES, SIDES, TIMES_IN_FORCE } from '../../src/index.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  SCENARIO_COLUMNS,
  type CancelRow,
  type NewOrderRow,
  type ParsedScenarioRow,
  type ReduceRow,
} from '../csv/index.js';
import { BoolCells, TextCells, TimeCells, typeProblem } from './column-cells.js';
import { ArrowFlowError } from './flow-error.js';
import { COLUMN_KINDS } from './flow-schema.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Parsed<T> = Mutable<T> & { line: number };

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
  readonly #caches: Map<Vector, (string | null)[]>[];

  constructor(
    readonly file: string,
    schema: Schema,
  ) {
    const positions: Record<string, number> = {};
    schema.fields.forEach((field, index) => {
      const kind = COLUMN_KINDS[field.name];
      const column = { name: field.name, index };
      if (kind === undefined)
        throw new ArrowFlowError(file, 0, column, `unknown column; a flow has ${known()}`);
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
    this.#caches = schema.fields.map(() => new Map());
  }

  decode(batch: RecordBatch): ParsedScenarioRow[] {
    const p = this.#positions;
    const data = batch.data.children;
    const text = (name: string) => new TextCells(data[p[name]!]!, this.#caches[p[name]!]!);
    const ts = new TimeCells(data[p['ts']!]!);
    const action = text('action');
    const id = text('id');
    const account = text('account');
    const symbol = text('symbol');
    const side = text('side');
    const type = text('type');
    const price = text('price');
    const size = text('size');
    const timeInForce = text('time_in_force');
    const postOnly = new BoolCells(data[p['post_only']!]!);
    const clientOrderId =
      p[CLIENT_ORDER_ID_COLUMN] === undefined ? null : text(CLIENT_ORDER_ID_COLUMN);
    const rows: ParsedScenarioRow[] = new Array(batch.numRows);
    for (let i = 0; i < batch.numRows; i++) {
      const line = ++this.rowCount;
      const time = ts.ms(i);
      if (time === null)
        this.#fail(
          line,
          'ts',
          'ts must be a whole number of milliseconds since the epoch, not null',
        );
      if (time < this.#previousTs) this.#fail(line, 'ts', 'ts must never decrease');
      this.#previousTs = time;
      const common = {
        line,
        ts: time,
        id: this.#required(line, 'id', id.text(i)),
        account: this.#required(line, 'account', account.text(i)),
        symbol: this.#required(line, 'symbol', symbol.text(i)),
      };
      const act = action.text(i);
      if (act === 'new') {
        const sideText = this.#required(line, 'side', side.text(i));
        const sideValue = oneOf(SIDES, sideText);
        if (sideValue === undefined) this.#fail(line, 'side', 'side must be buy or sell');
        const typeValue = oneOf(ORDER_TYPES, this.#required(line, 'type', type.text(i)));
        if (typeValue === undefined) this.#fail(line, 'type', 'type must be market or limit');
        const row: Parsed<NewOrderRow> = {
          ...common,
          action: 'new',
          side: sideValue,
          type: typeValue,
          size: this.#required(line, 'size', size.text(i)),
        };
        const priceText = price.text(i);
        if (priceText !== '') row.price = priceText;
        const tif = timeInForce.text(i);
        if (tif !== '') {
          const value = oneOf(TIMES_IN_FORCE, tif);
          if (value === undefined)
            this.#fail(line, 'time_in_force', 'time_in_force must be gtc, ioc or fok');
          row.timeInForce = value;
        }
        const flag = postOnly.value(i);
        if (flag !== undefined) row.postOnly = flag;
        const clientId = clientOrderId?.text(i) ?? '';
        if (clientId !== '') row.clientOrderId = clientId;
        rows[i] = row;
        continue;
      }
      if (act !== 'cancel' && act !== 'reduce')
        this.#fail(line, 'action', 'action must be new, cancel or reduce');
      for (const [name, cells] of [
        ['side', side],
        ['type', type],
        ['price', price],
        ['time_in_force', timeInForce],
        [CLIENT_ORDER_ID_COLUMN, clientOrderId],
      ] as const) {
        if (cells !== null && cells.text(i) !== '')
          this.#fail(line, name, `${name} must be empty for ${act}`);
      }
      if (postOnly.value(i) !== undefined)
        this.#fail(line, 'post_only', `post_only must be empty for ${act}`);
      if (act === 'cancel') {
        if (size.text(i) !== '') this.#fail(line, 'size', 'size must be empty for cancel');
        const row: Parsed<CancelRow> = { ...common, action: 'cancel' };
        rows[i] = row;
      } else {
        const row: Parsed<ReduceRow> = {
          ...common,
          action: 'reduce',
          size: this.#required(line, 'size', size.text(i)),
        };
        rows[i] = row;
      }
    }
    return rows;
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
  return `columns ${SCENARIO_COLUMNS.join(', ')} (and optionally ${CLIENT_ORDER_ID_COLUMN})`;
}

function oneOf<T extends string>(values: readonly T[], text: string): T | undefined {
  for (const value of values) if (value === text) return value;
  return undefined;
}
