/**
 * Runs combinations in a pool of worker threads (tinypool). A worker is a module that starts
 * loading from its workerData (the job's setup) at once, and whose default export takes a
 * SweepTask and answers a combination's result, or `fatal` when nothing can run (a bad flow): then
 * no more combinations are started. The pool starts before the job's `late` setup is ready (a
 * strategy being compiled); every task carries it. The results come back in any order; the caller
 * ranks them.
 *
 * Each worker's heap is limited (`guard.memoryMb`), and each task brings its own CallWatch, which
 * the worker marks its calls into foreign code with: a call running longer than `guard.callLimitMs`
 * ends the worker (tinypool replaces it). A combination whose worker was ended so, or ran out of
 * memory, is a result with its error, as any failed combination.
 */
import Tinypool from 'tinypool';
import { CallWatch, watchCalls, type RunningCall } from '../../../call-watch.js';
import { workerExecArgv } from '../../../start-worker.js';
import { combinationAt, type GridAxis } from './grid.js';
import type { CombinationResult } from './ranking.js';
import type { SweepProgress } from './sweep-progress.js';

export interface SweepTask {
  readonly combination: number;
  readonly params: Readonly<Record<string, string>>;
  /** The job's `late` setup. */
  readonly late: unknown;
  /** The task's CallWatch (its buffer): the worker marks the calls the guard limits. */
  readonly watch: SharedArrayBuffer;
}

/** The limits on a combination's worker; a combination past one fails with the reason given. */
export interface PoolGuard {
  readonly callLimitMs: number;
  readonly memoryMb: number;
  /** The error of a combination whose call ran past callLimitMs. */
  readonly overrun: (call: RunningCall) => string;
  /** The error of a combination whose worker ran out of memory. */
  readonly outOfMemory: string;
}

export type SweepTaskResult = CombinationResult | { readonly fatal: string };

export interface PoolJob {
  /** The worker module: a path or a file: or data: URL. */
  readonly file: string;
  /** What every worker loads once, as soon as it starts (its `Tinypool.workerData`). */
  readonly setup: unknown;
  /** What the workers need that is ready only after they started; sent with every task. */
  readonly late: Promise<unknown>;
  /** Awaited before any combination starts: a reason to stop the whole sweep, or null. */
  readonly ready: Promise<string | null>;
  readonly axes: readonly GridAxis[];
  readonly run: readonly number[];
  readonly workers: number;
  readonly progress: SweepProgress | null;
  /** A reason to stop the whole sweep after this result (a --rank that names no metric). */
  readonly check: (result: CombinationResult) => string | null;
  readonly guard: PoolGuard;
}

export async function runCombinations(
  job: PoolJob,
): Promise<CombinationResult[] | { readonly fatal: string }> {
  if (job.run.length === 0) {
    const refused = await job.ready;
    return refused === null ? [] : { fatal: refused };
  }
  const execArgv = workerExecArgv(process.execArgv);
  const pool = new Tinypool({
    ...(execArgv === undefined ? {} : { execArgv }),
    filename: job.file,
    minThreads: job.workers,
    maxThreads: job.workers,
    workerData: job.setup,
    // An idle worker then waits on its event loop, not in Atomics.wait: it is loading meanwhile.
    useAtomics: false,
    resourceLimits: { maxOldGenerationSizeMb: job.guard.memoryMb },
  });
  const results: CombinationResult[] = [];
  let fatal: string | null = null;
  let next = 0;
  // Two tasks per worker asked for: when a worker ends one, tinypool hands it the next at once (a
  // task with a signal waits in tinypool's queue, not in a busy worker).
  const lane = async () => {
    const late = await job.late;
    // A module the check refused runs in no combination (one whose loading never ends would hold
    // every worker for --hook-timeout each).
    if ((await job.ready) !== null) return;
    while (fatal === null && next < job.run.length) {
      const combination = job.run[next++]!;
      const params = combinationAt(job.axes, combination);
      const result = await guardedRun(pool, { combination, params, late }, job.guard);
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

/** Runs one task under the guard: its result, or the guard's reason as the combination's error. */
async function guardedRun(
  pool: Tinypool,
  task: Omit<SweepTask, 'watch'>,
  guard: PoolGuard,
): Promise<SweepTaskResult> {
  const watch = CallWatch.create();
  const abort = new AbortController();
  let overrun: string | null = null;
  const watchdog = watchCalls(watch, guard.callLimitMs, (call) => {
    overrun = guard.overrun(call);
    abort.abort();
  });
  try {
    return (await pool.run(
      { ...task, watch: watch.buffer },
      { signal: abort.signal },
    )) as SweepTaskResult;
  } catch (error) {
    const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    const reason = overrun ?? (outOfMemory ? guard.outOfMemory : null);
    if (reason === null) throw error;
    const { combination, params } = task;
    return { combination, params, metrics: null, outOfSample: null, error: reason };
  } finally {
    watchdog.stop();
  }
}
