/**
 * The L2 flow's Arrow form (docs/l2.md, "Format"): the CSV form's columns as an Arrow IPC file,
 * times as UTC millisecond timestamps, symbol, kind and side dictionary-encoded, prices and sizes
 * as utf8 decimal text.
 */
import type { DataType, Schema as ArrowSchema } from 'apache-arrow';
import { arrow, type ColumnKind } from '../arrow/index.js';
import { L2_COLUMNS } from './l2-csv-format.js';

const { Dictionary, Field, Int8, Int32, Schema, Timestamp, TimeUnit, Utf8 } = arrow;

/** How each column is read: exchange_ts and local_ts are times, the rest text. */
export const L2_COLUMN_KINDS: readonly ColumnKind[] = L2_COLUMNS.map((name) =>
  name.endsWith('_ts') ? 'time' : 'text',
);

/** The dictionary-encoded columns and the bits of their indexes. */
const DICTIONARY_INDEX_BITS: Readonly<Record<string, 8 | 32>> = { symbol: 32, kind: 8, side: 8 };

export function l2Schema(): ArrowSchema {
  let dictionaryId = 0;
  return new Schema(
    L2_COLUMNS.map((name, index) => {
      const bits = DICTIONARY_INDEX_BITS[name];
      const type: DataType =
        L2_COLUMN_KINDS[index] === 'time'
          ? new Timestamp(TimeUnit.MILLISECOND, 'UTC')
          : bits === undefined
            ? new Utf8()
            : new Dictionary(new Utf8(), bits === 8 ? new Int8() : new Int32(), dictionaryId++);
      return new Field(name, type, false);
    }),
  );
}
