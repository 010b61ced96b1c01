/**
 * The strategy module checked (imported, its export's hooks checked) in a worker thread under the
 * run's guard, as `simex sweep` checks it while its workers start: the main thread never runs the
 * strategy's code, so a module whose loading never ends is refused with the guard's reason after
 * --hook-timeout instead of hanging the command.
 */
import { CallWatch, watchCalls } from '../../call-watch.js';
import { startWorker } from '../../start-worker.js';
import type { RunLimits } from './backtest-options.js';
import { memoryReason, overrunReason } from './hook-guard.js';
import type { StrategyCheckData, StrategyCheckMessage } from './strategy-check-worker.js';

/** Why the module is refused: `runFailed` when the guard ended its loading (exit 1, else 2). */
export interface CheckRefusal {
  readonly message: string;
  readonly runFailed: boolean;
}

/** Null when the module loads and its default export is a strategy. */
export function checkStrategyGuarded(
  file: string,
  compiled: string | null,
  limits: RunLimits,
): Promise<CheckRefusal | null> {
  const watch = CallWatch.create();
  const data: StrategyCheckData = { file, compiled, watch: watch.buffer };
  const worker = startWorker(import.meta.url, 'strategy-check-worker', {
    workerData: data,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
  });
  let answer: StrategyCheckMessage | null = null;
  let ended: string | null = null;
  let failure: Error | null = null;
  const watchdog = watchCalls(watch, limits.hookTimeoutMs, (call) => {
    ended = overrunReason(call, limits.hookTimeout);
    void worker.terminate();
  });
  worker.on('message', (message: StrategyCheckMessage) => (answer = message));
  worker.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') ended = memoryReason(limits.maxMemoryMb);
    else failure = error;
  });
  return new Promise((resolve, reject) => {
    worker.on('exit', (code) => {
      watchdog.stop();
      if (ended !== null) return resolve({ message: `${file}: ${ended}`, runFailed: true });
      if (failure !== null) return reject(failure);
      if (answer !== null) {
        const { refused } = answer;
        return resolve(refused === null ? null : { message: refused, runFailed: false });
      }
      // Nothing in the worker but the strategy calls process.exit (outside a watched call).
      const message = `${file}: process.exit(${code}) was called outside a hook; a strategy must not end the process`;
      resolve({ message, runFailed: true });
    });
  });
}
