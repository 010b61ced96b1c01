/**
 * Rows as columns, the form the parsing worker posts them in: every string cell in one array,
 * line and ts in a Float64Array, the enums and which optional cells are present in a
 * Uint16Array (both transferred, not copied). Cloning and rebuilding these costs the main thread
 * less than cloning the row objects; the rows rebuilt are equal to the parsed ones, key order
 * included.
 */
import type { NewOrderRow, ParsedScenarioRow } from './scenario-row.js';

export interface RowColumns {
  readonly strings: string[];
  readonly numbers: Float64Array;
  readonly codes: Uint16Array;
}

const ACTIONS = ['new', 'cancel', 'reduce'] as const;
const TIMES_IN_FORCE = [undefined, 'gtc', 'ioc', 'fok'] as const;
const SELL = 1 << 2;
const LIMIT = 1 << 3;
const TIME_IN_FORCE_SHIFT = 4;
const POST_ONLY = 1 << 6;
const POST_ONLY_TRUE = 1 << 7;
const PRICE = 1 << 8;
const CLIENT_ORDER_ID = 1 << 9;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function toColumns(rows: readonly ParsedScenarioRow[]): RowColumns {
  const strings: string[] = [];
  const numbers = new Float64Array(rows.length * 2);
  const codes = new Uint16Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    numbers[2 * i] = row.line;
    numbers[2 * i + 1] = row.ts;
    strings.push(row.id, row.account, row.symbol);
    if (row.action === 'cancel') codes[i] = 1;
    else if (row.action === 'reduce') {
      codes[i] = 2;
      strings.push(row.size);
    } else {
      let code = row.side === 'sell' ? SELL : 0;
      if (row.type === 'limit') code |= LIMIT;
      code |= TIMES_IN_FORCE.indexOf(row.timeInForce) << TIME_IN_FORCE_SHIFT;
      if (row.postOnly !== undefined) code |= row.postOnly ? POST_ONLY | POST_ONLY_TRUE : POST_ONLY;
      strings.push(row.size);
      if (row.price !== undefined) ((code |= PRICE), strings.push(row.price));
      if (row.clientOrderId !== undefined)
        ((code |= CLIENT_ORDER_ID), strings.push(row.clientOrderId));
      codes[i] = code;
    }
  }
  return { strings, numbers, codes };
}

export function fromColumns({ strings, numbers, codes }: RowColumns): ParsedScenarioRow[] {
  const rows: ParsedScenarioRow[] = new Array(codes.length);
  let s = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const line = numbers[2 * i]!;
    const ts = numbers[2 * i + 1]!;
    const id = strings[s++]!;
    const account = strings[s++]!;
    const symbol = strings[s++]!;
    const action = ACTIONS[code & 3]!;
    if (action === 'cancel') rows[i] = { line, ts, id, account, symbol, action };
    else if (action === 'reduce')
      rows[i] = { line, ts, id, account, symbol, action, size: strings[s++]! };
    else {
      const side = code & SELL ? 'sell' : 'buy';
      const type = code & LIMIT ? 'limit' : 'market';
      const row: Mutable<NewOrderRow> & { line: number } = {
        line,
        ts,
        id,
        account,
        symbol,
        action,
        side,
        type,
        size: strings[s++]!,
      };
      if (code & PRICE) row.price = strings[s++]!;
      const timeInForce = TIMES_IN_FORCE[(code >> TIME_IN_FORCE_SHIFT) & 3];
      if (timeInForce !== undefined) row.timeInForce = timeInForce;
      if (code & POST_ONLY) row.postOnly = (code & POST_ONLY_TRUE) !== 0;
      if (code & CLIENT_ORDER_ID) row.clientOrderId = strings[s++]!;
      rows[i] = row;
    }
  }
  return rows;
}
