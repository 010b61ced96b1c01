/**
 * Loads a strategy module (`.ts` compiled by esbuild, else through tsx; `.js` natively) and
 * checks its default export: an object or a class whose hooks are functions. Every failure is a
 * StrategyLoadError with a one-line message naming the file.
 */
import { statSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { asFileError } from '../../file-errors.js';
import { watched, watchedLoad } from './hook-guard.js';
import { compileStrategy } from './strategy-compiler.js';
import { isEsModule, isTypeScript } from './strategy-module-kind.js';
import { HOOK_NAMES, type Strategy, type StrategyParams } from './strategy.js';

export class StrategyLoadError extends Error {}

const JAVASCRIPT = new Set(['.js', '.mjs', '.cjs']);
const HOOK_LIKE = /^on[A-Z]/;

/**
 * A `.ts` strategy is compiled by esbuild, as a sweep's is (strategy-compiler.ts), rather than run
 * through tsx, whose keepNames wraps every closure the strategy creates in a naming call.
 */
export async function loadStrategy(file: string, params: StrategyParams): Promise<Strategy> {
  const compiled = await compileStrategy(file, 'backtest-strategy');
  try {
    return (await importStrategy(file, compiled?.file))(params);
  } finally {
    compiled?.remove();
  }
}

/** Builds the strategy for one set of params; throws StrategyLoadError. */
export type StrategyFactory = (params: StrategyParams) => Strategy;

/**
 * Imports the module once; the factory constructs a class export for each call (an object export
 * is the same object every time) and checks its hooks. `compiled`: the .ts module already compiled
 * to JavaScript (strategy-compiler.ts), imported instead, with the same messages.
 */
export async function importStrategy(file: string, compiled?: string): Promise<StrategyFactory> {
  const fail = (reason: string): never => {
    throw new StrategyLoadError(`${file}: ${reason}`);
  };
  const extension = extname(file);
  if (!isTypeScript(file) && !JAVASCRIPT.has(extension))
    fail('a strategy must be a .ts or .js module');
  try {
    if (!statSync(file).isFile()) fail('not a file');
  } catch (error) {
    if (error instanceof StrategyLoadError) throw error;
    fail(asFileError(error, file)?.reason ?? `cannot read: ${String(error)}`);
  }
  const path = resolve(file);
  process.setSourceMapsEnabled(true);
  let module: Record<string, unknown>;
  try {
    module = (
      isTypeScript(file) && compiled === undefined
        ? await loadTypeScript(path, fail)
        : await watchedLoad(() => import(pathToFileURL(compiled ?? path).href))
    ) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof StrategyLoadError) throw error;
    return fail(`cannot load: ${firstLines(error)}${whereThrown(error)}`);
  }
  const exported = defaultExport(module);
  if (exported === undefined)
    fail(
      'no default export; export default an object or a class with hooks (onTrade, onTimer, ...)',
    );
  return (params) => {
    let strategy: unknown = exported;
    if (typeof exported === 'function') {
      try {
        const Strategy = exported as new (params: StrategyParams) => unknown;
        strategy = watched('constructor', NaN, () => new Strategy(params));
      } catch (error) {
        fail(`the strategy's constructor threw: ${firstLines(error)}${whereThrown(error)}`);
      }
    }
    if (typeof strategy !== 'object' || strategy === null)
      fail('the default export must be an object or a class with hooks');
    checkHooks(strategy as Record<string, unknown>, fail);
    return strategy as Strategy;
  };
}

/** A one-line warning when the strategy has an onTimer hook that no --interval will ever call. */
export function timerWarning(strategy: Strategy, file: string, intervalMs: number | null): string {
  if (strategy.onTimer === undefined || intervalMs !== null) return '';
  return `simex backtest: warning: ${file} has an onTimer hook but no --interval was given, so it is never called (add --interval 1s, for example)\n`;
}

/**
 * A .ts module through tsx, an optional dependency loaded only here: library users who never run
 * a .ts strategy can install simex without it (`npm install --omit=optional`).
 */
async function loadTypeScript(path: string, fail: (reason: string) => never): Promise<unknown> {
  let tsx: [typeof import('tsx/esm/api'), typeof import('tsx/cjs/api')];
  try {
    tsx = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  } catch {
    return fail('a .ts strategy needs tsx, which is not installed: npm install tsx (or use .js)');
  }
  const [{ tsImport }, { require: tsRequire }] = tsx;
  return watchedLoad(async (): Promise<unknown> =>
    isEsModule(path)
      ? ((await tsImport(pathToFileURL(path).href, import.meta.url)) as unknown)
      : { default: tsRequire(path, import.meta.url) as unknown },
  );
}

/** The default export; a CommonJS module compiled from ESM syntax nests it one level deeper. */
function defaultExport(module: Record<string, unknown>): unknown {
  const value = module['default'];
  if (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<string, unknown>)['__esModule']
  )
    return (value as Record<string, unknown>)['default'];
  return value;
}

function checkHooks(strategy: Record<string, unknown>, fail: (reason: string) => never): void {
  const known: readonly string[] = HOOK_NAMES;
  for (const name of propertyNames(strategy)) {
    if (HOOK_LIKE.test(name) && !known.includes(name))
      fail(`unknown hook ${name}; hooks are ${HOOK_NAMES.join(', ')}`);
  }
  for (const name of HOOK_NAMES) {
    const hook = strategy[name];
    if (hook !== undefined && typeof hook !== 'function')
      fail(`${name} must be a function, found ${hook === null ? 'null' : typeof hook}`);
  }
}

/** Own and inherited property names, up to (not including) Object.prototype. */
function propertyNames(object: object): string[] {
  const names: string[] = [];
  for (let at: object | null = object; at !== null && at !== Object.prototype;) {
    names.push(...Object.getOwnPropertyNames(at));
    at = Object.getPrototypeOf(at) as object | null;
  }
  return names;
}

/** An error's message without its stack, on one line. */
export function firstLines(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}

/** simex's own code (built or not), skipped when looking for the strategy's frame. */
const OWN_CODE = [
  new URL('../../', import.meta.url),
  new URL('../../../src/', import.meta.url),
].map((url) => fileURLToPath(url));

/**
 * Where the error was thrown in the strategy: ` (at file:line:column)` from the first frame of its
 * stack outside simex and Node, or '' when there is none.
 */
export function whereThrown(error: unknown): string {
  if (!(error instanceof Error) || error.stack === undefined) return '';
  for (const frame of error.stack.split('\n')) {
    const location = /^\s*at (?:.* \()?(.+?):(\d+):(\d+)\)?$/.exec(frame);
    if (location === null) continue;
    const [, where = '', line, column] = location;
    const file = where.startsWith('file://') ? fileURLToPath(where.split('?')[0]!) : where;
    if (file.startsWith('node:') || file.includes('/node_modules/')) continue;
    if (OWN_CODE.some((dir) => file.startsWith(dir))) continue;
    if (file.startsWith('data:')) return '';
    return ` (at ${file}:${line}:${column})`;
  }
  return '';
}
