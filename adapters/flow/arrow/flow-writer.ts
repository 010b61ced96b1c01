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
import type { InstrumentSpec } from '../../../src/index.js';
import { flowSchema } from './flow-schema.js';

const { makeBuilder, makeData, RecordBatch, RecordBatchFileWriter, Struct } = arrow;

export const BATCH_ROWS = 1 << 16;

export class ArrowFlowWriter {
  readonly #schema: Schema;
  readonly #layout: ScenarioLayout;
  readonly #builders: Builder<DataType>[];
  readonly #writer = new RecordBatchFileWriter();
  readonly #out: Writable;
  readonly #piped: Promise<unknown>;
  #rows = 0;

  constructor(out: Writable, instruments: readonly InstrumentSpec[], layout: ScenarioLayout) {
    this.#out = out;
    this.#layout = layout;
    this.#schema = flowSchema(instruments, layout);
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

  /** Adds a row; resolves once the output can take more. */
  async write(row: ScenarioRow): Promise<void> {
    const cells = this.#builders;
    cells[0]!.append(row.ts);
    cells[1]!.append(row.action);
    cells[2]!.append(row.id);
    cells[3]!.append(row.account);
    cells[4]!.append(row.symbol);
    if (row.action === 'new') {
      cells[5]!.append(row.side);
      cells[6]!.append(row.type);
      cells[7]!.append(row.price ?? null);
      cells[8]!.append('size' in row ? row.size : null);
      cells[9]!.append(row.timeInForce ?? null);
      cells[10]!.append(row.postOnly ?? null);
    } else {
      const amend = row.action === 'amend' ? row : undefined;
      for (let i = 5; i <= 10; i++) {
        const size = row.action === 'reduce' ? row.size : amend?.size;
        cells[i]!.append(i === 8 ? (size ?? null) : i === 7 ? (amend?.price ?? null) : null);
      }
    }
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
