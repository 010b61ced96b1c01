import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import {
  Int64,
  Message,
  RecordBatchFileReader,
  RecordBatchFileWriter,
  Table,
  tableFromIPC,
  vectorFromArray,
  type RecordBatch,
  Utf8,
  type Schema,
} from 'apache-arrow';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BATCH_ROWS } from '../../adapters/flow/arrow/index.js';
import { openArrowBatches } from '../../adapters/flow/arrow/flow-reader.js';
import { ArrowFlowError } from '../../adapters/flow/arrow/flow-error.js';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import { spyOnTypedArrays } from '../typed-array-spy.js';

const work = mkdtempSync(join(tmpdir(), 'simex-block-reader-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every column of a batch as plain values. */
const valuesOf = (batch: RecordBatch) =>
  batch.schema.fields.map((field) => Array.from<unknown>(batch.getChild(field.name)!));

/** The values of every batch, taken as it is read (a batch is valid until the next but one). */
async function valuesRead(path: string): Promise<unknown[][][]> {
  const flow = await openArrowBatches(path);
  const values: unknown[][][] = [];
  for await (const batch of flow.batches) values.push(valuesOf(batch));
  return values;
}

/** apache-arrow's file writer leaves the schema message out of the stream; pyarrow writes it. */
class SchemaInStreamWriter extends RecordBatchFileWriter {
  protected override _writeSchema(schema: Schema): this {
    return super._writeSchema(schema)._writeMessage(Message.from(schema));
  }
}

function smallTable(rows: number): Table {
  const text = (prefix: string) => Array.from({ length: rows }, (_, i) => `${prefix}${i}`);
  return new Table({
    ts: vectorFromArray(
      Array.from({ length: rows }, (_, i) => BigInt(Date.UTC(2026, 0, 5) + i)),
      new Int64(),
    ),
    action: vectorFromArray(Array.from({ length: rows }, () => 'new')),
    id: vectorFromArray(text('o')),
    account: vectorFromArray(Array.from({ length: rows }, () => 'alice')),
    symbol: vectorFromArray(Array.from({ length: rows }, () => 'BTC-USD')),
    side: vectorFromArray(Array.from({ length: rows }, (_, i) => (i % 2 ? 'buy' : 'sell'))),
    type: vectorFromArray(Array.from({ length: rows }, () => 'limit')),
    price: vectorFromArray(Array.from({ length: rows }, (_, i) => `${100 + (i % 7)}.00`)),
    size: vectorFromArray(Array.from({ length: rows }, () => '1.000')),
    time_in_force: vectorFromArray(Array.from({ length: rows }, () => 'gtc')),
    post_only: vectorFromArray(Array.from({ length: rows }, () => false)),
  });
}

describe('record batches read into reused buffers', () => {
  it('gives the rows of a generated flow (delta dictionaries) as apache-arrow reads them', async () => {
    const path = join(work, 'generated.arrow');
    const out = createWriteStream(path);
    const options = {
      seed: 3,
      events: BATCH_ROWS + 100,
      instruments: flowInstruments(['BTC-USD', 'ETH-USD']),
      start: Date.UTC(2026, 0, 5),
      meanIntervalMs: 100,
      accounts: 5,
    };
    await writeFlow(options, out, 'arrow');
    out.end();
    await finished(out);
    const expected = tableFromIPC(readFileSync(path)).batches.map(valuesOf);
    expect(expected).toHaveLength(2);

    expect(await valuesRead(path)).toEqual(expected);
  });

  it('keeps a batch intact until the next but one is read', async () => {
    const path = join(work, 'three.arrow');
    const table = smallTable(3 * 1000);
    const sliced = new Table(
      [0, 1000, 2000].map((start) => table.slice(start, start + 1000).batches[0]!),
    );
    writeFileSync(path, RecordBatchFileWriter.writeAll(sliced).toUint8Array(true));
    const flow = await openArrowBatches(path);
    const seen: RecordBatch[] = [];
    for await (const batch of flow.batches) {
      seen.push(batch);
      const previous = seen.at(-2);
      if (previous !== undefined)
        expect(valuesOf(previous)).toEqual(valuesOf(sliced.batches[seen.length - 2]!));
    }
    expect(seen).toHaveLength(3);
  });

  it('allocates its three buffers once for batches a few percent apart', async () => {
    const path = join(work, 'six.arrow');
    // Each batch's ids (utf8, not a dictionary) a byte longer than the last's: 2% more bytes.
    const ids = Array.from(
      { length: 6000 },
      (_, i) => `${'o'.repeat(1 + Math.floor(i / 1000))}${i % 1000}`,
    );
    const table = smallTable(6000).assign(new Table({ id: vectorFromArray(ids, new Utf8()) }));
    const batches = [0, 1, 2, 3, 4, 5].map(
      (k) => table.slice(k * 1000, (k + 1) * 1000).batches[0]!,
    );
    writeFileSync(path, RecordBatchFileWriter.writeAll(new Table(batches)).toUint8Array(true));
    const flow = await openArrowBatches(path);
    const sizes: number[] = [];
    spyOnTypedArrays(['Uint8Array'], (length) => {
      if (length >= 10_000) sizes.push(length);
    });
    let read = 0;
    try {
      for await (const batch of flow.batches) read += batch.numRows;
    } finally {
      vi.unstubAllGlobals();
    }
    expect(read).toBe(6000);
    expect(sizes).toHaveLength(3);
    expect(sizes[2]!).toBeGreaterThan(sizes[0]!);
  });

  it('reads a file whose stream holds the schema message, as pyarrow writes it', async () => {
    const table = smallTable(500);
    const plain = join(work, 'plain.arrow');
    const pyarrowLike = join(work, 'pyarrow-like.arrow');
    writeFileSync(plain, RecordBatchFileWriter.writeAll(table).toUint8Array(true));
    writeFileSync(pyarrowLike, new SchemaInStreamWriter().writeAll(table).toUint8Array(true));
    expect(readFileSync(pyarrowLike).length).toBeGreaterThan(readFileSync(plain).length);

    const expected = table.batches.map(valuesOf);
    expect(await valuesRead(plain)).toEqual(expected);
    expect(await valuesRead(pyarrowLike)).toEqual(expected);
  });

  it('refuses a message longer than the file in one line', async () => {
    const path = join(work, 'long-message.arrow');
    const table = smallTable(20);
    const two = new Table([table.slice(0, 10).batches[0]!, table.slice(10).batches[0]!]);
    const bytes = RecordBatchFileWriter.writeAll(two).toUint8Array(true);
    const second = RecordBatchFileReader.from(bytes).open().footer!.getRecordBatch(1)!.offset;
    new DataView(bytes.buffer, bytes.byteOffset).setInt32(second + 4, 0x7fff_fff0, true);
    writeFileSync(path, bytes);
    await expect(valuesRead(path)).rejects.toThrow(
      new ArrowFlowError(
        path,
        1,
        null,
        `unreadable record batch: the file ends inside a message at byte ${bytes.length}`,
      ),
    );
  });
});
