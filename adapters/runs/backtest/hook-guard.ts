/**
 * The guard on a strategy run in a worker thread (`simex backtest`, each worker of a sweep): this
 * thread's CallWatch, which the hook dispatcher and the strategy loader mark every call into the
 * strategy with (its module's loading included), so that the main thread can end a call that runs longer than --hook-timeout; and
 * process.exit turned into an error, so that a strategy cannot end the run without a result.
 */
import type { CallWatch, RunningCall } from '../../call-watch.js';
import { formatScenarioTime } from '../../flow/scenario-time.js';
import { HOOK_NAMES } from './strategy.js';

/** What a watched call is: a hook, the strategy's constructor, or the loading of its module. */
export const WATCHED_CALLS = [...HOOK_NAMES, 'constructor', 'module'] as const;
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

/**
 * Loads the strategy's module (`load` settles when its top-level code has run) marked on this
 * thread's watch: a module that never finishes loading is ended like a hook that never returns.
 */
export async function watchedLoad<T>(load: () => Promise<T>): Promise<T> {
  const watch = threadWatch;
  if (watch === null) return load();
  watch.enter(CALL_KIND.module, NaN);
  try {
    return await load();
  } finally {
    watch.leave();
  }
}

/** Whether `call` is the loading of the module: it would end every run of the strategy alike. */
export function isModuleLoad(call: RunningCall): boolean {
  return call.kind === CALL_KIND.module;
}

/** Why a run was ended: its call `call` ran longer than `limit` (as given, e.g. `10s`). */
export function overrunReason(call: RunningCall, limit: string): string {
  const name = WATCHED_CALLS[call.kind]!;
  const what =
    name === 'constructor'
      ? "the strategy's constructor"
      : name === 'module'
        ? 'loading the module'
        : `${name} at ${formatScenarioTime(call.time)}`;
  return `${what} ran longer than ${limit} (--hook-timeout ${limit})`;
}

/** Why a run was ended: it passed its memory limit. */
export function memoryReason(megabytes: number): string {
  return `the run used more than ${megabytes} MB of memory (--max-memory ${megabytes})`;
}

/** Why a run was ended: its worker exited with `code` outside a watched call (process.exit). */
export function exitReason(code: number): string {
  return `process.exit(${code}) was called outside a hook; a strategy must not end the process`;
}

/** process.exit called by the strategy, in a guarded run. */
export class StrategyExitError extends Error {
  constructor(code: number | string | null | undefined) {
    super(`called process.exit(${code ?? ''}); a strategy must not end the process`);
  }
}

/**
 * In a worker thread: process.exit called during a hook or the constructor throws
 * StrategyExitError, which fails the call. Elsewhere (the module's loading included) it is Node's
 * (which calls it itself, on an uncaught error): it ends the worker, which the main thread reports.
 */
export function forbidProcessExit(): void {
  const exit = process.exit.bind(process);
  process.exit = (code?: number | string | null) => {
    const call = threadWatch?.running() ?? null;
    if (call !== null && !isModuleLoad(call)) throw new StrategyExitError(code);
    return exit(code);
  };
}
