import type { OrderType, Side, TimeInForce } from '../../src/index.js';
import type { NewOrderRow } from './scenario-row.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** A row being read (CSV or Arrow): mutable until returned, with its 1-based line. */
export type Parsed<T> = Mutable<T> & { line: number };

/**
 * A new-order row from its checked cells: `price` '' when empty; absent options are left out. A
 * row with a `quoteSize` (not '') has no size (the reader has checked that `size` is '').
 */
export function newOrderRow(
  line: number,
  ts: number,
  id: string,
  account: string,
  symbol: string,
  side: Side,
  type: OrderType,
  size: string,
  price: string,
  timeInForce: TimeInForce | undefined,
  postOnly: boolean | undefined,
  quoteSize = '',
): Parsed<NewOrderRow> {
  const action = 'new';
  const row: Parsed<NewOrderRow> =
    quoteSize === ''
      ? { line, ts, id, account, symbol, action, side, type, size }
      : { line, ts, id, account, symbol, action, side, type, quoteSize };
  if (price !== '') row.price = price;
  if (timeInForce !== undefined) row.timeInForce = timeInForce;
  if (postOnly !== undefined) row.postOnly = postOnly;
  return row;
}
