/**
 * The strategy module checked (imported, its export's hooks checked) in a worker thread under the
 * run's guard, as `simex sweep` checks it while its workers start: the main thread never runs the
 * strategy's code, so a module whose loading never ends is refused with the guard's reason after
 * --hook-timeout instead of hanging the command.
 */
import type { RunLimits } from './backtest-options.js';
import { runGuardedWorker } from './guarded-worker.js';
import { exitReason } from './hook-guard.js';
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
  let answer: StrategyCheckMessage | null = null;
  const data = (watch: SharedArrayBuffer): StrategyCheckData => ({ file, compiled, watch });
  const running = runGuardedWorker(
    'strategy-check-worker',
    data,
    limits,
    (message: StrategyCheckMessage) => (answer = message),
  );
  return running.then(({ ended, failure, code }) => {
    if (ended !== null) return { message: `${file}: ${ended}`, runFailed: true };
    if (failure !== null) throw failure;
    if (answer !== null) {
      const { refused } = answer;
      return refused === null ? null : { message: refused, runFailed: false };
    }
    // Nothing in the worker but the strategy calls process.exit (outside a watched call).
    return { message: `${file}: ${exitReason(code)}`, runFailed: true };
  });
}
