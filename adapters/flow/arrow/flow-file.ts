/**
 * Opens a flow file, Arrow or CSV, told apart by its first bytes (Arrow's `ARROW1`), not its name.
 * apache-arrow is loaded only when a file is an Arrow flow: it takes a third of a second.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
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
 * The file for a run that takes plain rows as numbers (feedFlow): an Arrow flow of simex's
 * column kinds (readsAsCodes) as its record batches, any other file as a Scenario.
 */
export async function openFlowSource(path: string): Promise<Scenario | ArrowBatches> {
  if (!isArrowFile(path)) return openScenarioFile(path, { parallel: true });
  const [{ arrowScenario, openArrowBatches }, { readsAsCodes }] = await Promise.all([
    import('./flow-reader.js'),
    import('./flow-codes.js'),
  ]);
  const flow = await openArrowBatches(path, { parallel: true });
  return readsAsCodes(flow.schema) ? flow : arrowScenario(flow);
}
