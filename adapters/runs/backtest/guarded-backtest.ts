/**
 * `simex backtest` run in a worker thread, so that a strategy cannot take the process down with
 * it: the worker's heap is limited to --max-memory, a call into the strategy running longer than
 * --hook-timeout terminates the worker (watched from this thread, call-watch.ts), and process.exit
 * fails the hook that called it (hook-guard.ts). A run ended so is a failed run (exit 1) with one
 * line naming why; its partial outputs are removed.
 */
import { EXIT_CODES } from '../../exit-codes.js';
import { removeOnInterrupt } from '../../interrupt-cleanup.js';
import { OutputDirectory } from '../../output/output-files.js';
import type { BacktestArguments, BacktestOptions } from './backtest-options.js';
import type { BacktestWorkerData, BacktestWorkerMessage } from './backtest-worker.js';
import { runGuardedWorker } from './guarded-worker.js';
import { exitReason } from './hook-guard.js';
import type { BacktestIo } from './run-backtest.js';

export function runGuardedBacktest(
  args: BacktestArguments,
  options: BacktestOptions,
  io: BacktestIo,
): Promise<number> {
  const data = (watch: SharedArrayBuffer): BacktestWorkerData => ({
    args,
    watch,
    stderrIsTTY: 'isTTY' in io.stderr && io.stderr.isTTY === true,
  });
  const { out } = options;
  // The worker's outputs: signals reach this thread only.
  const forget = removeOnInterrupt(() => {
    if (out !== null) OutputDirectory.discardPartials(out, process.pid);
  });
  let exitCode: number | null = null;
  const running = runGuardedWorker(
    'backtest-worker',
    data,
    options.limits,
    (message: BacktestWorkerMessage) => {
      if ('stdout' in message) io.stdout.write(message.stdout);
      else if ('stderr' in message) io.stderr.write(message.stderr);
      else exitCode = message.exitCode;
    },
  );
  return running.then(({ ended, failure, code }) => {
    forget();
    if (exitCode !== null) return exitCode;
    if (out !== null) OutputDirectory.discardPartials(out, process.pid);
    if (failure !== null) throw failure;
    // Nothing in the worker but the strategy calls process.exit (outside a hook, or it would throw).
    const reason = ended ?? exitReason(code);
    io.stderr.write(`${options.strategyFile}: ${reason}; nothing written\n`);
    return EXIT_CODES.run_failed;
  });
}
