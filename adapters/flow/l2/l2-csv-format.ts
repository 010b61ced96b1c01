/**
 * The L2 flow's CSV form (docs/l2.md, "Format"): a header line, then one row a line, seven cells,
 * never quoted. Times are whole milliseconds since the epoch; prices and sizes canonical decimals.
 */
import type { L2Row } from './l2-row.js';

export const L2_COLUMNS = [
  'exchange_ts',
  'local_ts',
  'symbol',
  'kind',
  'side',
  'price',
  'size',
] as const;

export const L2_CSV_HEADER = `${L2_COLUMNS.join(',')}\n`;

export function formatL2Row(row: L2Row): string {
  return `${row.exchangeTs},${row.localTs},${row.symbol},${row.kind},${row.side},${row.price},${row.size}\n`;
}
