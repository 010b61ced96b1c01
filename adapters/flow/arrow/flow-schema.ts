/**
 * The Arrow flow format (docs/flows.md): the scenario columns of the CSV format as an Arrow IPC
 * file. What simex writes, and what it accepts from other writers (pandas, polars).
 */
import type { DataType, Field as ArrowField, Schema as ArrowSchema } from 'apache-arrow';
import { arrow } from './arrow-library.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  formatInstrumentDirective,
  ORDER_FEATURE_COLUMNS,
  QUOTE_SIZE_COLUMN,
  SCENARIO_COLUMNS,
  type ScenarioLayout,
} from '../index.js';
import { createInstrument, DEFAULT_INSTRUMENTS, type InstrumentSpec } from '../../../src/index.js';

const { Bool, Dictionary, Field, Int8, Int32, Int64, Schema, Timestamp, TimeUnit, Utf8 } = arrow;

/** Schema metadata key: the instruments, one `instrument key=value ...` directive a line. */
export const INSTRUMENTS_KEY = 'simex.instruments';

/** Field metadata key of an int64 decimal column: its cells are units of 10^-decimals. */
export const DECIMALS_KEY = 'simex.decimals';

/** The most decimals a units column has: 10^18 units still fit an int64. */
export const MAX_UNITS_DECIMALS = 18;

/**
 * How a column's cells are read: text (utf8 or dictionary of utf8), a time, a boolean, or a
 * decimal (text, or int64 units with DECIMALS_KEY in the field's metadata).
 */
export type ColumnKind = 'time' | 'text' | 'bool' | 'decimal';

export const COLUMN_KINDS: Readonly<Record<string, ColumnKind>> = {
  ts: 'time',
  action: 'text',
  id: 'text',
  account: 'text',
  symbol: 'text',
  side: 'text',
  type: 'text',
  price: 'decimal',
  size: 'decimal',
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

/** A signed 64-bit integer column type. */
export function isInt64(type: DataType): boolean {
  return arrow.DataType.isInt(type) && type.bitWidth === 64 && type.isSigned;
}

/**
 * The decimals of a units column: an int64 field with DECIMALS_KEY, a whole number from 0 to
 * MAX_UNITS_DECIMALS, in its metadata; null for any other field.
 */
export function unitsDecimals(field: ArrowField): number | null {
  if (!isInt64(field.type as DataType)) return null; // apache-arrow's Field defaults to Field<any>
  const text = field.metadata.get(DECIMALS_KEY);
  if (text === undefined || !/^(0|[1-9][0-9]?)$/.test(text)) return null;
  const decimals = Number(text);
  return decimals <= MAX_UNITS_DECIMALS ? decimals : null;
}

/**
 * The decimals simex writes `price` and `size` as int64 units at, or null to write them as text:
 * each column holds every instrument's amounts exactly at the most decimals any has.
 */
export interface UnitsLayout {
  readonly price: number;
  readonly size: number;
}

/** The units layout of a flow of `instruments` (none: the default venue's); null when one is invalid. */
export function unitsLayout(instruments: readonly InstrumentSpec[]): UnitsLayout | null {
  let price = 0;
  let size = 0;
  for (const spec of instruments.length === 0 ? DEFAULT_INSTRUMENTS : instruments) {
    const instrument = createInstrument(spec);
    if (!instrument.ok) return null;
    price = Math.max(price, instrument.value.priceDecimals);
    size = Math.max(size, instrument.value.sizeDecimals);
  }
  return price <= MAX_UNITS_DECIMALS && size <= MAX_UNITS_DECIMALS ? { price, size } : null;
}

/**
 * The schema simex writes: ts in UTC milliseconds, enums, accounts and symbols as dictionaries;
 * price and size as int64 units at `units`' decimals, or as text without it.
 */
export function flowSchema(
  instruments: readonly InstrumentSpec[],
  layout: ScenarioLayout,
  units: UnitsLayout | null = null,
): ArrowSchema {
  const names: string[] = [...SCENARIO_COLUMNS];
  if (layout.clientOrderId) names.push(CLIENT_ORDER_ID_COLUMN);
  if (layout.orderFeatures === true) names.push(...ORDER_FEATURE_COLUMNS);
  if (layout.quoteSize === true) names.push(QUOTE_SIZE_COLUMN);
  let dictionaryId = 0;
  const fields = names.map((name) => {
    const kind = COLUMN_KINDS[name]!;
    const decimals =
      units === null
        ? undefined
        : name === 'price'
          ? units.price
          : name === 'size'
            ? units.size
            : undefined;
    if (decimals !== undefined)
      return new Field(name, new Int64(), true, new Map([[DECIMALS_KEY, String(decimals)]]));
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
