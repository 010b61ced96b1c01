/**
 * A CSV flow parsed once, by the main thread, into shared memory that every worker reads, as it
 * fills: a growable SharedArrayBuffer of records, each a v8-serialized message (the header, a
 * chunk's rows as RowColumns, the error that ended the flow, or its end), counted in the buffer's
 * first word once written. A worker waits on that count (Atomics.waitAsync) for the next record, so
 * its first combination runs while the flow is still being parsed; the rows it rebuilds are those
 * the parse gave, in file order, then its error if it has one: the same whatever the timing.
 * This module is the format and the workers' side; share-csv-flow.ts writes it.
 */
import { deserialize } from 'node:v8';
import type { ParsedScenarioRow } from '../../../flow/index.js';
import type { Scenario } from '../../../flow/csv/index.js';
import { fromColumns, type RowColumns } from '../../../flow/csv/row-columns.js';
import { ScenarioSyntaxError } from '../../../flow/scenario-error.js';
import { FileError } from '../../../file-errors.js';

export type FlowRecord =
  | { readonly kind: 'header'; readonly instruments: Scenario['instruments'] }
  | { readonly kind: 'rows'; readonly rows: RowColumns }
  | { readonly kind: 'error'; readonly error: FlowError }
  | { readonly kind: 'end' };

/** An input error as its parts; anything else (a bug) as its message and code. */
export type FlowError =
  | {
      readonly file: string;
      readonly line: number;
      readonly column: number;
      readonly reason: string;
    }
  | { readonly path: string; readonly reason: string }
  | { readonly message: string; readonly code?: unknown; readonly path?: unknown };

/** [0]: records written; [1]: bytes written, from DATA. */
export const CONTROL_WORDS = 2;
export const DATA = 8;
/** The most a growable SharedArrayBuffer can reach (4 GiB). */
export const MAX_BYTES = 2 ** 32;

// ES2024's growable SharedArrayBuffer and Atomics.waitAsync: Node 20 has them, the lib is ES2022.
export type GrowableBuffer = SharedArrayBuffer & { grow(length: number): void };
export const GrowableBuffer = SharedArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => GrowableBuffer;
const { waitAsync } = Atomics as unknown as {
  waitAsync: (array: Int32Array, index: number, value: number) => { value: unknown };
};

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
  const first = (await records.next()).value;
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

async function* readRecords(buffer: SharedArrayBuffer): AsyncGenerator<FlowRecord, never> {
  const control = new Int32Array(buffer, 0, CONTROL_WORDS);
  for (let read = 0, at = DATA; ; read++) {
    while (Atomics.load(control, 0) === read) await waitAsync(control, 0, read).value;
    const length = new DataView(buffer).getUint32(at, true);
    yield deserialize(Buffer.from(buffer, at + 4, length)) as FlowRecord;
    at += 4 + length;
  }
}
