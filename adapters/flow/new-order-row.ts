import type { OrderType, Side, TimeInForce } from '../../src/index.js';
import type { NewOrderRow } from './scenario-row.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** A row being read (CSV or Arrow): mutable until returned, with its 1-based line. */
export type Parsed<T> = Mutable<T> & { line: number };

/** A new-order row from its checked cells: `price` '' when empty; absent options are left out. */
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
): Parsed<NewOrderRow> {
  const row: Parsed<NewOrderRow> = {
    line,
    ts,
    id,
    account,
    symbol,
    action: 'new',
    side,
    type,
    size,
  };
  if (price !== '') row.price = price;
  if (timeInForce !== undefined) row.timeInForce = timeInForce;
  if (postOnly !== undefined) row.postOnly = postOnly;
  return row;
}
