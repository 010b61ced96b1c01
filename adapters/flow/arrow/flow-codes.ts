/**
 * A record batch of an Arrow flow read as commands, for the driver's numeric entry, a block of
 * rows at a time and a column at a time, into typed arrays that stay in cache while the block's
 * commands run: the dictionary columns (action, account, symbol, side, type, time_in_force) mapped
 * a word at a time to codes, account ids and book indexes; `ts` read from its int64 halves; price
 * and size parsed from their utf8 bytes into ticks and lots of each row's book. Then each row is
 * classed once (`actions`): a plain row's command, taken as decodeRowCommand takes it without a
 * refusal, or DECLINED. The scenario id is handed on as its bytes. Nothing is judged here: a row
 * with a cell that is not plainly valid is DECLINED, and the caller leaves it to the
 * FlowRowDecoder and decodeRowCommand, which report it in the format's own words.
 */
import type { Data, RecordBatch, Schema } from 'apache-arrow';
import { arrow } from './arrow-library.js';
import { DictionaryWords } from './column-cells.js';
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_CODES,
  ACTION_NEW,
  ACTION_REDUCE,
  FLAG_POST_ONLY,
  ORDER_TYPE_CODES,
  parseUnitsBytes,
  SIDE_CODES,
  TIF_GTC,
  TIF_GTD,
  TIF_IOC,
  TIME_IN_FORCE_CODES,
  TYPE_LIMIT,
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

/**
 * Rows read at a time into the block's arrays: a block's columns stay in the core's cache while
 * its commands run (a whole record batch's would not).
 */
export const BLOCK_ROWS = 1024;

/** By row of a block: a row this reader does not take as a command (`FlowCodes.actions`). */
export const DECLINED = -1;
/** An account name not interned when its block was read (`AccountColumn.codes`). */
export const NEW_NAME = -5;

/** A dictionary column: each index's code, computed once per word, read a block at a time. */
class CodeColumn {
  /** By row of the block: its code. */
  readonly codes = new Int32Array(BLOCK_ROWS);
  #offset = 0;
  #nulls: Uint8Array | null = null;
  #indexes!: ArrayLike<number>;
  protected wordCodes = new Int32Array(0);
  protected readonly words = new DictionaryWords();

  constructor(private readonly codeOf: (text: string) => number) {}

  load(data: Data): void {
    this.#offset = data.offset;
    this.#nulls = nullsOf(data);
    this.#indexes = data.values as ArrayLike<number>;
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

  /**
   * Reads the batch's rows `[first, first + count)` into `codes`; `wordAt`, when given, gets each
   * row's word index.
   */
  read(first: number, count: number, wordAt: Int32Array | null = null): void {
    const { codes } = this;
    const nulls = this.#nulls;
    const indexes = this.#indexes;
    const wordCodes = this.wordCodes;
    const offset = this.#offset + first;
    for (let row = 0; row < count; row++) {
      const at = offset + row;
      const word = indexes[at]!;
      if (wordAt !== null) wordAt[row] = word;
      // An index outside the dictionary is BAD: the FlowRowDecoder reports it.
      codes[row] = isNull(nulls, at) ? EMPTY : (wordCodes[word] ?? BAD);
    }
  }
}

/**
 * The account column: a word's code is its account's id once the core has interned the name, else
 * NEW_NAME. A name is interned by the row that places an order under it (`intern`), and forgotten
 * again when the core refuses that row (`forget`): a refused row leaves no account behind.
 */
class AccountColumn extends CodeColumn {
  /** By row of the block: its word's index in the dictionary. */
  readonly #wordAt = new Int32Array(BLOCK_ROWS);

  constructor(private readonly core: VenueCore) {
    super((name) => {
      const id = core.store.accounts.find(name);
      return id < 0 ? NEW_NAME : id;
    });
  }

  override read(first: number, count: number): void {
    super.read(first, count, this.#wordAt);
  }

  /**
   * The account of block row `row` (whose code is NEW_NAME) now: interned when `create`, else -1
   * while no row made it.
   */
  intern(row: number, create: boolean): number {
    const word = this.#wordAt[row]!;
    const known = this.wordCodes[word]!; // an earlier row of the block may have interned it
    if (known >= 0) return known;
    const name = this.words.list[word]!;
    const id = create ? this.core.accountId(name) : this.core.store.accounts.find(name);
    if (id >= 0) this.wordCodes[word] = id;
    return id;
  }

  /** Block row `row`'s account, interned by `intern`, was forgotten by the core. */
  forget(row: number): void {
    this.wordCodes[this.#wordAt[row]!] = NEW_NAME;
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

/**
 * A decimal column, read a block at a time as whole steps of each row's book (ticks of a price,
 * lots of a size).
 */
class GridColumn {
  readonly cells = new Utf8Column();
  /**
   * By row of the block: the cell in steps, a positive whole number (a safe integer of units);
   * EMPTY; or BAD for any other cell (malformed, too precise, too large, zero, off the grid).
   */
  readonly steps = new Float64Array(BLOCK_ROWS);

  /**
   * Reads the batch's rows `[first, first + count)`, each at the decimals and step of its book
   * (`books`, by row of the block; a row without a book is read at 0 decimals, a step of 1).
   */
  read(
    first: number,
    count: number,
    books: Int32Array,
    decimalsOf: Int8Array,
    stepOf: Float64Array,
  ): void {
    const steps = this.steps;
    for (let row = 0; row < count; row++) {
      const book = books[row]!;
      const units = this.cells.units(first + row, book >= 0 ? decimalsOf[book]! : 0);
      const step = book >= 0 ? stepOf[book]! : 1;
      // decodeRowCommand's offGrid: no `%`, which V8 makes a call to fmod on doubles.
      if (units === EMPTY) steps[row] = EMPTY;
      else if (units <= 0 || Math.floor(units / step) * step !== units) steps[row] = BAD;
      else steps[row] = units / step;
    }
  }
}

/**
 * A record batch's columns as numbers, read a block of rows at a time (`read`) into arrays by row
 * of the block; the scenario ids (`id`) stay the batch's bytes, by row of the batch.
 */
export class FlowCodes {
  readonly #positions: ReadonlyMap<string, number>;
  readonly action = new CodeColumn(plainAction);
  readonly account: AccountColumn;
  readonly book: CodeColumn;
  readonly side = new CodeColumn(SIDE_CODES.code);
  readonly type = new CodeColumn(ORDER_TYPE_CODES.code);
  readonly timeInForce = new CodeColumn(plainTimeInForce);
  readonly id = new Utf8Column();
  /** Prices in ticks and sizes in lots (GridColumn.steps). */
  readonly price = new GridColumn();
  readonly size = new GridColumn();
  readonly clientOrderId: Utf8Column | null;
  /** Its cells are not read as codes: a row with one is left to the row decoder. */
  readonly quoteSize: Utf8Column | null;
  readonly #priceDecimals: Int8Array;
  readonly #sizeDecimals: Int8Array;
  readonly #tickUnits: Float64Array;
  readonly #lotUnits: Float64Array;
  /**
   * By row of the block: milliseconds since the epoch, NaN when null or beyond 2^53. A
   * Float64Array, so that a time (beyond 2^31) is read without a heap number.
   */
  readonly times = new Float64Array(BLOCK_ROWS);
  /** By row of the block: post-only 1 true, 0 false, EMPTY null. */
  readonly postOnly = new Int8Array(BLOCK_ROWS);
  /**
   * By row of the block: the action of a plain row's command (ACTION_NEW, ACTION_CANCEL or
   * ACTION_REDUCE), whose fields are the columns' codes and steps, with `timeInForce` and `flags`
   * below; DECLINED for any other row. A row is taken as decodeRowCommand takes it without a
   * refusal, with an id and a known account (NEW_NAME is interned for a new order, looked up for
   * the others, when its row runs).
   */
  readonly actions = new Int8Array(BLOCK_ROWS);
  /** By row of the block: a new order's time in force (its default filled in). */
  readonly orderTimeInForce = new Int8Array(BLOCK_ROWS);
  /** By row of the block: a new order's flags. */
  readonly flags = new Int8Array(BLOCK_ROWS);
  #ts!: Data;
  /** The `ts` column's int64 values as Int32 halves. */
  #tsHalves: Int32Array<ArrayBufferLike> = new Int32Array(0);
  #postOnly!: Data;

  /** `schema` must pass readsAsCodes; account names are looked up in `core` (AccountColumn). */
  constructor(schema: Schema, core: VenueCore) {
    this.#positions = new Map(schema.fields.map((field, index) => [field.name, index]));
    this.account = new AccountColumn(core);
    this.book = new CodeColumn((symbol) => Math.max(BAD, core.bookIndex(symbol)));
    this.clientOrderId = this.#positions.has(CLIENT_ORDER_ID_COLUMN) ? new Utf8Column() : null;
    this.quoteSize = this.#positions.has(QUOTE_SIZE_COLUMN) ? new Utf8Column() : null;
    const instruments: readonly Instrument[] = core.books.map((book) => book.instrument);
    this.#priceDecimals = Int8Array.from(instruments, (i) => i.priceDecimals);
    this.#sizeDecimals = Int8Array.from(instruments, (i) => i.sizeDecimals);
    this.#tickUnits = Float64Array.from(instruments, (i) => i.tickUnits);
    this.#lotUnits = Float64Array.from(instruments, (i) => i.lotUnits);
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
    this.price.cells.load(column('price'));
    this.size.cells.load(column('size'));
    this.clientOrderId?.load(column(CLIENT_ORDER_ID_COLUMN));
    this.quoteSize?.load(column(QUOTE_SIZE_COLUMN));
    this.#ts = column('ts');
    const values = this.#ts.values as BigInt64Array;
    this.#tsHalves = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
    this.#postOnly = column('post_only');
  }

  /**
   * Reads the loaded batch's rows `[first, first + count)` (count <= BLOCK_ROWS), a column at a
   * time, and classes them (`actions`).
   */
  read(first: number, count: number): void {
    this.action.read(first, count);
    this.account.read(first, count);
    this.book.read(first, count);
    this.side.read(first, count);
    this.type.read(first, count);
    this.timeInForce.read(first, count);
    const books = this.book.codes;
    this.price.read(first, count, books, this.#priceDecimals, this.#tickUnits);
    this.size.read(first, count, books, this.#sizeDecimals, this.#lotUnits);
    this.#readTimes(first, count);
    this.#readPostOnly(first, count);
    this.#classify(first, count);
  }

  /**
   * decodeRowCommand's rules (command-fields.ts) for a row without a refusal, a column of codes
   * at a time: each row's action, or DECLINED where it answers false; and a row without an id or
   * with a field it does not read (a client order id, a quote size) is DECLINED.
   */
  #classify(first: number, count: number): void {
    const { actions, orderTimeInForce, flags, postOnly, clientOrderId, quoteSize, id } = this;
    const action = this.action.codes;
    const account = this.account.codes;
    const book = this.book.codes;
    const side = this.side.codes;
    const type = this.type.codes;
    const timeInForce = this.timeInForce.codes;
    const price = this.price.steps;
    const size = this.size.steps;
    for (let row = 0; row < count; row++) {
      const at = first + row;
      let taken = action[row]!;
      if (
        id.isEmpty(at) ||
        (clientOrderId !== null && !clientOrderId.isEmpty(at)) ||
        (quoteSize !== null && !quoteSize.isEmpty(at)) ||
        (account[row]! < 0 && account[row] !== NEW_NAME)
      ) {
        taken = DECLINED;
      } else if (taken === ACTION_NEW) {
        const tif = timeInForce[row]!;
        const limit = type[row] === TYPE_LIMIT;
        // A limit order's missing price is the core's to refuse (price_required).
        if (
          side[row]! < 0 ||
          type[row]! < 0 ||
          tif === BAD ||
          book[row]! < 0 ||
          size[row]! < 0 ||
          (limit ? price[row] === BAD : price[row] !== EMPTY || tif !== EMPTY)
        ) {
          taken = DECLINED;
        } else {
          orderTimeInForce[row] = !limit ? TIF_IOC : tif === EMPTY ? TIF_GTC : tif;
          flags[row] = postOnly[row] === 1 ? FLAG_POST_ONLY : 0;
        }
      } else if (
        (taken !== ACTION_CANCEL && taken !== ACTION_REDUCE) ||
        side[row] !== EMPTY ||
        type[row] !== EMPTY ||
        timeInForce[row] !== EMPTY ||
        price[row] !== EMPTY ||
        postOnly[row] !== EMPTY ||
        (taken === ACTION_CANCEL ? size[row] !== EMPTY : book[row]! < 0 || size[row]! < 0)
      ) {
        taken = DECLINED;
      }
      actions[row] = taken;
    }
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
