/** A strategy hook that threw (or misbehaved): one line naming the hook, the time and the place. */
import { StrategyExitError } from './hook-guard.js';
import { firstLines, whereThrown } from './strategy-loader.js';
import type { HOOK_NAMES } from './strategy.js';
import { ParamError } from './strategy-params.js';

export type HookName = (typeof HOOK_NAMES)[number];

export class StrategyRuntimeError extends Error {
  constructor(
    message: string,
    /** The hook read a --param it cannot use: bad input rather than a failed run. */
    readonly badParam: boolean,
  ) {
    super(message);
  }
}

export function hookFailure(hook: HookName, time: string, error: unknown): StrategyRuntimeError {
  const reason =
    typeof error === 'string'
      ? error
      : error instanceof StrategyExitError
        ? error.message
        : `threw ${firstLines(error)}`;
  return new StrategyRuntimeError(
    `${hook} at ${time} ${reason}${whereThrown(error)}`,
    error instanceof ParamError,
  );
}
