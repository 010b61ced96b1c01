/**
 * The Arrow flow format (docs/flows.md): the scenario columns of the CSV format as an Arrow IPC
 * file. What simex writes, and what it accepts from other writers (pandas, polars).
 */
import type { DataType, Schema as ArrowSchema } from 'apache-arrow';
import { arrow } from './arrow-library.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  formatInstrumentDirective,
  ORDER_FEATURE_COLUMNS,
  QUOTE_SIZE_COLUMN,
  SCENARIO_COLUMNS,
  type ScenarioLayout,
} from '../index.js';
import type { InstrumentSpec } from '../../../src/index.js';

const { Bool, Dictionary, Field, Int8, Int32, Schema, Timestamp, TimeUnit, Utf8 } = arrow;

/** Schema metadata key: the instruments, one `instrument key=value ...` directive a line. */
export const INSTRUMENTS_KEY = 'simex.instruments';

/** How a column's cells are read: text (utf8 or dictionary of utf8), a time, or a boolean. */
export type ColumnKind = 'time' | 'text' | 'bool';

export const COLUMN_KINDS: Readonly<Record<string, ColumnKind>> = {
  ts: 'time',
  action: 'text',
  id: 'text',
  account: 'text',
  symbol: 'text',
  side: 'text',
  type: 'text',
  price: 'text',
  size: 'text',
  time_in_force: 'text',
  post_only: 'bool',
  client_order_id: 'text',
  stop_price: 'text',
  stp: 'text',
  expire_at: 'time',
  quote_size: 'text',
};

/**
 * The text columns written dictionary-encoded, and the bits of their indexes: the enum columns have
 * a few words each, the names any number.
 */
const DICTIONARY_INDEX_BITS: Readonly<Record<string, 8 | 32>> = {
  action: 8,
  side: 8,
  type: 8,
  time_in_force: 8,
  stp: 8,
  account: 32,
  symbol: 32,
};

/** The schema simex writes: ts in UTC milliseconds, enums, accounts and symbols as dictionaries. */
export function flowSchema(
  instruments: readonly InstrumentSpec[],
  layout: ScenarioLayout,
): ArrowSchema {
  const names: string[] = [...SCENARIO_COLUMNS];
  if (layout.clientOrderId) names.push(CLIENT_ORDER_ID_COLUMN);
  if (layout.orderFeatures === true) names.push(...ORDER_FEATURE_COLUMNS);
  if (layout.quoteSize === true) names.push(QUOTE_SIZE_COLUMN);
  let dictionaryId = 0;
  const fields = names.map((name) => {
    const kind = COLUMN_KINDS[name]!;
    const bits = DICTIONARY_INDEX_BITS[name];
    const type: DataType =
      kind === 'time'
        ? new Timestamp(TimeUnit.MILLISECOND, 'UTC')
        : kind === 'bool'
          ? new Bool()
          : bits === undefined
            ? new Utf8()
            : new Dictionary(new Utf8(), bits === 8 ? new Int8() : new Int32(), dictionaryId++);
    return new Field(name, type, name !== 'ts');
  });
  const metadata = new Map<string, string>();
  if (instruments.length > 0) {
    const lines = instruments.map((spec) => formatInstrumentDirective(spec).slice(2, -1));
    metadata.set(INSTRUMENTS_KEY, lines.join('\n'));
  }
  return new Schema(fields, metadata);
}
