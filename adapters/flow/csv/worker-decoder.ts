/**
 * The main thread's side of the parsing worker (scenario-worker.ts): starts it on a file and
 * gives its decoded chunks in order, counting each one as used once the consumer asks for the next.
 * The worker does not keep the process alive unless a chunk is being waited for.
 */
import { startWorker } from '../../start-worker.js';
import { ScenarioSyntaxError } from '../scenario-error.js';
import type { DecodedChunk, ScenarioHeader } from './scenario-decoder.js';
import type { DecodedSource } from './scenario-reader.js';
import { fromColumns, type RowColumns } from './row-columns.js';

export type WorkerMessage =
  | {
      readonly kind: 'chunk';
      readonly rows: RowColumns;
      readonly error: { line: number; column: number; reason: string } | null;
      /** Sent once, with the chunk that completed the header. */
      readonly header: ScenarioHeader | null;
      /** Bytes of the file read so far. */
      readonly bytes: number;
      readonly last: boolean;
    }
  | { readonly kind: 'failure'; readonly message: string; readonly code?: string };

export interface WorkerInput {
  readonly path: string;
  /** [0]: chunks the main thread has used, counted up by it and waited on by the worker. */
  readonly consumed: Int32Array;
}

export function decodeInWorker(path: string): DecodedSource {
  const consumed = new Int32Array(new SharedArrayBuffer(4));
  const workerData: WorkerInput = { path, consumed };
  const worker = startWorker(import.meta.url, 'scenario-worker', { workerData });
  worker.unref();
  const inbox: WorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const receive = (message: WorkerMessage) => {
    ended ||= message.kind === 'failure' || message.last;
    inbox.push(message);
    wake?.();
  };
  worker.on('message', receive);
  worker.on('error', (error) => receive({ kind: 'failure', message: error.message }));
  worker.on('exit', (code) => {
    if (!ended) receive({ kind: 'failure', message: `the parsing worker exited (${code})` });
  });
  let header: ScenarioHeader | null = null;
  let bytes = 0;
  const names: string[] = [];
  async function* chunks(): AsyncGenerator<DecodedChunk, undefined> {
    for (;;) {
      while (inbox.length === 0) {
        worker.ref();
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        worker.unref();
      }
      const message = inbox.shift()!;
      if (message.kind === 'failure')
        throw Object.assign(
          new Error(message.message),
          message.code === undefined ? {} : { code: message.code },
        );
      header ??= message.header;
      bytes = message.bytes;
      const { error } = message;
      yield {
        rows: fromColumns(message.rows, names),
        error:
          error === null
            ? null
            : new ScenarioSyntaxError(path, error.line, error.column, error.reason),
      };
      if (message.last) return undefined;
      Atomics.add(consumed, 0, 1);
      Atomics.notify(consumed, 0);
    }
  }
  return {
    chunks: chunks(),
    header: () => header,
    bytesRead: () => bytes,
    close: () => void worker.terminate(),
  };
}
