/**
 * A block of an Arrow flow's rows decoded as commands (BlockDecoder): by row of the block, its
 * time and, for a plain row with a scenario id (decodeRowCommand), the fields the decoder sets on
 * the command; any other row is NOT_DECODED; and every row's id entry (IdNumbering). The account
 * and the id's bytes are not here: the venue's thread reads them from the batch. The arrays lie in
 * one buffer at an offset, a SharedArrayBuffer when the decoding worker fills the block
 * (block-ring.ts).
 */
import type { Lots, OrderCommand, Ticks } from '../../../src/index.js';
import { BLOCK_ROWS } from './flow-codes.js';

/** A row the decoder left to the FlowRowDecoder. */
export const NOT_DECODED = -1;

/** The block's number in the flow and its row count, then the rows' arrays. */
const HEADER_BYTES = 8;

/** Codes of under 4 bits each, packed in one Int32 a row. */
const FIELD_BITS = 4;
const FIELD_MASK = (1 << FIELD_BITS) - 1;

export class CommandBlock {
  static readonly BYTES = HEADER_BYTES + BLOCK_ROWS * (3 * 8 + 3 * 4);
  readonly #header: Int32Array;
  /** Milliseconds since the epoch, NaN when null or beyond 2^53 (FlowCodes.times). */
  readonly times: Float64Array;
  readonly prices: Float64Array;
  readonly sizes: Float64Array;
  /** action, side, type, timeInForce and flags, FIELD_BITS each; or NOT_DECODED. */
  readonly kinds: Int32Array;
  readonly books: Int32Array;
  /** The row's id entry (IdNumbering, id-entry.ts), NO_ENTRY when the ids are not numbered. */
  readonly entries: Int32Array;

  constructor(buffer: ArrayBufferLike = new ArrayBuffer(CommandBlock.BYTES), offset = 0) {
    this.#header = new Int32Array(buffer, offset, 2);
    let at = offset + HEADER_BYTES;
    const float64s = () =>
      new Float64Array(buffer, (at += BLOCK_ROWS * 8) - BLOCK_ROWS * 8, BLOCK_ROWS);
    const int32s = () =>
      new Int32Array(buffer, (at += BLOCK_ROWS * 4) - BLOCK_ROWS * 4, BLOCK_ROWS);
    this.times = float64s();
    this.prices = float64s();
    this.sizes = float64s();
    this.kinds = int32s();
    this.books = int32s();
    this.entries = int32s();
  }

  /** The block's number among the flow's blocks, from 0. */
  get index(): number {
    return this.#header[0]!;
  }

  get count(): number {
    return this.#header[1]!;
  }

  begin(index: number, count: number): void {
    this.#header[0] = index;
    this.#header[1] = count;
  }

  /** Row `row` is the command (as decodeRowCommand left it). */
  put(row: number, command: OrderCommand): void {
    this.kinds[row] =
      command.action |
      (command.side << FIELD_BITS) |
      (command.type << (2 * FIELD_BITS)) |
      (command.timeInForce << (3 * FIELD_BITS)) |
      (command.flags << (4 * FIELD_BITS));
    this.books[row] = command.book;
    this.prices[row] = command.price;
    this.sizes[row] = command.size;
  }

  /**
   * Sets on `command` the fields `put` took from a decoded row's command; the others (stop price,
   * stp, expiry, client order id, quote) a plain row leaves as `clear` sets them.
   */
  take(row: number, command: OrderCommand): void {
    const kind = this.kinds[row]!;
    command.action = kind & FIELD_MASK;
    command.side = (kind >> FIELD_BITS) & FIELD_MASK;
    command.type = (kind >> (2 * FIELD_BITS)) & FIELD_MASK;
    command.timeInForce = (kind >> (3 * FIELD_BITS)) & FIELD_MASK;
    command.flags = kind >> (4 * FIELD_BITS);
    command.book = this.books[row]!;
    command.price = this.prices[row]! as Ticks;
    command.size = this.sizes[row]! as Lots;
  }
}
