/**
 * Opens an Arrow flow file as a Scenario: checks the schema (every column present with a type
 * that fits, no unknown column, the instruments in the metadata), then gives the rows a record
 * batch at a time, checked by the CSV format's rules (rows.ts). Reads one batch at a time from
 * the file, so memory stays flat. Every problem is an ArrowFlowError naming the row and column.
 */
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { AsyncRecordBatchFileReader, RecordBatch, Schema } from 'apache-arrow';
import { arrow } from './arrow-library.js';
import type { InstrumentSpec } from '../../../src/index.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  ORDER_FEATURE_COLUMNS,
  QUOTE_SIZE_COLUMN,
  ScenarioSyntaxError,
  type ScenarioLayout,
} from '../index.js';
import { type Scenario } from '../csv/index.js';
import { parseDirective } from '../csv/directives.js';
import { ArrowFlowError, UNREADABLE_BATCH, unopenableReason } from './flow-error.js';
import { INSTRUMENTS_KEY } from './flow-schema.js';
import { FlowRowDecoder } from './flow-rows.js';
import { CutMessageError, readRecordBatches } from './block-reader.js';

const { RecordBatchReader } = arrow;

/** An opened Arrow flow, read a record batch at a time (openArrowFlow turns them into rows). */
export interface ArrowBatches {
  readonly file: string;
  readonly instruments: InstrumentSpec[];
  readonly schema: Schema;
  /** Checks rows by the scenario format's rules; counts them. */
  readonly decoder: FlowRowDecoder;
  /** The non-empty record batches in file order; iterate once (to the end closes the file). */
  readonly batches: AsyncIterable<RecordBatch>;
  readonly bytesRead: () => number;
  readonly close: () => void;
  /** Where a row is, for messages. */
  readonly locate: (row: number) => string;
  /** feedFlow decodes the plain rows on a worker thread too (DecodedBlocks). */
  readonly decodeWorker: boolean;
  /** The file opened (its device, inode, size and time of change), for a second reader to check. */
  readonly identity: string;
}

/** With `decodeWorker`, feedFlow decodes the file's plain rows on a worker thread too. */
export async function openArrowBatches(
  path: string,
  options: { readonly decodeWorker?: boolean } = {},
): Promise<ArrowBatches> {
  const handle = await open(path, 'r');
  const stats = await handle.stat();
  const size = stats.size;
  let reader: AsyncRecordBatchFileReader;
  try {
    const opened = await (await RecordBatchReader.from(readingSynchronously(handle, size))).open();
    if (!opened.isFile()) throw new Error('not the IPC file format');
    reader = opened;
  } catch {
    const tail = new Uint8Array(8);
    const { bytesRead } = await handle.read(tail, 0, 8, Math.max(0, size - 8));
    await handle.close();
    throw new ArrowFlowError(path, 0, null, unopenableReason(tail.subarray(0, bytesRead)));
  }
  const schema = reader.schema;
  let instruments: InstrumentSpec[];
  let decoder: FlowRowDecoder;
  try {
    instruments = instrumentsOf(path, schema);
    decoder = new FlowRowDecoder(path, schema);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const batchCount = reader.numRecordBatches;
  let batchesRead = 0;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void handle.close();
  };
  async function* batches(): AsyncGenerator<RecordBatch> {
    try {
      const blocks = readRecordBatches(handle.fd, schema);
      for (;;) {
        let next: IteratorResult<RecordBatch>;
        try {
          next = blocks.next();
        } catch (error) {
          const reason =
            error instanceof CutMessageError
              ? `unreadable record batch: ${error.message}`
              : UNREADABLE_BATCH;
          throw new ArrowFlowError(path, decoder.rowCount + 1, null, reason);
        }
        if (next.done === true) break;
        batchesRead++;
        if (next.value.numRows > 0) yield next.value;
      }
    } finally {
      close();
    }
  }
  return {
    file: path,
    instruments,
    schema,
    decoder,
    batches: batches(),
    bytesRead: () => (batchCount === 0 ? size : Math.round((size * batchesRead) / batchCount)),
    close,
    locate: (row) => `${path}: row ${row}`,
    decodeWorker: options.decodeWorker === true,
    identity: `${stats.dev}:${stats.ino}:${size}:${stats.mtimeMs}`,
  };
}

/**
 * The file's handle for apache-arrow's file reader, its reads done with readSync. The reader's
 * `open` reads the footer and then every dictionary batch the footer lists, one awaited read each:
 * through a FileHandle each one waits for libuv's thread pool, some 200 µs, and a flow written
 * with a delta dictionary per column and batch has six a batch (0.2 s for 10M rows).
 */
function readingSynchronously(handle: FileHandle, size: number): FileHandle {
  const reads = {
    fd: handle.fd,
    stat: () => Promise.resolve({ size }),
    read: (buffer: Uint8Array, offset: number, length: number, position: number) =>
      Promise.resolve({ bytesRead: readSync(handle.fd, buffer, offset, length, position), buffer }),
    close: () => Promise.resolve(),
  };
  return reads as unknown as FileHandle;
}

export async function openArrowFlow(path: string): Promise<Scenario> {
  return arrowScenario(await openArrowBatches(path));
}

/** The flow's rows as a Scenario, decoded a batch at a time. */
export function arrowScenario(flow: ArrowBatches): Scenario {
  const { decoder, schema, file: path } = flow;
  const batchIterable = (async function* () {
    for await (const batch of flow.batches) yield decoder.decode(batch);
  })();
  return {
    file: path,
    instruments: flow.instruments,
    layout: layoutOf(schema),
    batches: batchIterable,
    rows: (async function* () {
      for await (const batch of batchIterable) yield* batch;
    })(),
    bytesRead: flow.bytesRead,
    close: flow.close,
    locate: flow.locate,
  };
}

/** The instruments in the schema metadata: one `instrument key=value ...` directive a line. */
export function instrumentsOf(path: string, schema: Schema): InstrumentSpec[] {
  const text = schema.metadata.get(INSTRUMENTS_KEY);
  if (text === undefined || text.trim() === '') return [];
  const instruments: InstrumentSpec[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const fail = (reason: string) =>
      new ArrowFlowError(
        path,
        0,
        null,
        `metadata ${INSTRUMENTS_KEY}, line ${index + 1}: ${reason}`,
      );
    let spec: InstrumentSpec | null;
    try {
      spec = parseDirective(`# ${line.trim()}`, path, index + 1);
    } catch (error) {
      if (!(error instanceof ScenarioSyntaxError)) throw error;
      throw fail(error.reason);
    }
    if (spec === null) throw fail('expected instrument symbol=... tick_size=... lot_size=...');
    instruments.push(spec);
  }
  return instruments;
}

/** The CSV layout a flow's columns stand for (its order-feature columns may be a subset). */
function layoutOf(schema: Schema): ScenarioLayout {
  const has = (name: string) => schema.fields.some((field) => field.name === name);
  const clientOrderId = has(CLIENT_ORDER_ID_COLUMN);
  const layout: { -readonly [K in keyof ScenarioLayout]: ScenarioLayout[K] } = { clientOrderId };
  if (ORDER_FEATURE_COLUMNS.some(has)) layout.orderFeatures = true;
  if (has(QUOTE_SIZE_COLUMN)) layout.quoteSize = true;
  return layout;
}
