/**
 * `simex backtest` run in a worker thread, so that a strategy cannot take the process down with
 * it: the worker's heap is limited to --max-memory, a call into the strategy running longer than
 * --hook-timeout terminates the worker (watched from this thread, call-watch.ts), and process.exit
 * fails the hook that called it (hook-guard.ts). A run ended so is a failed run (exit 1) with one
 * line naming why; its partial outputs are removed.
 */
import { CallWatch, watchCalls } from '../../call-watch.js';
import { EXIT_CODES } from '../../exit-codes.js';
import { removeOnInterrupt } from '../../interrupt-cleanup.js';
import { OutputDirectory } from '../../output/output-files.js';
import { startWorker } from '../../start-worker.js';
import type { BacktestArguments, BacktestOptions } from './backtest-options.js';
import type { BacktestWorkerData, BacktestWorkerMessage } from './backtest-worker.js';
import { memoryReason, overrunReason } from './hook-guard.js';
import type { BacktestIo } from './run-backtest.js';

export function runGuardedBacktest(
  args: BacktestArguments,
  options: BacktestOptions,
  io: BacktestIo,
): Promise<number> {
  const { limits } = options;
  const watch = CallWatch.create();
  const data: BacktestWorkerData = {
    args,
    watch: watch.buffer,
    stderrIsTTY: 'isTTY' in io.stderr && io.stderr.isTTY === true,
  };
  const worker = startWorker(import.meta.url, 'backtest-worker', {
    workerData: data,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
  });
  const { out } = options;
  // The worker's outputs: signals reach this thread only.
  const forget = removeOnInterrupt(() => {
    if (out !== null) OutputDirectory.discardPartials(out, process.pid);
  });
  let exitCode: number | null = null;
  let ended: string | null = null;
  let failure: NodeJS.ErrnoException | null = null;
  const watchdog = watchCalls(watch, limits.hookTimeoutMs, (call) => {
    ended = overrunReason(call, limits.hookTimeout);
    void worker.terminate();
  });
  worker.on('message', (message: BacktestWorkerMessage) => {
    if ('stdout' in message) io.stdout.write(message.stdout);
    else if ('stderr' in message) io.stderr.write(message.stderr);
    else exitCode = message.exitCode;
  });
  worker.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') ended = memoryReason(limits.maxMemoryMb);
    else failure = error;
  });
  return new Promise((resolve, reject) => {
    worker.on('exit', (code) => {
      watchdog.stop();
      forget();
      if (exitCode !== null) return resolve(exitCode);
      if (options.out !== null) OutputDirectory.discardPartials(options.out, process.pid);
      if (failure !== null) return reject(failure);
      // Nothing in the worker but the strategy calls process.exit (outside a hook, or it would throw).
      ended ??= `process.exit(${code}) was called outside a hook; a strategy must not end the process`;
      io.stderr.write(`${options.strategyFile}: ${ended}; nothing written\n`);
      resolve(EXIT_CODES.run_failed);
    });
  });
}
