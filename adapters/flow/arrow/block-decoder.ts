/**
 * Decodes an Arrow flow's rows a block at a time into CommandBlocks: FlowCodes reads the block's
 * columns, decodeRowCommand turns each plain row into its command. It needs no venue, so the
 * same decoder runs on the venue's thread and on the decoding worker (decode-worker.ts).
 */
import type { RecordBatch, Schema } from 'apache-arrow';
import { ACTION_NEW, OrderCommand, STP_NONE, type Instrument } from '../../../src/index.js';
import { BAD, decodeRowCommand, EMPTY, NO_ENTRY, type CommandFields } from '../index.js';
import { CommandBlock, NOT_DECODED } from './command-block.js';
import { FlowCodes } from './flow-codes.js';
import type { IdNumbering } from './id-numbering.js';

export class BlockDecoder {
  readonly #codes: FlowCodes;
  readonly #fields: FlowRowFields;
  readonly #command = new OrderCommand(STP_NONE);
  #batch: RecordBatch | null = null;

  /** `schema` must pass readsAsCodes; `instruments` are the venue's books, in order. */
  constructor(schema: Schema, instruments: readonly Instrument[]) {
    this.#codes = new FlowCodes(schema, instruments);
    this.#fields = new FlowRowFields(this.#codes);
  }

  /**
   * Decodes the batch's rows `[first, first + count)`, the flow's block `index`, into `block`, the
   * rows' ids numbered by `numbering` (else every entry NO_ENTRY).
   */
  decode(
    batch: RecordBatch,
    index: number,
    first: number,
    count: number,
    block: CommandBlock,
    numbering: IdNumbering | null,
  ): void {
    const codes = this.#codes;
    this.#load(batch);
    codes.read(first, count);
    block.begin(index, count);
    block.times.set(codes.times.subarray(0, count));
    const fields = this.#fields;
    const { id, instruments } = codes;
    const { kinds } = block;
    const command = this.#command;
    for (let row = 0; row < count; row++) {
      fields.row = row;
      fields.at = first + row;
      if (id.isEmpty(first + row) || !decodeRowCommand(fields, instruments, command))
        kinds[row] = NOT_DECODED;
      else block.put(row, command);
    }
    if (numbering === null) block.entries.fill(NO_ENTRY, 0, count);
    else this.#number(index, first, count, numbering, block.entries);
  }

  /**
   * Numbers the ids of the batch's rows `[first, first + count)`, the flow's block `index`, as
   * `decode` does, decoding nothing else.
   */
  number(
    batch: RecordBatch,
    index: number,
    first: number,
    count: number,
    numbering: IdNumbering,
  ): void {
    this.#load(batch);
    this.#codes.action.read(first, count); // the ids are read by row
    this.#number(index, first, count, numbering, null);
  }

  #number(
    index: number,
    first: number,
    count: number,
    numbering: IdNumbering,
    entries: Int32Array | null,
  ): void {
    const { id, action } = this.#codes;
    const bytes = id.bytes;
    for (let row = 0; row < count; row++) {
      const at = first + row;
      const entry = id.isEmpty(at)
        ? NO_ENTRY
        : numbering.number(
            bytes,
            id.start(at),
            id.end(at),
            action.codes[row] === ACTION_NEW,
            index,
          );
      if (entries !== null) entries[row] = entry;
    }
  }

  #load(batch: RecordBatch): void {
    if (batch === this.#batch) return;
    this.#codes.load(batch);
    this.#batch = batch;
  }
}

/**
 * A cursor on the block FlowCodes read: the fields of its row `row` (the batch's row `at`), read
 * for decodeRowCommand straight from the block's arrays.
 */
class FlowRowFields implements CommandFields {
  row = 0;
  at = 0;
  readonly #codes: FlowCodes;
  readonly #action: Int32Array;
  readonly #book: Int32Array;
  readonly #side: Int32Array;
  readonly #type: Int32Array;
  readonly #timeInForce: Int32Array;
  readonly #postOnly: Int8Array;

  constructor(codes: FlowCodes) {
    this.#codes = codes;
    this.#action = codes.action.codes;
    this.#book = codes.book.codes;
    this.#side = codes.side.codes;
    this.#type = codes.type.codes;
    this.#timeInForce = codes.timeInForce.codes;
    this.#postOnly = codes.postOnly;
  }

  action(): number {
    return this.#action[this.row]!;
  }

  /**
   * Any account: the venue's thread reads the row's own (AccountColumn) when it takes the block,
   * and a row whose account it does not find is left to the FlowRowDecoder then.
   */
  account(): number {
    return 0;
  }

  book(): number {
    return this.#book[this.row]!;
  }

  side(): number {
    return this.#side[this.row]!;
  }

  type(): number {
    return this.#type[this.row]!;
  }

  timeInForce(): number {
    return this.#timeInForce[this.row]!;
  }

  price(decimals: number): number {
    return this.#codes.price.unitsAt(this.row, decimals);
  }

  size(decimals: number): number {
    return this.#codes.size.unitsAt(this.row, decimals);
  }

  postOnly(): number {
    return this.#postOnly[this.row]!;
  }

  /**
   * A client order id (its text) and a quote size (a bigint) are left to the row decoder; the
   * other extras are not columns here.
   */
  extras(): number {
    const { clientOrderId, quoteSize } = this.#codes;
    return (clientOrderId !== null && !clientOrderId.isEmpty(this.at)) ||
      (quoteSize !== null && !quoteSize.isEmpty(this.at))
      ? BAD
      : 0;
  }

  quote(): bigint {
    return 0n;
  }

  stopPrice(): number {
    return EMPTY;
  }

  stp(): number {
    return EMPTY;
  }

  expireAt(): number {
    return EMPTY;
  }

  clientOrderId(): string | null {
    return null;
  }
}
