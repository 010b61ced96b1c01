/**
 * Opens a flow file, Arrow or CSV, told apart by its first bytes (Arrow's `ARROW1`), not its name.
 * apache-arrow is loaded only when a file is an Arrow flow: it takes a third of a second.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { openScenarioFile, type Scenario } from '../csv/index.js';
import type { ArrowBatches } from './flow-reader.js';

/** The first bytes of an Arrow IPC file. */
export const ARROW_MAGIC = 'ARROW1';

/** False for a pipe: an Arrow file is read from its end, so only a regular file can hold one. */
export function isArrowFile(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    if (!fstatSync(fd).isFile()) return false;
    const head = Buffer.alloc(ARROW_MAGIC.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.toString('latin1') === ARROW_MAGIC;
  } finally {
    closeSync(fd);
  }
}

/** The file as a Scenario; a CSV file of at least 1 MiB is parsed in a worker thread. */
export async function openFlowFile(path: string): Promise<Scenario> {
  if (!isArrowFile(path)) return openScenarioFile(path, { parallel: true });
  const { openArrowFlow } = await import('./flow-reader.js');
  return openArrowFlow(path);
}

/**
 * Arrow flows at least this large have their plain rows decoded on a worker thread too
 * (`decodeWorker`). The worker's start costs the venue's thread as much as it saves on about a
 * million rows (some 48 MB as simex writes them): smaller flows are decoded faster without it.
 */
export const DECODE_WORKER_MIN_BYTES = 32 * 1024 * 1024;

/**
 * The file for a run that takes plain rows as numbers (feedFlow): an Arrow flow of simex's
 * column kinds (readsAsCodes) as its record batches, any other file as a Scenario. An Arrow
 * flow's plain rows are decoded on a worker thread too with `decodeWorker`, by default when it
 * has DECODE_WORKER_MIN_BYTES or more.
 */
export async function openFlowSource(
  path: string,
  options: { readonly decodeWorker?: boolean } = {},
): Promise<Scenario | ArrowBatches> {
  if (!isArrowFile(path)) return openScenarioFile(path, { parallel: true });
  const [{ arrowScenario, openArrowBatches }, { readsAsCodes }] = await Promise.all([
    import('./flow-reader.js'),
    import('./flow-codes.js'),
  ]);
  const decodeWorker = options.decodeWorker ?? statSync(path).size >= DECODE_WORKER_MIN_BYTES;
  const flow = await openArrowBatches(path, { decodeWorker });
  return readsAsCodes(flow.schema) ? flow : arrowScenario(flow);
}
