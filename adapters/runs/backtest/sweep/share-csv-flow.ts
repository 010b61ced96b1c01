/**
 * The main thread's side of a shared flow (shared-flow.ts): parses a CSV file, a chunk at a time,
 * into the shared buffer the workers read. Apart from the reader, so that a worker does not load
 * the CSV parser.
 */
import { serialize } from 'node:v8';
import { ScenarioSyntaxError } from '../../../flow/index.js';
import { openScenarioFile } from '../../../flow/csv/index.js';
import { NameCodes, toColumns } from '../../../flow/csv/row-columns.js';
import { FileError } from '../../../file-errors.js';
import {
  CONTROL_WORDS,
  DATA,
  GrowableBuffer,
  MAX_BYTES,
  type FlowError,
  type FlowRecord,
} from './shared-flow.js';

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
