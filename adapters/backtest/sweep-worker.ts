/**
 * A sweep's worker thread (tinypool): loads the strategy module and the flow once, on its first
 * task, then runs each combination it is given against the rows in memory; with --holdout, once on
 * the first part and once on the held-out part (the first part only shaping the book). Answers
 * the combination's metrics (the summary's totals), its error, or `fatal` when the flow or the
 * options stop every combination.
 */
import type { ParsedScenarioRow } from '../csv/index.js';
import { decodeArrowFlow, openFlowFile } from '../arrow/index.js';
import {
  holdoutSplit,
  type Metrics,
  type SweepTask,
  type SweepTaskResult,
} from '../sweep/index.js';
import { parseBacktestOptions, type BacktestOptions } from './backtest-options.js';
import type { RunBacktestOptions } from './backtest-api.js';
import { backtestFailure, backtestFlow, type FlowSource } from './in-process.js';
import { importStrategy, StrategyLoadError, type StrategyFactory } from './strategy-loader.js';
import type { Summary } from './summary.js';

export interface SweepWorkerSetup {
  readonly options: Omit<RunBacktestOptions, 'params'>;
  /** The fixed --param pairs, key=value. */
  readonly params: readonly string[];
  readonly holdout: string | null;
  /** An Arrow flow's bytes, read once by the main thread and shared; null: each worker reads it. */
  readonly arrow: SharedArrayBuffer | null;
}

type Batches = readonly (readonly ParsedScenarioRow[])[];

interface Loaded {
  readonly factory: StrategyFactory;
  readonly instruments: FlowSource['instruments'];
  readonly locate: (line: number) => string;
  /** The whole flow, or the part before the holdout. */
  readonly first: Batches;
  /** The held-out part; null without --holdout. */
  readonly heldOut: Batches | null;
}

let loading: Promise<Loaded | string> | null = null;

export default async function runCombination(task: SweepTask): Promise<SweepTaskResult> {
  const setup = task.setup as SweepWorkerSetup;
  loading ??= load(setup);
  const loaded = await loading;
  if (typeof loaded === 'string') return { fatal: loaded };
  const param = [...setup.params, ...Object.entries(task.params).map(([k, v]) => `${k}=${v}`)];
  const options = parseBacktestOptions({ ...setup.options, param });
  if (typeof options === 'string') return { fatal: options };
  const result = { combination: task.combination, params: task.params };
  const first = await runPart(loaded, options, loaded.first, null);
  if (typeof first === 'string')
    return { ...result, metrics: null, outOfSample: null, error: first };
  if (loaded.heldOut === null) return { ...result, metrics: first, outOfSample: null, error: null };
  const heldOut = await runPart(loaded, options, loaded.heldOut, loaded.first);
  return typeof heldOut === 'string'
    ? { ...result, metrics: first, outOfSample: null, error: `held-out part: ${heldOut}` }
    : { ...result, metrics: first, outOfSample: heldOut, error: null };
}

/** The metrics of one run, or its error. */
async function runPart(
  loaded: Loaded,
  options: BacktestOptions,
  rows: Batches,
  warmUp: Batches | null,
): Promise<Metrics | string> {
  let strategy;
  try {
    strategy = loaded.factory(options.config.params);
  } catch (error) {
    if (error instanceof StrategyLoadError) return error.message;
    throw error;
  }
  const flow = { instruments: loaded.instruments, batches: inMemory(rows), locate: loaded.locate };
  const inputs = { strategy: options.strategyFile, data: options.dataFile };
  const run = await backtestFlow(
    strategy,
    options.config,
    flow,
    inputs,
    warmUp === null ? {} : { warmUp },
  );
  return run.ok ? metricsOf(run.value.summary) : run.error.message;
}

async function* inMemory(batches: Batches): AsyncGenerator<readonly ParsedScenarioRow[]> {
  yield* batches;
}

/** The totals' figures; a second quote currency's are prefixed with it (`EUR.net_pnl`). */
function metricsOf(summary: Summary): Metrics {
  return Object.fromEntries(
    summary.totals.flatMap((totals, index) =>
      Object.entries(totals)
        .filter(([key]) => key !== 'quote')
        .map(([key, value]) => [index === 0 ? key : `${String(totals['quote'])}.${key}`, value]),
    ),
  );
}

async function load(setup: SweepWorkerSetup): Promise<Loaded | string> {
  const options = parseBacktestOptions({ ...setup.options, param: setup.params });
  if (typeof options === 'string') return options;
  const { strategyFile, dataFile, config } = options;
  let factory: StrategyFactory;
  const batches: (readonly ParsedScenarioRow[])[] = [];
  let locate = (line: number) => `${dataFile}:${line}`;
  let instruments: FlowSource['instruments'];
  try {
    factory = await importStrategy(strategyFile);
    if (setup.arrow !== null) {
      locate = (row) => `${dataFile}: row ${row}`;
      const decoded = decodeArrowFlow(dataFile, new Uint8Array(setup.arrow));
      instruments = decoded.instruments;
      batches.push(...decoded.batches);
    } else {
      const scenario = await openFlowFile(dataFile);
      ({ instruments, locate } = scenario);
      for await (const batch of scenario.batches) batches.push(batch);
    }
  } catch (error) {
    return backtestFailure(error, strategyFile, locate).message;
  }
  const rows = batches.flat();
  if (rows.length === 0) return `${dataFile}: no rows to backtest against`;
  const clash = rows.find((row) => row.account === config.account);
  if (clash !== undefined)
    return `${locate(clash.line)}: the flow trades under account ${config.account}, the strategy's; choose another --account`;
  if (setup.holdout === null)
    return { factory, instruments, locate, first: batches, heldOut: null };
  const split = holdoutSplit(rows[0]!.ts, rows[rows.length - 1]!.ts, setup.holdout);
  const first = rows.filter((row) => row.ts < split);
  const heldOut = rows.filter((row) => row.ts >= split);
  if (first.length === 0 || heldOut.length === 0)
    return `--holdout ${setup.holdout} leaves no rows ${first.length === 0 ? 'before' : 'from'} its split time; the flow spans too little time`;
  return { factory, instruments, locate, first: [first], heldOut: [heldOut] };
}
