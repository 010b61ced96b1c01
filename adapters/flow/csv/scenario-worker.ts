/**
 * The parsing worker of openScenarioFile's `parallel` mode: reads the file, decodes each chunk
 * (csv-parse, then the RowParser) and posts the rows (as RowColumns) to the main thread, at most MAX_IN_FLIGHT
 * chunks ahead of it (the main thread counts the chunks it has used in shared memory; the worker
 * blocks on that count), so memory stays flat. A thread of its own: everything here is synchronous.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { NameCodes, toColumns } from './row-columns.js';
import { ScenarioDecoder, type DecodedChunk } from './scenario-decoder.js';
import type { WorkerInput, WorkerMessage } from './worker-decoder.js';

const MAX_IN_FLIGHT = 16;
const CHUNK_BYTES = 1 << 17;

const port = parentPort!;
const { path, consumed } = workerData as WorkerInput;
const decoder = new ScenarioDecoder(path);
const nameCodes = new NameCodes();
let posted = 0;
let bytes = 0;
let headerSent = false;

/** Posts a decoded chunk; false when it ended the decoding (a malformation). */
function post(chunk: DecodedChunk, last: boolean): boolean {
  const { rows, error } = chunk;
  const columns = toColumns(rows, nameCodes);
  const header = headerSent ? null : decoder.header;
  headerSent ||= header !== null;
  const message: WorkerMessage = {
    kind: 'chunk',
    rows: columns,
    error: error === null ? null : { line: error.line, column: error.column, reason: error.reason },
    header,
    bytes,
    last: last || error !== null,
  };
  port.postMessage(message, [
    columns.numbers.buffer as ArrayBuffer,
    columns.codes.buffer as ArrayBuffer,
    columns.names.buffer as ArrayBuffer,
  ]);
  posted++;
  return error === null;
}

function run(fd: number): void {
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
    if (read === 0) break;
    bytes += read;
    if (!post(decoder.decode(chunk.subarray(0, read)), false)) return;
    for (let used = Atomics.load(consumed, 0); posted - used >= MAX_IN_FLIGHT;) {
      Atomics.wait(consumed, 0, used);
      used = Atomics.load(consumed, 0);
    }
  }
  post(decoder.decode(null), true);
}

try {
  const fd = openSync(path, 'r');
  try {
    run(fd);
  } finally {
    closeSync(fd);
  }
} catch (error) {
  const { message, code } = error as NodeJS.ErrnoException;
  const failure: WorkerMessage = {
    kind: 'failure',
    message,
    ...(code === undefined ? {} : { code }),
  };
  port.postMessage(failure);
}
