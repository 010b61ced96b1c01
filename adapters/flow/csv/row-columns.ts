/**
 * Rows as columns, the form the parsing worker posts them in: the string cells in one array,
 * line and ts in a Float64Array, the enums and which optional cells are present in a
 * Uint32Array, accounts and symbols as numbers into a table of names sent once (the first
 * MAX_NAMES distinct ones; any others stay in the strings). Cloning and rebuilding these costs the
 * main thread less than cloning row objects, and repeated names are one string each; the rows
 * rebuilt are equal to the parsed ones, key order included.
 */
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_CODES,
  ACTION_REDUCE,
  ORDER_TYPE_CODES,
  SIDE_CODES,
  STP_CODES,
  TIME_IN_FORCE_CODES,
} from '../../../src/index.js';
import type { AmendRow, NewOrderRow, ParsedScenarioRow } from '../scenario-row.js';

export interface RowColumns {
  readonly strings: string[];
  readonly numbers: Float64Array;
  readonly codes: Uint32Array;
  /** Per row: account, then symbol, as an index into the names; -1: in `strings`. */
  readonly names: Int32Array;
  /** Names first used in this batch, to append to the table. */
  readonly newNames: string[];
}

const MAX_NAMES = 4096;

/** The worker's side of the names table. */
export class NameCodes {
  readonly #codes = new Map<string, number>();

  code(name: string, newNames: string[]): number {
    let code = this.#codes.get(name);
    if (code === undefined) {
      if (this.#codes.size >= MAX_NAMES) return -1;
      code = this.#codes.size;
      this.#codes.set(name, code);
      newNames.push(name);
    }
    return code;
  }
}

/** A new order's enums by codes.ts's codes. */
const SIDE_SHIFT = 2;
const TYPE_SHIFT = 3;
/** 0: none given; else the code + 1. */
const TIME_IN_FORCE_SHIFT = 4;
const POST_ONLY = 1 << 7;
const POST_ONLY_TRUE = 1 << 8;
const PRICE = 1 << 9;
const CLIENT_ORDER_ID = 1 << 10;
/** A new order's stop price; an amend's size. */
const STOP_PRICE_OR_SIZE = 1 << 11;
/** 0: none given; else the code + 1. */
const STP_SHIFT = 12;
const EXPIRE_AT = 1 << 15;
/** A new order's quote size, in place of its size. */
const QUOTE_SIZE = 1 << 16;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function toColumns(rows: readonly ParsedScenarioRow[], nameCodes: NameCodes): RowColumns {
  const strings: string[] = [];
  const numbers = new Float64Array(rows.length * 2);
  const codes = new Uint32Array(rows.length);
  const names = new Int32Array(rows.length * 2);
  const newNames: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    numbers[2 * i] = row.line;
    numbers[2 * i + 1] = row.ts;
    strings.push(row.id);
    const account = (names[2 * i] = nameCodes.code(row.account, newNames));
    if (account < 0) strings.push(row.account);
    const symbol = (names[2 * i + 1] = nameCodes.code(row.symbol, newNames));
    if (symbol < 0) strings.push(row.symbol);
    if (row.action === 'cancel') codes[i] = ACTION_CANCEL;
    else if (row.action === 'reduce') {
      codes[i] = ACTION_REDUCE;
      strings.push(row.size);
    } else if (row.action === 'amend') {
      let code: number = ACTION_AMEND;
      if (row.size !== undefined) {
        code |= STOP_PRICE_OR_SIZE;
        strings.push(row.size);
      }
      if (row.price !== undefined) {
        code |= PRICE;
        strings.push(row.price);
      }
      codes[i] = code;
    } else {
      let code =
        (SIDE_CODES.code(row.side) << SIDE_SHIFT) | (ORDER_TYPE_CODES.code(row.type) << TYPE_SHIFT);
      if (row.timeInForce !== undefined)
        code |= (TIME_IN_FORCE_CODES.code(row.timeInForce) + 1) << TIME_IN_FORCE_SHIFT;
      if (row.postOnly !== undefined) code |= row.postOnly ? POST_ONLY | POST_ONLY_TRUE : POST_ONLY;
      if ('size' in row) strings.push(row.size);
      else {
        code |= QUOTE_SIZE;
        strings.push(row.quoteSize);
      }
      if (row.price !== undefined) {
        code |= PRICE;
        strings.push(row.price);
      }
      if (row.clientOrderId !== undefined) {
        code |= CLIENT_ORDER_ID;
        strings.push(row.clientOrderId);
      }
      if (row.stopPrice !== undefined) {
        code |= STOP_PRICE_OR_SIZE;
        strings.push(row.stopPrice);
      }
      if (row.stp !== undefined) code |= (STP_CODES.code(row.stp) + 1) << STP_SHIFT;
      if (row.expireAt !== undefined) {
        code |= EXPIRE_AT;
        strings.push(String(row.expireAt));
      }
      codes[i] = code;
    }
  }
  return { strings, numbers, codes, names, newNames };
}

/** The rows of `columns`; `table` is the names table, which their new names are appended to. */
export function fromColumns(columns: RowColumns, table: string[]): ParsedScenarioRow[] {
  const { strings, numbers, codes, names } = columns;
  for (const name of columns.newNames) table.push(name);
  const rows: ParsedScenarioRow[] = new Array<ParsedScenarioRow>(codes.length);
  let s = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const line = numbers[2 * i]!;
    const ts = numbers[2 * i + 1]!;
    const id = strings[s++]!;
    const accountCode = names[2 * i]!;
    const account = accountCode < 0 ? strings[s++]! : table[accountCode]!;
    const symbolCode = names[2 * i + 1]!;
    const symbol = symbolCode < 0 ? strings[s++]! : table[symbolCode]!;
    const action = ACTION_CODES.name(code & 3);
    if (action === 'cancel') rows[i] = { line, ts, id, account, symbol, action };
    else if (action === 'reduce')
      rows[i] = { line, ts, id, account, symbol, action, size: strings[s++]! };
    else if (action === 'amend') {
      const row: Mutable<AmendRow> & { line: number } = { line, ts, id, account, symbol, action };
      if (code & STOP_PRICE_OR_SIZE) row.size = strings[s++]!;
      if (code & PRICE) row.price = strings[s++]!;
      rows[i] = row;
    } else {
      const side = SIDE_CODES.name((code >> SIDE_SHIFT) & 1);
      const type = ORDER_TYPE_CODES.name((code >> TYPE_SHIFT) & 1);
      const sizeCell = strings[s++]!;
      const row: Mutable<NewOrderRow> & { line: number } =
        (code & QUOTE_SIZE) === 0
          ? { line, ts, id, account, symbol, action, side, type, size: sizeCell }
          : { line, ts, id, account, symbol, action, side, type, quoteSize: sizeCell };
      if (code & PRICE) row.price = strings[s++]!;
      const timeInForce = (code >> TIME_IN_FORCE_SHIFT) & 7;
      if (timeInForce !== 0) row.timeInForce = TIME_IN_FORCE_CODES.name(timeInForce - 1);
      if (code & POST_ONLY) row.postOnly = (code & POST_ONLY_TRUE) !== 0;
      if (code & CLIENT_ORDER_ID) row.clientOrderId = strings[s++]!;
      if (code & STOP_PRICE_OR_SIZE) row.stopPrice = strings[s++]!;
      const stp = (code >> STP_SHIFT) & 7;
      if (stp !== 0) row.stp = STP_CODES.name(stp - 1);
      if (code & EXPIRE_AT) row.expireAt = Number(strings[s++]!);
      rows[i] = row;
    }
  }
  return rows;
}
