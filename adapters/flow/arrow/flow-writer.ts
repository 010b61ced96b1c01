/**
 * Writes scenario rows as an Arrow IPC file (docs/flows.md) to a stream, a record batch of
 * BATCH_ROWS rows at a time, honouring the stream's backpressure. Dictionaries grow from batch to
 * batch (delta dictionaries), so memory holds one batch and the distinct names.
 */
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import type { Builder, DataType, Field, Schema } from 'apache-arrow';
import { arrow } from './arrow-library.js';
import type { ScenarioLayout, ScenarioRow } from '../index.js';
import { parseUnits, type InstrumentSpec } from '../../../src/index.js';
import { flowSchema, type UnitsLayout } from './flow-schema.js';

const { makeBuilder, makeData, RecordBatch, RecordBatchFileWriter, Struct } = arrow;

export const BATCH_ROWS = 1 << 16;

export class ArrowFlowWriter {
  readonly #schema: Schema;
  readonly #layout: ScenarioLayout;
  readonly #builders: Builder<DataType>[];
  readonly #writer = new RecordBatchFileWriter();
  readonly #out: Writable;
  readonly #piped: Promise<unknown>;
  readonly #units: UnitsLayout | null;
  #rows = 0;

  /** `units`: price and size written as int64 units at its decimals (flowSchema), else as text. */
  constructor(
    out: Writable,
    instruments: readonly InstrumentSpec[],
    layout: ScenarioLayout,
    units: UnitsLayout | null = null,
  ) {
    this.#out = out;
    this.#layout = layout;
    this.#units = units;
    this.#schema = flowSchema(instruments, layout, units);
    // apache-arrow types a field of its Schema, and the builder of any field, with `any`
    this.#builders = this.#schema.fields.map(
      (field: Field<DataType>) =>
        makeBuilder({ type: field.type, nullValues: [null] }) as Builder<DataType>,
    );
    const bytes = Readable.from(this.#writer, { objectMode: false });
    this.#piped = once(bytes, 'end');
    bytes.pipe(out, { end: false });
    this.#writer.reset(undefined, this.#schema);
  }

  /**
   * Adds a row; resolves once the output can take more. False, the row not written, when its price
   * or size is not a decimal that units at the columns' decimals hold exactly (always true for
   * text columns).
   */
  async write(row: ScenarioRow): Promise<boolean> {
    const amend = row.action === 'amend' ? row : undefined;
    const price = row.action === 'new' ? row.price : amend?.price;
    const size =
      row.action === 'new'
        ? 'size' in row
          ? row.size
          : undefined
        : row.action === 'reduce'
          ? row.size
          : amend?.size;
    const units = this.#units;
    const priceCell = units === null ? (price ?? null) : unitsCell(price, units.price);
    const sizeCell = units === null ? (size ?? null) : unitsCell(size, units.size);
    if (priceCell === undefined || sizeCell === undefined) return false;
    const cells = this.#builders;
    cells[0]!.append(row.ts);
    cells[1]!.append(row.action);
    cells[2]!.append(row.id);
    cells[3]!.append(row.account);
    cells[4]!.append(row.symbol);
    const isNew = row.action === 'new';
    cells[5]!.append(isNew ? row.side : null);
    cells[6]!.append(isNew ? row.type : null);
    cells[7]!.append(priceCell);
    cells[8]!.append(sizeCell);
    cells[9]!.append(isNew ? (row.timeInForce ?? null) : null);
    cells[10]!.append(isNew ? (row.postOnly ?? null) : null);
    const clientOrderId = row.action === 'new' ? row.clientOrderId : undefined;
    if (this.#layout.clientOrderId) cells[11]!.append(clientOrderId ?? null);
    else if (clientOrderId !== undefined)
      throw new Error('a row with a client order id needs the client_order_id column');
    const features = row.action === 'new' ? [row.stopPrice, row.stp, row.expireAt] : [];
    if (this.#layout.orderFeatures === true) {
      const at = this.#layout.clientOrderId ? 12 : 11;
      for (let i = 0; i < 3; i++) cells[at + i]!.append(features[i] ?? null);
    } else if (features.some((value) => value !== undefined)) {
      throw new Error('a row with a stop price, stp or expire_at needs the order-feature columns');
    }
    const quoteSize = row.action === 'new' && 'quoteSize' in row ? row.quoteSize : undefined;
    if (this.#layout.quoteSize === true)
      cells[this.#schema.fields.length - 1]!.append(quoteSize ?? null);
    else if (quoteSize !== undefined)
      throw new Error('a row with a quote size needs the quote_size column');
    if (++this.#rows === BATCH_ROWS) await this.#flush();
    return true;
  }

  /** Writes the last batch and the footer; the stream stays open. */
  async end(): Promise<void> {
    await this.#flush();
    this.#writer.finish();
    await this.#piped;
  }

  async #flush(): Promise<void> {
    if (this.#rows === 0) return;
    const children = this.#builders.map((builder) => builder.flush());
    const data = makeData({ type: new Struct(this.#schema.fields), length: this.#rows, children });
    this.#writer.write(new RecordBatch(this.#schema, data));
    this.#rows = 0;
    await new Promise((resolve) => setImmediate(resolve));
    if (this.#out.writableNeedDrain) await once(this.#out, 'drain');
  }
}

/** A decimal text as an int64 cell of units at `decimals`: null when absent, undefined when it does not fit. */
function unitsCell(text: string | undefined, decimals: number): bigint | null | undefined {
  if (text === undefined) return null;
  const units = parseUnits(text, decimals);
  return typeof units === 'number' ? BigInt(units) : undefined;
}
