/**
 * The guard on a strategy run in a worker thread (`simex backtest`, each worker of a sweep): this
 * thread's CallWatch, which the hook dispatcher and the strategy loader mark every call into the
 * strategy with, so that the main thread can end a call that runs longer than --hook-timeout; and
 * process.exit turned into an error, so that a strategy cannot end the run without a result.
 */
import type { CallWatch, RunningCall } from '../call-watch.js';
import { formatScenarioTime } from '../csv/scenario-time.js';
import { HOOK_NAMES } from './strategy.js';

/** What a watched call is: a hook, or the strategy's constructor. */
export const WATCHED_CALLS = [...HOOK_NAMES, 'constructor'] as const;
export type WatchedCall = (typeof WATCHED_CALLS)[number];

/** Each watched call's kind, for CallWatch.enter. */
export const CALL_KIND = Object.fromEntries(WATCHED_CALLS.map((name, index) => [name, index])) as {
  readonly [name in WatchedCall]: number;
};

let threadWatch: CallWatch | null = null;

/** The watch of the runs started from now on in this thread; null: none (runs in the caller's thread). */
export function watchStrategyCalls(watch: CallWatch | null): void {
  threadWatch = watch;
}

export function strategyCallWatch(): CallWatch | null {
  return threadWatch;
}

/** Runs `call` marked on this thread's watch as `name` at scenario time `time` (NaN: none). */
export function watched<T>(name: WatchedCall, time: number, call: () => T): T {
  const watch = threadWatch;
  if (watch === null) return call();
  watch.enter(CALL_KIND[name], time);
  try {
    return call();
  } finally {
    watch.leave();
  }
}

/** Why a run was ended: its call `call` ran longer than `limit` (as given, e.g. `10s`). */
export function overrunReason(call: RunningCall, limit: string): string {
  const name = WATCHED_CALLS[call.kind]!;
  const what =
    name === 'constructor'
      ? "the strategy's constructor"
      : `${name} at ${formatScenarioTime(call.time)}`;
  return `${what} ran longer than ${limit} (--hook-timeout ${limit})`;
}

/** Why a run was ended: it passed its memory limit. */
export function memoryReason(megabytes: number): string {
  return `the run used more than ${megabytes} MB of memory (--max-memory ${megabytes})`;
}

/** process.exit called by the strategy, in a guarded run. */
export class StrategyExitError extends Error {
  constructor(code: number | string | null | undefined) {
    super(`called process.exit(${code ?? ''}); a strategy must not end the process`);
  }
}

/**
 * In a worker thread: process.exit called during a watched call throws StrategyExitError, which
 * fails the hook that called it. Elsewhere it is Node's (which calls it itself, on an uncaught
 * error): it ends the worker, which the main thread reports.
 */
export function forbidProcessExit(): void {
  const exit = process.exit.bind(process);
  process.exit = (code?: number | string | null) => {
    if (threadWatch?.running() != null) throw new StrategyExitError(code);
    return exit(code);
  };
}
