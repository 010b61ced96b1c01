/**
 * One record batch's column, read cell by cell straight from its buffers: text from utf8 or a
 * dictionary of utf8 (each word decoded once), times from a timestamp or int64 column,
 * booleans from a bool column. Checks the column's type once, against what its name needs.
 */
import type { Data, DataType as FieldType, Field, Vector } from 'apache-arrow';
import { formatUnits } from '../../../src/index.js';
import { arrow } from './arrow-library.js';
import {
  DECIMALS_KEY,
  isInt64,
  MAX_UNITS_DECIMALS,
  unitsDecimals,
  type ColumnKind,
} from './flow-schema.js';

const { DataType, TimeUnit } = arrow;

/** Why a column's type does not fit its kind; null when it fits. */
export function typeProblem(field: Field, kind: ColumnKind): string | null {
  const type = field.type as FieldType; // apache-arrow's Field defaults to Field<any>
  const fits =
    kind === 'time'
      ? isInt64(type) || DataType.isTimestamp(type)
      : kind === 'bool'
        ? DataType.isBool(type)
        : isText(type) ||
          (DataType.isDictionary(type) && isText(type.dictionary)) ||
          (kind === 'decimal' && unitsDecimals(field) !== null);
  if (fits) return null;
  const wanted =
    kind === 'time'
      ? 'a timestamp or int64 (epoch milliseconds)'
      : kind === 'bool'
        ? 'bool'
        : kind === 'decimal'
          ? `utf8 text, a dictionary of utf8, or int64 with ${DECIMALS_KEY} (0 to ${MAX_UNITS_DECIMALS}) in its metadata`
          : 'utf8 text or a dictionary of utf8';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- each concrete type names itself
  return `must be ${wanted}, found ${String(type)}`;
}

function isText(type: Field['type']): boolean {
  return DataType.isUtf8(type) || DataType.isLargeUtf8(type);
}

/**
 * A dictionary column's words as of its latest dictionary. apache-arrow gives every batch after a
 * delta dictionary a new one, the old chunks followed by the delta's: only the delta's words are
 * read then, appended to the same list; a replaced dictionary is read whole into a new list.
 */
export class DictionaryWords {
  list: (string | null)[] = [];
  #dictionary: Vector | undefined;

  /** Takes the column's dictionary; returns the index of its first new word, -1 when none is new. */
  update(dictionary: Vector): number {
    const last = this.#dictionary;
    if (dictionary === last) return -1;
    this.#dictionary = dictionary;
    const chunks = dictionary.data;
    const isDelta =
      last !== undefined &&
      last.data.length <= chunks.length &&
      last.data.every((chunk, i) => chunks[i] === chunk);
    if (!isDelta) this.list = [];
    const first = this.list.length;
    if (isDelta && first === dictionary.length) return -1;
    for (let i = first; i < dictionary.length; i++)
      this.list.push(dictionary.get(i) as string | null);
    return first;
  }
}

function isNull(data: Data, row: number): boolean {
  if (data.nullCount === 0 || data.nullBitmap === undefined || data.nullBitmap.length === 0)
    return false;
  const bit = data.offset + row;
  return (data.nullBitmap[bit >> 3]! & (1 << (bit & 7))) === 0;
}

export class TextCells {
  readonly #data: Data;
  readonly #offsets: ArrayLike<number | bigint> | null;
  readonly #bytes: Buffer | null;
  readonly #indexes: ArrayLike<number | bigint> | null;
  readonly #names: readonly (string | null)[] | null;
  readonly #fail: (reason: string) => never;

  /** `fail` reports a cell whose dictionary index is outside the dictionary. */
  constructor(data: Data, words: DictionaryWords, fail: (reason: string) => never) {
    this.#data = data;
    this.#fail = fail;
    if (DataType.isDictionary(data.type)) {
      words.update(data.dictionary!);
      this.#names = words.list;
      this.#indexes = data.values as ArrayLike<number | bigint>;
      this.#offsets = this.#bytes = null;
    } else {
      this.#offsets = data.valueOffsets as ArrayLike<number | bigint>;
      const values = data.values as Uint8Array;
      this.#bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
      this.#indexes = this.#names = null;
    }
  }

  /** The cell's text; '' when null or empty (an absent cell, as in the CSV format). */
  text(row: number): string {
    const data = this.#data;
    if (isNull(data, row)) return '';
    const at = data.offset + row;
    const names = this.#names;
    if (names !== null) {
      const index = Number(this.#indexes![at]);
      if (index >= 0 && index < names.length) return names[index] ?? '';
      const words = `${names.length} word${names.length === 1 ? '' : 's'}`;
      this.#fail(`dictionary index ${index} is outside the column's dictionary of ${words}`);
    }
    const offsets = this.#offsets!;
    return this.#bytes!.toString('utf8', Number(offsets[at]), Number(offsets[at + 1]));
  }
}

/**
 * A decimal column's cells as text: a text column's (TextCells), or an int64 units column's
 * (DECIMALS_KEY) written out exactly at its decimals, so that the venue reads and judges the same
 * amount (a negative one is malformed).
 */
export interface DecimalCells {
  /** '' when null or empty. */
  text(row: number): string;
}

export class UnitsCells implements DecimalCells {
  readonly #data: Data;
  readonly #values: BigInt64Array;
  readonly #decimals: number;

  /** `decimals`: the field's (unitsDecimals). */
  constructor(data: Data, decimals: number) {
    this.#data = data;
    this.#values = data.values as BigInt64Array;
    this.#decimals = decimals;
  }

  text(row: number): string {
    const data = this.#data;
    if (isNull(data, row)) return '';
    return formatUnits(this.#values[data.offset + row]!, this.#decimals);
  }
}

const MS_PER_UNIT: Readonly<Record<number, number>> = {
  [TimeUnit.SECOND]: 1000,
  [TimeUnit.MILLISECOND]: 1,
  [TimeUnit.MICROSECOND]: 1e-3,
  [TimeUnit.NANOSECOND]: 1e-6,
};

export class TimeCells {
  readonly #data: Data;
  readonly #values: BigInt64Array;
  /** Units per millisecond as a bigint divisor (1 for ms and coarser). */
  readonly #divisor: bigint;
  readonly #multiplier: number;

  constructor(data: Data) {
    this.#data = data;
    this.#values = data.values as BigInt64Array;
    const perUnit = DataType.isTimestamp(data.type) ? MS_PER_UNIT[data.type.unit]! : 1;
    this.#divisor = perUnit < 1 ? BigInt(Math.round(1 / perUnit)) : 1n;
    this.#multiplier = perUnit >= 1 ? perUnit : 1;
  }

  /** Milliseconds since the epoch; null when the cell is null, not whole ms, or not safe. */
  ms(row: number): number | null {
    const data = this.#data;
    if (isNull(data, row)) return null;
    const value = this.#values[data.offset + row]!;
    if (value % this.#divisor !== 0n) return null;
    const ms = Number(value / this.#divisor) * this.#multiplier;
    return Number.isSafeInteger(ms) ? ms : null;
  }
}

export class BoolCells {
  readonly #data: Data;
  readonly #bits: Uint8Array;

  constructor(data: Data) {
    this.#data = data;
    this.#bits = data.values as Uint8Array;
  }

  /** true, false, or undefined when null. */
  value(row: number): boolean | undefined {
    const data = this.#data;
    if (isNull(data, row)) return undefined;
    const bit = data.offset + row;
    return (this.#bits[bit >> 3]! & (1 << (bit & 7))) !== 0;
  }
}
