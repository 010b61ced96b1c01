/**
 * A worker thread that runs a strategy's code under the run's guard: its heap is limited to
 * --max-memory, and a call into the strategy running longer than --hook-timeout terminates it
 * (watched from this thread, call-watch.ts). The backtest and the strategy check each read how it
 * ended in their own order.
 */
import { CallWatch, watchCalls } from '../../call-watch.js';
import { startWorker } from '../../start-worker.js';
import type { RunLimits } from './backtest-options.js';
import { memoryReason, overrunReason } from './hook-guard.js';

/** How a guarded worker ended. */
export interface GuardedEnd {
  /** The guard's reason when it ended the worker (past --hook-timeout or --max-memory), else null. */
  readonly ended: string | null;
  /** An error of the worker the guard did not cause, else null. */
  readonly failure: Error | null;
  /** The worker's exit code. */
  readonly code: number;
}

/**
 * Starts the worker module `name` (beside this one) with the data `data` makes from the watch's
 * buffer, passes it each message, and resolves when it has exited.
 */
export function runGuardedWorker<Message>(
  name: string,
  data: (watch: SharedArrayBuffer) => object,
  limits: RunLimits,
  onMessage: (message: Message) => void,
): Promise<GuardedEnd> {
  const watch = CallWatch.create();
  const worker = startWorker(import.meta.url, name, {
    workerData: data(watch.buffer),
    resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
  });
  let ended: string | null = null;
  let failure: Error | null = null;
  const watchdog = watchCalls(watch, limits.hookTimeoutMs, (call) => {
    ended = overrunReason(call, limits.hookTimeout);
    void worker.terminate();
  });
  worker.on('message', onMessage);
  worker.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') ended = memoryReason(limits.maxMemoryMb);
    else failure = error;
  });
  return new Promise((resolve) => {
    worker.on('exit', (code) => {
      watchdog.stop();
      resolve({ ended, failure, code });
    });
  });
}
