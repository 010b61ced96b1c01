/**
 * A record batch of an Arrow flow read as numbers, for the driver's numeric entry: the dictionary
 * columns (action, symbol, side, type, time_in_force) mapped a word at a time to codes and book
 * indexes; `ts` read from its int64 halves; price and size read into units at their book's
 * decimals; each a column at a time over a block of rows, into typed arrays that stay in cache
 * while the block is decoded (block-decoder.ts). Nothing here needs the venue, so it runs on the
 * decoding worker too. The account column (AccountColumn) is read on the venue's thread, which
 * interns the names; the scenario id is handed on as its bytes (Utf8Column). Nothing is judged
 * here: a cell that is not plainly valid reads as EMPTY or BAD, and the caller leaves that row
 * to the FlowRowDecoder and the string API, which report it in the format's own words.
 */
import type { Data, Field, RecordBatch, Schema } from 'apache-arrow';
import { arrow } from './arrow-library.js';
import { DictionaryWords } from './column-cells.js';
import { MAX_UNITS_DECIMALS, unitsDecimals } from './flow-schema.js';
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
const UNITS_COLUMNS = ['price', 'size'];

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Whether the schema's columns are all of the kinds this reader takes (simex writes them so), on a
 * little-endian machine (ts is read as two int32 halves).
 */
export function readsAsCodes(schema: Schema): boolean {
  if (!LITTLE_ENDIAN) return false;
  const known = new Set<string>([...SCENARIO_COLUMNS, CLIENT_ORDER_ID_COLUMN, QUOTE_SIZE_COLUMN]);
  return schema.fields.every(({ name, type }, index) => {
    if (!known.has(name)) return false;
    if (UNITS_COLUMNS.includes(name) && unitsDecimals(schema.fields[index]!) !== null) return true;
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

/**
 * Rows read at a time into the block's arrays: a block's columns stay in the core's cache while
 * its commands run (a whole record batch's would not).
 */
export const BLOCK_ROWS = 1024;

/** An account name not interned when its block was read (`AccountColumn.codes`). */
const NEW_NAME = -5;

/** A dictionary's indexes (readsAsCodes: at most 32 bits). */
type DictionaryIndexes =
  Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array | Uint32Array;

/** A dictionary column: each index's code, computed once per word, read a block at a time. */
class CodeColumn {
  /** By row of the block: its code. */
  readonly codes = new Int32Array(BLOCK_ROWS);
  #offset = 0;
  #nulls: Uint8Array | null = null;
  #indexes!: DictionaryIndexes;
  protected wordCodes = new Int32Array(0);
  protected readonly words = new DictionaryWords();

  constructor(private readonly codeOf: (text: string) => number) {}

  load(data: Data): void {
    this.#offset = data.offset;
    this.#nulls = nullsOf(data);
    this.#indexes = data.values as DictionaryIndexes;
    const first = this.words.update(data.dictionary!);
    if (first < 0) return;
    const words = this.words.list;
    const codes = new Int32Array(words.length);
    codes.set(this.wordCodes.subarray(0, first));
    for (let i = first; i < words.length; i++) {
      const word = words[i] ?? null;
      codes[i] = word === null || word === '' ? EMPTY : this.codeOf(word);
    }
    this.wordCodes = codes;
  }

  /** Reads the batch's rows `[first, first + count)` into `codes`. */
  read(first: number, count: number): void {
    const { codes } = this;
    const nulls = this.#nulls;
    const indexes = this.#indexes;
    const wordCodes = this.wordCodes;
    const words = wordCodes.length;
    const offset = this.#offset + first;
    // An index outside the dictionary is BAD: the FlowRowDecoder reports it.
    if (nulls === null) {
      for (let row = 0; row < count; row++) {
        const word = indexes[offset + row]!;
        codes[row] = word >>> 0 < words ? wordCodes[word]! : BAD;
      }
      return;
    }
    for (let row = 0; row < count; row++) {
      const at = offset + row;
      const word = indexes[at]!;
      codes[row] = isNull(nulls, at) ? EMPTY : word >>> 0 < words ? wordCodes[word]! : BAD;
    }
  }

  /** The word indexes of the batch's rows `[first, first + count)`. */
  protected indexesAt(first: number, count: number): DictionaryIndexes {
    const at = this.#offset + first;
    return this.#indexes.subarray(at, at + count);
  }
}

/**
 * The account column: a word's code is its account's id once the venue has interned the name,
 * else NEW_NAME, which `account` resolves when a row asks. A name is interned by the row that
 * places an order under it, and forgotten again when the venue refuses that row (`forget`): a
 * refused row leaves no account behind.
 */
export class AccountColumn extends CodeColumn {
  /** By row of the block: its word's index in the dictionary. */
  readonly #wordAt = new Int32Array(BLOCK_ROWS);
  /** The block row whose `account` interned a name last, -1 when none of this block's did. */
  internedRow = -1;

  constructor(private readonly core: VenueCore) {
    super((name) => {
      const id = core.store.accounts.find(name);
      return id < 0 ? NEW_NAME : id;
    });
  }

  override read(first: number, count: number): void {
    super.read(first, count);
    this.#wordAt.set(this.indexesAt(first, count));
    this.internedRow = -1;
  }

  /**
   * Block row `row`'s account (CommandFields.account): its id, < 0 when it has none; `create`: a
   * name seen for the first time is interned.
   */
  account(row: number, create: boolean): number {
    const code = this.codes[row]!;
    if (code !== NEW_NAME) return code;
    const word = this.#wordAt[row]!;
    const known = this.wordCodes[word]!; // an earlier row of the block may have interned it
    if (known >= 0) return known;
    const name = this.words.list[word]!;
    const accounts = this.core.accountCount;
    const id = create ? this.core.accountId(name) : this.core.store.accounts.find(name);
    if (id >= 0) this.wordCodes[word] = id;
    if (id === accounts) this.internedRow = row; // a new account (not one named elsewhere since)
    return id;
  }

  /**
   * Block row `row`, whose account `account` interned, was not taken: the name is forgotten by
   * the venue (VenueCore.forgetAccount) and here.
   */
  forget(row: number): void {
    const word = this.#wordAt[row]!;
    this.core.forgetAccount(this.wordCodes[word]!);
    this.wordCodes[word] = NEW_NAME;
    this.internedRow = -1;
  }
}

export class Utf8Column {
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

/** 10^n for n from 0 to MAX_UNITS_DECIMALS: exact doubles up to 10^22. */
const POWERS_OF_TEN = Float64Array.from({ length: MAX_UNITS_DECIMALS + 1 }, (_, n) => 10 ** n);

/** `units` at `drop` decimals fewer: BAD when a digit dropped is not a zero. */
function fewerDecimals(units: number, drop: number): number {
  const divisor = POWERS_OF_TEN[drop]!;
  const quotient = Math.floor(units / divisor);
  return quotient * divisor === units ? quotient : BAD;
}

/**
 * A decimal column, read a block at a time as units at the decimals of each row's book: a utf8
 * column's text parsed (Utf8Column.units), or an int64 column's units (unitsDecimals) rescaled
 * exactly to the book's decimals: BAD when negative, beyond 2^53, or with a digit the book's
 * decimals do not hold, as the text of the same amount would be.
 */
class UnitsColumn {
  readonly cells = new Utf8Column();
  /** By row of the block: its cell's units at `#decimals[row]` (Utf8Column.units). */
  readonly #units = new Float64Array(BLOCK_ROWS);
  readonly #decimals = new Int8Array(BLOCK_ROWS);
  #first = 0;
  /** The int64 column's decimals, -1 for a utf8 column. */
  readonly #fieldDecimals: number;
  #offset = 0;
  #nulls: Uint8Array | null = null;
  /** The int64 column's values as Int32 halves. */
  #halves: Int32Array<ArrayBufferLike> = new Int32Array(0);

  constructor(field: Field) {
    this.#fieldDecimals = unitsDecimals(field) ?? -1;
  }

  load(data: Data): void {
    if (this.#fieldDecimals < 0) return this.cells.load(data);
    this.#offset = data.offset;
    this.#nulls = nullsOf(data);
    const values = data.values as BigInt64Array;
    this.#halves = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
  }

  /**
   * Reads the batch's rows `[first, first + count)`, each at the decimals `decimalsOf` gives its
   * book (`books`, by row of the block; 0 without a book).
   */
  read(first: number, count: number, books: Int32Array, decimalsOf: Int8Array): void {
    this.#first = first;
    if (this.#fieldDecimals >= 0) return this.#readUnits(first, count, books, decimalsOf);
    const units = this.#units;
    const decimals = this.#decimals;
    for (let row = 0; row < count; row++) {
      const book = books[row]!;
      const at = book >= 0 ? decimalsOf[book]! : 0;
      decimals[row] = at;
      units[row] = this.cells.units(first + row, at);
    }
  }

  #readUnits(first: number, count: number, books: Int32Array, decimalsOf: Int8Array): void {
    const units = this.#units;
    const decimals = this.#decimals;
    const nulls = this.#nulls;
    const halves = this.#halves;
    const field = this.#fieldDecimals;
    const offset = this.#offset + first;
    for (let row = 0; row < count; row++) {
      const book = books[row]!;
      const at = book >= 0 ? decimalsOf[book]! : 0;
      decimals[row] = at;
      const cell = offset + row;
      const high = halves[cell * 2 + 1]!;
      // A cell not null, below 2^53 and at as many decimals as its book's or more is read here.
      if (at > field || high < 0 || high >= 1 << 21 || isNull(nulls, cell))
        units[row] = this.#cellUnits(first + row, at);
      else {
        const cellUnits = high * 4294967296 + (halves[cell * 2]! >>> 0);
        units[row] = at === field ? cellUnits : fewerDecimals(cellUnits, field - at);
      }
    }
  }

  /** An int64 cell as units at `decimals`; EMPTY when null, BAD when they cannot hold it. */
  #cellUnits(row: number, decimals: number): number {
    const at = this.#offset + row;
    if (isNull(this.#nulls, at)) return EMPTY;
    const high = this.#halves[at * 2 + 1]!;
    // Negative, or 2^53 and beyond.
    if (high < 0 || high >= 1 << 21) return BAD;
    const units = high * 4294967296 + (this.#halves[at * 2]! >>> 0);
    const shift = decimals - this.#fieldDecimals;
    if (shift === 0) return units;
    if (shift > 0) {
      const scaled = units * POWERS_OF_TEN[shift]!;
      return scaled <= Number.MAX_SAFE_INTEGER ? scaled : BAD;
    }
    return fewerDecimals(units, -shift);
  }

  /** Block row `row`'s units at `decimals`: read by `read` when those are its book's. */
  unitsAt(row: number, decimals: number): number {
    const units = this.#units[row]!;
    if (units === EMPTY || decimals === this.#decimals[row]) return units;
    return this.#fieldDecimals < 0
      ? this.cells.units(this.#first + row, decimals)
      : this.#cellUnits(this.#first + row, decimals);
  }
}

/**
 * A record batch's columns as numbers, read a block of rows at a time (`read`) into arrays by row
 * of the block; the scenario ids (`id`) stay the batch's bytes, by row of the batch.
 */
export class FlowCodes {
  readonly #positions: ReadonlyMap<string, number>;
  readonly action = new CodeColumn(plainAction);
  readonly book: CodeColumn;
  readonly side = new CodeColumn(SIDE_CODES.code);
  readonly type = new CodeColumn(ORDER_TYPE_CODES.code);
  readonly timeInForce = new CodeColumn(plainTimeInForce);
  readonly id = new Utf8Column();
  readonly price: UnitsColumn;
  readonly size: UnitsColumn;
  readonly clientOrderId: Utf8Column | null;
  /** Its cells are not read as codes: a row with one is left to the row decoder. */
  readonly quoteSize: Utf8Column | null;
  readonly instruments: readonly Instrument[];
  readonly #priceDecimals: Int8Array;
  readonly #sizeDecimals: Int8Array;
  /**
   * By row of the block: milliseconds since the epoch, NaN when null or beyond 2^53. A
   * Float64Array, so that a time (beyond 2^31) is read without a heap number.
   */
  readonly times = new Float64Array(BLOCK_ROWS);
  /** By row of the block: post-only 1 true, 0 false, EMPTY null. */
  readonly postOnly = new Int8Array(BLOCK_ROWS);
  #ts!: Data;
  /** The `ts` column's int64 values as Int32 halves. */
  #tsHalves: Int32Array<ArrayBufferLike> = new Int32Array(0);
  #postOnly!: Data;

  /** `schema` must pass readsAsCodes; `instruments` are the venue's books, in order. */
  constructor(schema: Schema, instruments: readonly Instrument[]) {
    this.#positions = new Map(schema.fields.map((field, index) => [field.name, index]));
    const field = (name: string) => schema.fields[this.#positions.get(name)!]!;
    this.price = new UnitsColumn(field('price'));
    this.size = new UnitsColumn(field('size'));
    const books = new Map(instruments.map((instrument, index) => [instrument.symbol, index]));
    this.book = new CodeColumn((symbol) => books.get(symbol) ?? BAD);
    this.clientOrderId = this.#positions.has(CLIENT_ORDER_ID_COLUMN) ? new Utf8Column() : null;
    this.quoteSize = this.#positions.has(QUOTE_SIZE_COLUMN) ? new Utf8Column() : null;
    this.instruments = instruments;
    this.#priceDecimals = Int8Array.from(this.instruments, (i) => i.priceDecimals);
    this.#sizeDecimals = Int8Array.from(this.instruments, (i) => i.sizeDecimals);
  }

  load(batch: RecordBatch): void {
    const data = batch.data.children;
    const column = (name: string) => data[this.#positions.get(name)!]!;
    this.action.load(column('action'));
    this.book.load(column('symbol'));
    this.side.load(column('side'));
    this.type.load(column('type'));
    this.timeInForce.load(column('time_in_force'));
    this.id.load(column('id'));
    this.price.load(column('price'));
    this.size.load(column('size'));
    this.clientOrderId?.load(column(CLIENT_ORDER_ID_COLUMN));
    this.quoteSize?.load(column(QUOTE_SIZE_COLUMN));
    this.#ts = column('ts');
    const values = this.#ts.values as BigInt64Array;
    this.#tsHalves = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
    this.#postOnly = column('post_only');
  }

  /** Reads the loaded batch's rows `[first, first + count)` (count <= BLOCK_ROWS), a column at a time. */
  read(first: number, count: number): void {
    this.action.read(first, count);
    this.book.read(first, count);
    this.side.read(first, count);
    this.type.read(first, count);
    this.timeInForce.read(first, count);
    const books = this.book.codes;
    this.price.read(first, count, books, this.#priceDecimals);
    this.size.read(first, count, books, this.#sizeDecimals);
    this.#readTimes(first, count);
    this.#readPostOnly(first, count);
  }

  /** Little-endian int64 halves to milliseconds. */
  #readTimes(first: number, count: number): void {
    const data = this.#ts;
    const times = this.times;
    const nulls = nullsOf(data);
    const halves = this.#tsHalves;
    const offset = data.offset + first;
    for (let row = 0; row < count; row++) {
      const at = offset + row;
      const high = halves[at * 2 + 1]!;
      // Two stores, not one of a conditional value: that value would be a heap number.
      if (isNull(nulls, at) || high >= 1 << 21 || high <= -(1 << 21)) times[row] = NaN;
      else times[row] = high * 4294967296 + (halves[at * 2]! >>> 0);
    }
  }

  #readPostOnly(first: number, count: number): void {
    const data = this.#postOnly;
    const postOnly = this.postOnly;
    const nulls = nullsOf(data);
    const bits = data.values as Uint8Array;
    const offset = data.offset + first;
    for (let row = 0; row < count; row++) {
      const bit = offset + row;
      postOnly[row] = isNull(nulls, bit) ? EMPTY : (bits[bit >> 3]! >> (bit & 7)) & 1;
    }
  }
}
