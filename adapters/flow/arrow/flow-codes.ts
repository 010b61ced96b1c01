/**
 * A record batch of an Arrow flow read as numbers, for the driver's numeric entry: the dictionary
 * columns (action, account, symbol, side, type, time_in_force) mapped a word at a time to codes,
 * account ids and book indexes; `ts` read from its int64 halves; price and size parsed from their
 * utf8 bytes into units; the scenario id is handed on as its bytes. Nothing is judged here: a cell
 * that is not plainly valid reads as EMPTY or BAD, and the caller leaves that row to the
 * FlowRowDecoder and the string API, which report it in the format's own words.
 */
import type { Data, RecordBatch, Schema } from 'apache-arrow';
import { arrow } from './arrow-library.js';
import { DictionaryWords } from './column-cells.js';
import {
  ACTION_AMEND,
  ACTION_CODES,
  ORDER_TYPE_CODES,
  parseUnitsBytes,
  SIDE_CODES,
  TIF_GTD,
  TIME_IN_FORCE_CODES,
  type Instrument,
  type VenueCore,
} from '../../../src/index.js';
// EMPTY: a null or empty cell; BAD: a cell this reader does not take.
import {
  BAD,
  CLIENT_ORDER_ID_COLUMN,
  EMPTY,
  QUOTE_SIZE_COLUMN,
  SCENARIO_COLUMNS,
} from '../index.js';

const { DataType, TimeUnit } = arrow;

/** amend is not read as codes; the enum columns read by codes.ts's tables. Any other word is BAD. */
const plainAction = (word: string) => {
  const code = ACTION_CODES.code(word);
  return code < 0 || code === ACTION_AMEND ? BAD : code;
};
/** gtd needs an expiry, which this reader does not take. */
const plainTimeInForce = (word: string) => {
  const code = TIME_IN_FORCE_CODES.code(word);
  return code === TIF_GTD ? BAD : code;
};
const DICTIONARY_COLUMNS = ['action', 'account', 'symbol', 'side', 'type', 'time_in_force'];
const UTF8_COLUMNS = ['id', 'price', 'size', CLIENT_ORDER_ID_COLUMN, QUOTE_SIZE_COLUMN];

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Whether the schema's columns are all of the kinds this reader takes (simex writes them so), on a
 * little-endian machine (ts is read as two int32 halves).
 */
export function readsAsCodes(schema: Schema): boolean {
  if (!LITTLE_ENDIAN) return false;
  const known = new Set<string>([...SCENARIO_COLUMNS, CLIENT_ORDER_ID_COLUMN, QUOTE_SIZE_COLUMN]);
  return schema.fields.every(({ name, type }) => {
    if (!known.has(name)) return false;
    if (name === 'ts')
      return (
        (DataType.isTimestamp(type) && type.unit === TimeUnit.MILLISECOND) ||
        (DataType.isInt(type) && type.bitWidth === 64)
      );
    if (name === 'post_only') return DataType.isBool(type);
    if (DICTIONARY_COLUMNS.includes(name))
      return (
        DataType.isDictionary(type) &&
        DataType.isUtf8(type.dictionary) &&
        type.indices.bitWidth <= 32
      );
    return UTF8_COLUMNS.includes(name) && DataType.isUtf8(type);
  });
}

/** A column's validity bitmap, or null when it has no null (read once per batch, not per cell). */
function nullsOf(data: Data): Uint8Array | null {
  return data.nullCount === 0 || data.nullBitmap === undefined || data.nullBitmap.length === 0
    ? null
    : data.nullBitmap;
}

function isNull(nulls: Uint8Array | null, bit: number): boolean {
  return nulls !== null && (nulls[bit >> 3]! & (1 << (bit & 7))) === 0;
}

/** A dictionary column: each index's code, computed once per word. */
class CodeColumn {
  #offset = 0;
  #nulls: Uint8Array | null = null;
  #indexes!: ArrayLike<number>;
  #codes = new Int32Array(0);
  readonly #words = new DictionaryWords();

  constructor(private readonly codeOf: (text: string) => number) {}

  load(data: Data): void {
    this.#offset = data.offset;
    this.#nulls = nullsOf(data);
    this.#indexes = data.values as ArrayLike<number>;
    const first = this.#words.update(data.dictionary!);
    if (first < 0) return;
    const words = this.#words.list;
    const codes = new Int32Array(words.length);
    codes.set(this.#codes.subarray(0, first));
    for (let i = first; i < words.length; i++) {
      const word = words[i] ?? null;
      codes[i] = word === null || word === '' ? EMPTY : this.codeOf(word);
    }
    this.#codes = codes;
  }

  code(row: number): number {
    const at = this.#offset + row;
    if (isNull(this.#nulls, at)) return EMPTY;
    // An index outside the dictionary is BAD: the FlowRowDecoder reports it.
    return this.#codes[this.#indexes[at]!] ?? BAD;
  }
}

class Utf8Column {
  #offset = 0;
  #nulls: Uint8Array | null = null;
  #offsets!: Int32Array;
  #bytes!: Buffer;

  load(data: Data): void {
    this.#offset = data.offset;
    this.#nulls = nullsOf(data);
    this.#offsets = data.valueOffsets as Int32Array;
    const values = data.values as Uint8Array;
    this.#bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  }

  isEmpty(row: number): boolean {
    const at = this.#offset + row;
    return isNull(this.#nulls, at) || this.#offsets[at] === this.#offsets[at + 1];
  }

  /** The column's bytes: row `row`'s text is `bytes[start(row), end(row))`. */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  start(row: number): number {
    return this.#offsets[this.#offset + row]!;
  }

  end(row: number): number {
    return this.#offsets[this.#offset + row + 1]!;
  }

  /**
   * The cell as units at `decimals` by the rules of the core's parseUnits
   * (`(0|[1-9][0-9]*)(\.[0-9]+)?`, no digit lost, a safe integer); EMPTY or BAD otherwise.
   */
  units(row: number, decimals: number): number {
    if (this.isEmpty(row)) return EMPTY;
    const at = this.#offset + row;
    const units = parseUnitsBytes(
      this.#bytes,
      this.#offsets[at]!,
      this.#offsets[at + 1]!,
      decimals,
    );
    return units < 0 ? BAD : units;
  }
}

export class FlowCodes {
  readonly #positions: ReadonlyMap<string, number>;
  readonly action = new CodeColumn(plainAction);
  readonly account: CodeColumn;
  readonly book: CodeColumn;
  readonly side = new CodeColumn(SIDE_CODES.code);
  readonly type = new CodeColumn(ORDER_TYPE_CODES.code);
  readonly timeInForce = new CodeColumn(plainTimeInForce);
  readonly id = new Utf8Column();
  readonly price = new Utf8Column();
  readonly size = new Utf8Column();
  readonly clientOrderId: Utf8Column | null;
  /** Its cells are not read as codes: a row with one is left to the row decoder. */
  readonly quoteSize: Utf8Column | null;
  readonly instruments: readonly Instrument[];
  #tsOffset = 0;
  #tsNulls: Uint8Array | null = null;
  #tsHalves!: Int32Array;
  #postOnlyOffset = 0;
  #postOnlyNulls: Uint8Array | null = null;
  #postOnlyBits!: Uint8Array;

  /** `schema` must pass readsAsCodes; accounts are interned in `core` as their names appear. */
  constructor(schema: Schema, core: VenueCore) {
    this.#positions = new Map(schema.fields.map((field, index) => [field.name, index]));
    this.account = new CodeColumn((name) => core.accountId(name));
    this.book = new CodeColumn((symbol) => Math.max(BAD, core.bookIndex(symbol)));
    this.clientOrderId = this.#positions.has(CLIENT_ORDER_ID_COLUMN) ? new Utf8Column() : null;
    this.quoteSize = this.#positions.has(QUOTE_SIZE_COLUMN) ? new Utf8Column() : null;
    this.instruments = core.books.map((book) => book.instrument);
  }

  load(batch: RecordBatch): void {
    const data = batch.data.children;
    const column = (name: string) => data[this.#positions.get(name)!]!;
    this.action.load(column('action'));
    this.account.load(column('account'));
    this.book.load(column('symbol'));
    this.side.load(column('side'));
    this.type.load(column('type'));
    this.timeInForce.load(column('time_in_force'));
    this.id.load(column('id'));
    this.price.load(column('price'));
    this.size.load(column('size'));
    this.clientOrderId?.load(column(CLIENT_ORDER_ID_COLUMN));
    this.quoteSize?.load(column(QUOTE_SIZE_COLUMN));
    const ts = column('ts');
    this.#tsOffset = ts.offset;
    this.#tsNulls = nullsOf(ts);
    const values = ts.values as BigInt64Array;
    this.#tsHalves = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
    const postOnly = column('post_only');
    this.#postOnlyOffset = postOnly.offset;
    this.#postOnlyNulls = nullsOf(postOnly);
    this.#postOnlyBits = postOnly.values as Uint8Array;
  }

  /** Milliseconds since the epoch; NaN when null or beyond 2^53 (little-endian int64 halves). */
  ts(row: number): number {
    if (isNull(this.#tsNulls, this.#tsOffset + row)) return NaN;
    const at = (this.#tsOffset + row) * 2;
    const high = this.#tsHalves[at + 1]!;
    if (high >= 1 << 21 || high <= -(1 << 21)) return NaN;
    return high * 4294967296 + (this.#tsHalves[at]! >>> 0);
  }

  /** 1 true, 0 false, EMPTY null. */
  postOnly(row: number): number {
    const bit = this.#postOnlyOffset + row;
    if (isNull(this.#postOnlyNulls, bit)) return EMPTY;
    return (this.#postOnlyBits[bit >> 3]! >> (bit & 7)) & 1;
  }
}
