/**
 * Runs combinations in a pool of worker threads (tinypool). A worker is a module that starts
 * loading from its workerData (the job's setup) at once, and whose default export takes a
 * SweepTask and answers a combination's result, or `fatal` when nothing can run (a bad flow): then
 * no more combinations are started. The pool starts before the job's `late` setup is ready (a
 * strategy being compiled); every task carries it. The results come back in any order; the caller
 * ranks them.
 */
import Tinypool from 'tinypool';
import { combinationAt, type GridAxis } from './grid.js';
import type { CombinationResult } from './ranking.js';
import type { SweepProgress } from './sweep-progress.js';

export interface SweepTask {
  readonly combination: number;
  readonly params: Readonly<Record<string, string>>;
  /** The job's `late` setup. */
  readonly late: unknown;
}

export type SweepTaskResult = CombinationResult | { readonly fatal: string };

export interface PoolJob {
  /** The worker module: a path or a file: or data: URL. */
  readonly file: string;
  /** What every worker loads once, as soon as it starts (its `Tinypool.workerData`). */
  readonly setup: unknown;
  /** What the workers need that is ready only after they started; sent with every task. */
  readonly late: Promise<unknown>;
  /** Awaited before any result counts: a reason to stop the whole sweep, or null. */
  readonly ready: Promise<string | null>;
  readonly axes: readonly GridAxis[];
  readonly run: readonly number[];
  readonly workers: number;
  readonly progress: SweepProgress | null;
  /** A reason to stop the whole sweep after this result (a --rank that names no metric). */
  readonly check: (result: CombinationResult) => string | null;
}

export async function runCombinations(
  job: PoolJob,
): Promise<CombinationResult[] | { readonly fatal: string }> {
  if (job.run.length === 0) {
    const refused = await job.ready;
    return refused === null ? [] : { fatal: refused };
  }
  const pool = new Tinypool({
    filename: job.file,
    minThreads: job.workers,
    maxThreads: job.workers,
    workerData: job.setup,
    // An idle worker then waits on its event loop, not in Atomics.wait: it is loading meanwhile.
    useAtomics: false,
  });
  const results: CombinationResult[] = [];
  let fatal: string | null = null;
  let next = 0;
  // Two tasks per worker in flight: a worker never waits for the main thread to hand it one.
  const lane = async () => {
    const late = await job.late;
    while (fatal === null && next < job.run.length) {
      const combination = job.run[next++]!;
      const task: SweepTask = { combination, params: combinationAt(job.axes, combination), late };
      const result = (await pool.run(task)) as SweepTaskResult;
      if ('fatal' in result) fatal ??= result.fatal;
      else {
        fatal ??= job.check(result);
        results.push(result);
        job.progress?.tick();
      }
    }
  };
  try {
    const [refused] = await Promise.all([
      job.ready,
      ...Array.from({ length: job.workers * 2 }, lane),
    ]);
    fatal = refused ?? fatal;
  } finally {
    await pool.destroy();
  }
  return fatal === null ? results : { fatal };
}
