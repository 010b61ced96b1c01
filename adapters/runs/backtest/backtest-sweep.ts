/**
 * `sweep` for code and for `simex sweep`: checks the backtest's options and the grid in this
 * thread, then runs the combinations in the sweep-worker.ts pool (adapters/runs/backtest/sweep) once the strategy
 * module is checked, under the guard, in a worker thread of its own (guarded-check.ts).
 * A scenario flow is read here once, into memory the workers share: an Arrow file's bytes, or a
 * CSV file parsed as the workers start (adapters/runs/backtest/sweep/share-csv-flow.ts). An L2 flow
 * (--queue-model) is read by each worker from its file.
 */
import { readFileSync, statSync } from 'node:fs';
import { isArrowFile } from '../../flow/arrow/flow-file.js';
import { asFileError, notAFile } from '../../file-errors.js';
import { planSweep, runSweep, type SweepArguments, type SweepOutcome } from './sweep/index.js';
import { shareCsvFlow } from './sweep/share-csv-flow.js';
import type { RunBacktestOptions } from './backtest-api.js';
import { parseBacktestOptions } from './backtest-options.js';
import type { Outcome } from './in-process.js';
import { memoryReason, overrunReason } from './hook-guard.js';
import { compileStrategy } from './strategy-compiler.js';
import { checkStrategyGuarded, type CheckRefusal } from './guarded-check.js';
import type { SweepWorkerSetup } from './sweep-worker.js';

export interface SweepOptions extends RunBacktestOptions, SweepArguments {
  /** Write results.csv, results.json and report.html here; default: nothing written. */
  readonly out?: string | undefined;
  /** Where a progress bar goes, when it is a terminal; default: none. */
  readonly progress?: { write(text: string): unknown; isTTY?: boolean } | undefined;
}

export async function sweep(options: SweepOptions): Promise<Outcome<SweepOutcome>> {
  const fail = (message: string) => ({ ok: false, error: { code: 'bad_input', message } }) as const;
  const params = Object.entries(options.params ?? {}).map(([key, value]) => `${key}=${value}`);
  const base = backtestArguments(options);
  const parsed = parseBacktestOptions({ ...base, param: params });
  if (typeof parsed === 'string') return fail(parsed);
  if (options.out === '') return fail('--out must name a directory');
  const plan = planSweep(options, Object.keys(parsed.config.params.values));
  if (typeof plan === 'string') return fail(plan);
  if (plan.shard !== null && options.out === undefined)
    return fail('--shard needs --out: simex sweep merge joins the shards from their directories');
  try {
    if (statSync(parsed.dataFile).isDirectory()) return fail(notAFile(parsed.dataFile).message);
  } catch (error) {
    const fileError = asFileError(error, parsed.dataFile);
    if (fileError === null) throw error;
    return fail(fileError.message);
  }
  const l2 = parsed.queueModel !== null;
  if (l2 && plan.holdout !== null)
    return fail('--holdout needs a scenario flow; an L2 flow (--queue-model) has no held-out run');
  const csv = l2 || isArrowFile(parsed.dataFile) ? null : shareCsvFlow(parsed.dataFile);
  // The workers start while the strategy compiles; every task brings them the compiled module.
  const compiling = compileStrategy(parsed.strategyFile);
  const compiledFile = compiling.then((compiled) => compiled?.file ?? null);
  const setup: SweepWorkerSetup = {
    options: base,
    params,
    holdout: plan.holdout,
    flow: l2
      ? { format: 'l2' }
      : csv === null
        ? { format: 'arrow', buffer: sharedCopy(readFileSync(parsed.dataFile)) }
        : { format: 'csv', buffer: csv.buffer },
  };
  const { strategy, data, ...given } = base;
  const check: { refusal: CheckRefusal | null } = { refusal: null };
  const outcome = await runSweep({
    plan,
    backtest: {
      strategy,
      data,
      params: sortedDefined(parsed.config.params.values),
      options: sortedDefined(given),
    },
    worker: { file: workerFile(), setup, late: compiledFile },
    // Checked while the workers start (they import it too), so that an empty shard checks it too.
    ready: compiledFile
      .then((compiled) => checkStrategyGuarded(parsed.strategyFile, compiled, parsed.limits))
      .then((refusal) => (check.refusal = refusal)?.message ?? null),
    out: options.out ?? null,
    stderr: options.progress ?? null,
    guard: {
      callLimitMs: parsed.limits.hookTimeoutMs,
      memoryMb: parsed.limits.maxMemoryMb,
      overrun: (call) =>
        `${parsed.strategyFile}: ${overrunReason(call, parsed.limits.hookTimeout)}`,
      outOfMemory: `${parsed.strategyFile}: ${memoryReason(parsed.limits.maxMemoryMb)}`,
    },
  }).finally(async () => {
    csv?.close();
    (await compiling)?.remove();
  });
  if (!('fatal' in outcome)) return { ok: true, value: outcome };
  const { refusal } = check;
  const runFailed = refusal !== null && refusal.runFailed && refusal.message === outcome.fatal;
  return runFailed
    ? { ok: false, error: { code: 'run_failed', message: outcome.fatal } }
    : fail(outcome.fatal);
}

function sharedCopy(bytes: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}

/** The backtest's own options (every key that is not the sweep's): what every worker parses again. */
function backtestArguments(options: SweepOptions): SweepWorkerSetup['options'] {
  const {
    grid: _grid,
    random: _random,
    seed: _seed,
    shard: _shard,
    holdout: _holdout,
    rank: _rank,
    x: _x,
    y: _y,
    workers: _workers,
    out: _out,
    progress: _progress,
    params: _params,
    ...backtest
  } = options;
  return backtest;
}

/** The options given, by key (a record that prints the same whatever order they came in). */
function sortedDefined(options: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The worker module: built JavaScript, or from the sources (tests) the .ts file through tsx. */
function workerFile(): string {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new URL('./sweep-worker.js', here).href;
  const entry = JSON.stringify(new URL('./sweep-worker.ts', here).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = `const { tsImport } = await import(${tsx});\nexport default (await tsImport(${entry}, ${entry})).default;`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}
