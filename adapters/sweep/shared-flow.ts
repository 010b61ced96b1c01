/**
 * A CSV flow parsed once, by the main thread, into shared memory that every worker reads, as it
 * fills: a growable SharedArrayBuffer of records, each a v8-serialized message (the header, a
 * chunk's rows as RowColumns, the error that ended the flow, or its end), counted in the buffer's
 * first word once written. A worker waits on that count (Atomics.waitAsync) for the next record, so
 * its first combination runs while the flow is still being parsed; the rows it rebuilds are those
 * the parse gave, in file order, then its error if it has one: the same whatever the timing.
 */
import { deserialize, serialize } from 'node:v8';
import {
  openScenarioFile,
  ScenarioSyntaxError,
  type ParsedScenarioRow,
  type Scenario,
} from '../csv/index.js';
import { FileError } from '../file-errors.js';
import { fromColumns, NameCodes, toColumns, type RowColumns } from '../csv/row-columns.js';

type FlowRecord =
  | { readonly kind: 'header'; readonly instruments: Scenario['instruments'] }
  | { readonly kind: 'rows'; readonly rows: RowColumns }
  | { readonly kind: 'error'; readonly error: FlowError }
  | { readonly kind: 'end' };

/** An input error as its parts; anything else (a bug) as its message and code. */
type FlowError =
  | {
      readonly file: string;
      readonly line: number;
      readonly column: number;
      readonly reason: string;
    }
  | { readonly path: string; readonly reason: string }
  | { readonly message: string; readonly code?: unknown; readonly path?: unknown };

/** [0]: records written; [1]: bytes written, from DATA. */
const CONTROL_WORDS = 2;
const DATA = 8;
/** The most a growable SharedArrayBuffer can reach (4 GiB). */
const MAX_BYTES = 2 ** 32;

// ES2024's growable SharedArrayBuffer and Atomics.waitAsync: Node 20 has them, the lib is ES2022.
type GrowableBuffer = SharedArrayBuffer & { grow(length: number): void };
const GrowableBuffer = SharedArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => GrowableBuffer;
const { waitAsync } = Atomics as unknown as {
  waitAsync(array: Int32Array, index: number, value: number): { value: unknown };
};

export interface SharedFlowWriter {
  readonly buffer: SharedArrayBuffer;
  /** Stops parsing (the sweep ended before the flow did). */
  close(): void;
}

/** Starts parsing the CSV file at `path` into a shared buffer; errors end up in the buffer. */
export function shareCsvFlow(path: string): SharedFlowWriter {
  const buffer = new GrowableBuffer(DATA, { maxByteLength: MAX_BYTES });
  const control = new Int32Array(buffer, 0, CONTROL_WORDS);
  let closed = false;
  let stop = () => {};
  const write = (record: FlowRecord) => {
    const bytes = serialize(record);
    const at = DATA + Atomics.load(control, 1);
    const end = at + 4 + bytes.length;
    // The last 4 KiB are kept for the error record.
    if (end > MAX_BYTES - (record.kind === 'error' ? 0 : 4096))
      throw new FileError(
        path,
        'over 4 GiB parsed, too large to share between the workers; convert it to Arrow (simex convert)',
      );
    if (end > buffer.byteLength)
      buffer.grow(Math.min(MAX_BYTES, Math.max(end, buffer.byteLength * 2)));
    new DataView(buffer).setUint32(at, bytes.length, true);
    new Uint8Array(buffer, at + 4, bytes.length).set(bytes);
    Atomics.store(control, 1, end - DATA);
    Atomics.add(control, 0, 1);
    Atomics.notify(control, 0);
  };
  const parse = async () => {
    try {
      const scenario = await openScenarioFile(path);
      stop = scenario.close;
      if (closed) return scenario.close();
      write({ kind: 'header', instruments: scenario.instruments });
      const names = new NameCodes();
      for await (const rows of scenario.batches) {
        if (closed) return;
        write({ kind: 'rows', rows: toColumns(rows, names) });
      }
      write({ kind: 'end' });
    } catch (error) {
      write({ kind: 'error', error: flowError(error) });
    }
  };
  void parse();
  return {
    buffer,
    close: () => {
      closed = true;
      stop();
    },
  };
}

function flowError(error: unknown): FlowError {
  if (error instanceof ScenarioSyntaxError) {
    const { file, line, column, reason } = error;
    return { file, line, column, reason };
  }
  if (error instanceof FileError) return { path: error.path, reason: error.reason };
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, path } = error as NodeJS.ErrnoException;
  return { message: error.message, code, path };
}

function thrown(error: FlowError): Error {
  if ('line' in error)
    return new ScenarioSyntaxError(error.file, error.line, error.column, error.reason);
  if ('reason' in error) return new FileError(error.path, error.reason);
  const { message, ...details } = error;
  return Object.assign(new Error(message), details);
}

export interface SharedFlow {
  readonly instruments: Scenario['instruments'];
  /** The rows in file order, a chunk at a time, as they are written; iterate once. */
  readonly batches: AsyncIterable<readonly ParsedScenarioRow[]>;
}

/** A worker's side: resolves once the header is read (or throws the flow's error). */
export async function readSharedFlow(buffer: SharedArrayBuffer): Promise<SharedFlow> {
  const records = readRecords(buffer);
  const first = (await records.next()).value!;
  if (first.kind === 'error') throw thrown(first.error);
  if (first.kind !== 'header') throw new Error('a shared flow starts with its header');
  async function* batches(): AsyncGenerator<readonly ParsedScenarioRow[]> {
    const names: string[] = [];
    for await (const record of records) {
      if (record.kind === 'end') return;
      if (record.kind === 'error') throw thrown(record.error);
      if (record.kind === 'rows') yield fromColumns(record.rows, names);
    }
  }
  return { instruments: first.instruments, batches: batches() };
}

async function* readRecords(buffer: SharedArrayBuffer): AsyncGenerator<FlowRecord> {
  const control = new Int32Array(buffer, 0, CONTROL_WORDS);
  for (let read = 0, at = DATA; ; read++) {
    while (Atomics.load(control, 0) === read) await waitAsync(control, 0, read).value;
    const length = new DataView(buffer).getUint32(at, true);
    yield deserialize(Buffer.from(buffer, at + 4, length)) as FlowRecord;
    at += 4 + length;
  }
}
