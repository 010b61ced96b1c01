import type { TimeInForce } from '../../src/index.js';
import type { NewOrderRow } from './scenario-row.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** A row being read (CSV or Arrow): mutable until returned, with its 1-based line. */
export type Parsed<T> = Mutable<T> & { line: number };
/** A new-order row being read: its required cells, then its options (setOrderOptions). */
export type ParsedNewOrder = Parsed<NewOrderRow>;

/**
 * A new-order row with the cells every row has; its reader sets side, type and size (the blanks
 * here keep the keys in the one order every reader's rows share), then its options.
 */
export function newOrderRow(
  line: number,
  ts: number,
  id: string,
  account: string,
  symbol: string,
): ParsedNewOrder {
  return { line, ts, id, account, symbol, action: 'new', side: 'buy', type: 'limit', size: '' };
}

/**
 * Sets a new-order row's size, or its quote size when that cell is not '' (the reader has checked
 * that the size cell is then ''): the quote size takes the size's place in the key order.
 */
export function setOrderSize(row: ParsedNewOrder, size: string, quoteSize: string): void {
  if (quoteSize === '') {
    (row as { size: string }).size = size;
    return;
  }
  delete (row as { size?: string }).size;
  (row as { quoteSize?: string }).quoteSize = quoteSize;
}

/**
 * Sets a new-order row's options from its checked cells, in the one key order: `price` '' when empty; absent options are left out.
 */
export function setOrderOptions(
  row: ParsedNewOrder,
  price: string,
  timeInForce: TimeInForce | undefined,
  postOnly: boolean | undefined,
): ParsedNewOrder {
  if (price !== '') row.price = price;
  if (timeInForce !== undefined) row.timeInForce = timeInForce;
  if (postOnly !== undefined) row.postOnly = postOnly;
  return row;
}
