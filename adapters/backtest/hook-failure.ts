/** A strategy hook that threw (or misbehaved): one line naming the hook, the time and the place. */
import { firstLines } from './strategy-loader.js';
import type { HOOK_NAMES } from './strategy.js';

export type HookName = (typeof HOOK_NAMES)[number];

export class StrategyRuntimeError extends Error {}

export function hookFailure(hook: HookName, time: string, error: unknown): StrategyRuntimeError {
  const reason = typeof error === 'string' ? error : `threw ${firstLines(error)}`;
  return new StrategyRuntimeError(`${hook} at ${time} ${reason}${whereThrown(error)}`);
}

/** The top frame of the error's stack, when it has one: ` (at file:line:column)` or ` (in file)`. */
function whereThrown(error: unknown): string {
  if (!(error instanceof Error) || error.stack === undefined) return '';
  const frame = error.stack.split('\n').find((line) => line.trimStart().startsWith('at '));
  if (frame === undefined) return '';
  // tsx names a CommonJS-compiled module by a query string; its line numbers are not the source's.
  const compiled = /[?&]filePath=([^?&]+)/.exec(frame);
  if (compiled !== null) return ` (in ${decodeURIComponent(compiled[1]!)})`;
  const location = /\(?((?:file:\/\/)?[^()\s]+:\d+:\d+)\)?$/.exec(frame.trim());
  return location === null ? '' : ` (at ${location[1]})`;
}
