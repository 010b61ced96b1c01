/**
 * Writes the Arrow form of an L2 flow (l2-arrow-schema.ts), a record batch of BATCH_ROWS rows at
 * a time, honouring the output's backpressure; dictionaries grow from batch to batch.
 */
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import type { Builder, DataType, Field, Schema } from 'apache-arrow';
import { arrow, BATCH_ROWS } from '../arrow/index.js';
import { l2Schema } from './l2-arrow-schema.js';
import type { L2Row } from './l2-row.js';
import type { L2Sink } from './l2-sink.js';

const { makeBuilder, makeData, RecordBatch, RecordBatchFileWriter, Struct } = arrow;

export class L2ArrowWriter implements L2Sink {
  readonly #schema: Schema = l2Schema();
  readonly #builders: Builder<DataType>[];
  readonly #writer = new RecordBatchFileWriter();
  readonly #out: Writable;
  readonly #piped: Promise<unknown>;
  #rows = 0;

  constructor(out: Writable) {
    this.#out = out;
    // apache-arrow types a field of its Schema, and the builder of any field, with `any`
    this.#builders = this.#schema.fields.map(
      (field: Field<DataType>) => makeBuilder({ type: field.type }) as Builder<DataType>,
    );
    const bytes = Readable.from(this.#writer, { objectMode: false });
    this.#piped = once(bytes, 'end');
    bytes.pipe(out, { end: false });
    this.#writer.reset(undefined, this.#schema);
  }

  push(row: L2Row): void {
    const cells = this.#builders;
    cells[0]!.append(row.exchangeTs);
    cells[1]!.append(row.localTs);
    cells[2]!.append(row.symbol);
    cells[3]!.append(row.kind);
    cells[4]!.append(row.side);
    cells[5]!.append(row.price);
    cells[6]!.append(row.size);
    if (++this.#rows === BATCH_ROWS) this.#writeBatch();
  }

  async flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.#out.writableNeedDrain) await once(this.#out, 'drain');
  }

  /** Writes the last batch and the footer; the output stays open. */
  async end(): Promise<void> {
    this.#writeBatch();
    this.#writer.finish();
    await this.#piped;
  }

  #writeBatch(): void {
    if (this.#rows === 0) return;
    const children = this.#builders.map((builder) => builder.flush());
    const data = makeData({ type: new Struct(this.#schema.fields), length: this.#rows, children });
    this.#writer.write(new RecordBatch(this.#schema, data));
    this.#rows = 0;
  }
}
