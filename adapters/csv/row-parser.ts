/**
 * Turns one CSV record into a typed scenario row, or throws a ScenarioSyntaxError naming the
 * line, the character column of the offending cell, and the reason. It checks the shape (cell
 * count, timestamps never decreasing, actions, enums, booleans, required and forbidden cells);
 * decimal values and symbols are left for the venue to accept or refuse.
 */
import { ORDER_TYPES, SIDES, TIMES_IN_FORCE } from '../../src/index.js';
import { ScenarioSyntaxError } from './scenario-error.js';
import { SCENARIO_COLUMNS, type ParsedScenarioRow, type ScenarioLayout } from './scenario-row.js';
import { parseScenarioTime } from './scenario-time.js';

const enum Cell {
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
  #previousTs = -Infinity;
  readonly #width: number;

  constructor(
    readonly file: string,
    readonly layout: ScenarioLayout,
  ) {
    this.#width = SCENARIO_COLUMNS.length + (layout.clientOrderId ? 1 : 0);
  }

  parse(record: readonly string[], line: number): ParsedScenarioRow {
    const fail = (cell: number, reason: string): never => {
      throw new ScenarioSyntaxError(this.file, line, columnOf(record, cell), reason);
    };
    if (record[0]?.startsWith('#')) fail(0, 'directives and comments must come before the header');
    if (record.length !== this.#width) {
      fail(
        Math.min(record.length, this.#width),
        `expected ${this.#width} cells, found ${record.length}`,
      );
    }
    const cell = (index: Cell) => record[index]!;
    const required = (index: Cell) => cell(index) || fail(index, `${header(index)} is required`);
    const ts = parseScenarioTime(cell(Cell.Ts));
    if (ts === null)
      fail(Cell.Ts, 'ts must be ISO 8601 UTC (2026-01-05T09:30:00.000Z) or epoch milliseconds');
    if (ts! < this.#previousTs) fail(Cell.Ts, 'ts must never decrease');
    this.#previousTs = ts!;
    const common = {
      line,
      ts: ts!,
      id: required(Cell.Id),
      account: required(Cell.Account),
      symbol: required(Cell.Symbol),
    };
    const action = cell(Cell.Action);
    if (action === 'new') {
      const side = oneOf(SIDES, required(Cell.Side)) ?? fail(Cell.Side, 'side must be buy or sell');
      const type =
        oneOf(ORDER_TYPES, required(Cell.Type)) ?? fail(Cell.Type, 'type must be market or limit');
      const size = required(Cell.Size);
      const price = cell(Cell.Price);
      const tif = cell(Cell.TimeInForce);
      const timeInForce =
        tif === ''
          ? undefined
          : (oneOf(TIMES_IN_FORCE, tif) ??
            fail(Cell.TimeInForce, 'time_in_force must be gtc, ioc or fok'));
      const postOnlyText = cell(Cell.PostOnly);
      if (postOnlyText !== '' && postOnlyText !== 'true' && postOnlyText !== 'false')
        fail(Cell.PostOnly, 'post_only must be true or false');
      const clientOrderId = this.layout.clientOrderId ? cell(Cell.ClientOrderId) : '';
      return {
        ...common,
        action,
        side,
        type,
        size,
        ...(price === '' ? {} : { price }),
        ...(timeInForce === undefined ? {} : { timeInForce }),
        ...(postOnlyText === '' ? {} : { postOnly: postOnlyText === 'true' }),
        ...(clientOrderId === '' ? {} : { clientOrderId }),
      };
    }
    if (action !== 'cancel' && action !== 'reduce')
      fail(Cell.Action, 'action must be new, cancel or reduce');
    for (let index = Cell.Side; index < this.#width; index++) {
      if (index !== Cell.Size && record[index] !== '')
        fail(index, `${header(index)} must be empty for ${action}`);
    }
    if (action === 'cancel') {
      if (cell(Cell.Size) !== '') fail(Cell.Size, 'size must be empty for cancel');
      return { ...common, action };
    }
    return { ...common, action: 'reduce', size: required(Cell.Size) };
  }
}

function oneOf<T extends string>(values: readonly T[], text: string): T | undefined {
  return values.find((value) => value === text);
}

function header(index: number): string {
  return SCENARIO_COLUMNS[index] ?? 'client_order_id';
}

/** 1-based character column of cell `index`, as the cells were written (unquoted). */
export function columnOf(record: readonly string[], index: number): number {
  let column = 1;
  for (let i = 0; i < index && i < record.length; i++) column += record[i]!.length + 1;
  return column;
}
