/**
 * A sweep's worker thread (tinypool): as soon as it starts (its workerData is the sweep's setup),
 * opens the flow, which the main thread reads into shared memory; imports the strategy module
 * with its first task (which brings the compiled module, compiled while the worker started);
 * runs its first combination while a CSV flow is still being parsed and keeps the rows: every
 * later combination runs against them, with a fresh venue. With --holdout the whole flow is read first (the split time
 * needs its last row), then each combination runs once on the first part and once on the held-out
 * part (the first part only shaping the book). An L2 flow (--queue-model) is read by each worker
 * from its file, once, and kept the same way. Answers the combination's metrics (the summary's
 * totals), its error, or `fatal` when the flow or the options stop every combination.
 */
import Tinypool from 'tinypool';
import type { ParsedScenarioRow } from '../../flow/index.js';
import { FlowTape } from './sweep/flow-tape.js';
import { holdoutSplit } from './sweep/holdout.js';
import { readSharedFlow } from './sweep/shared-flow.js';
import type { Metrics, SweepTask, SweepTaskResult } from './sweep/index.js';
import { parseBacktestOptions, type BacktestOptions } from './backtest-options.js';
import type { RunBacktestOptions } from './backtest-api.js';
import { CallWatch } from '../../call-watch.js';
import { forbidProcessExit, watchStrategyCalls } from './hook-guard.js';
import { backtestFailure, backtestFlow, backtestL2, type FlowSource } from './in-process.js';
import { openL2Source } from './l2-flow-file.js';
import { strategyQueueModel } from './strategy-queue-model.js';
import type { L2Row } from '../../flow/l2/l2-row.js';
import { importStrategy, StrategyLoadError, type StrategyFactory } from './strategy-loader.js';
import type { Summary } from './summary.js';

export interface SweepWorkerSetup {
  readonly options: Omit<RunBacktestOptions, 'params'>;
  /** The fixed --param pairs, key=value. */
  readonly params: readonly string[];
  readonly holdout: string | null;
  /**
   * The flow, read once by the main thread into memory every worker reads: an Arrow file's bytes,
   * or a CSV file as it is parsed (shared-flow.ts).
   */
  readonly flow:
    | { readonly format: 'arrow' | 'csv'; readonly buffer: SharedArrayBuffer }
    | { readonly format: 'l2' };
}

type Batch = readonly ParsedScenarioRow[];
type L2Batch = readonly L2Row[];
type Batches = readonly Batch[];

interface Opened {
  readonly options: BacktestOptions;
  readonly factory: StrategyFactory;
  readonly instruments: FlowSource['instruments'];
  readonly locate: (line: number) => string;
  /** A scenario flow's rows, or null for an L2 flow. */
  readonly tape: FlowTape<Batch> | null;
  /** An L2 flow's rows, or null for a scenario flow. */
  readonly l2Tape: FlowTape<L2Batch> | null;
}

/** The flow's two parts with --holdout: the first part, then the held-out part. */
type Parts = readonly [Batches, Batches];

/** A .ts strategy compiled once to JavaScript by the main thread; null: import the source. */
type CompiledStrategy = string | null;

// Started as the worker starts, before its first task: the setup is the pool's workerData.
const setup = Tinypool.workerData as SweepWorkerSetup;
forbidProcessExit();
const given = parseBacktestOptions({ ...setup.options, param: setup.params });
const flowOpening = typeof given === 'string' ? null : openFlow(given.dataFile, setup.flow);
flowOpening?.catch(() => undefined); // awaited by the first task, once a strategy error had its turn
let opening: Promise<Opened | string> | null = null;
/** Once the whole flow is read: why it stops every combination, or null. */
let checking: Promise<string | null> | null = null;
let splitting: Promise<Parts | string> | null = null;

export default async function runCombination(task: SweepTask): Promise<SweepTaskResult> {
  watchStrategyCalls(new CallWatch(task.watch));
  const opened = await (opening ??= open(task.late as CompiledStrategy));
  if (typeof opened === 'string') return { fatal: opened };
  const param = [...setup.params, ...Object.entries(task.params).map(([k, v]) => `${k}=${v}`)];
  const options = parseBacktestOptions({ ...setup.options, param });
  if (typeof options === 'string') return { fatal: options };
  const result = { combination: task.combination, params: task.params };
  if (opened.l2Tape !== null) {
    const metrics = await runL2(opened, opened.l2Tape, options);
    return typeof metrics === 'string'
      ? { ...result, metrics: null, outOfSample: null, error: metrics }
      : { ...result, metrics, outOfSample: null, error: null };
  }
  if (setup.holdout === null) {
    const metrics = await runPart(opened, options, opened.tape!.replay(), null);
    const refused = await (checking ??= check(opened));
    if (refused !== null) return { fatal: refused };
    return typeof metrics === 'string'
      ? { ...result, metrics: null, outOfSample: null, error: metrics }
      : { ...result, metrics, outOfSample: null, error: null };
  }
  const parts = await (splitting ??= split(opened, setup.holdout));
  if (typeof parts === 'string') return { fatal: parts };
  const [firstPart, heldOutPart] = parts;
  const first = await runPart(opened, options, inMemory(firstPart), null);
  if (typeof first === 'string')
    return { ...result, metrics: null, outOfSample: null, error: first };
  const heldOut = await runPart(opened, options, inMemory(heldOutPart), firstPart);
  return typeof heldOut === 'string'
    ? { ...result, metrics: first, outOfSample: null, error: `held-out part: ${heldOut}` }
    : { ...result, metrics: first, outOfSample: heldOut, error: null };
}

/** The metrics of one run, or its error. */
async function runPart(
  opened: Opened,
  options: BacktestOptions,
  batches: AsyncIterable<Batch>,
  warmUp: Batches | null,
): Promise<Metrics | string> {
  const strategy = strategyOf(opened, options);
  if (typeof strategy === 'string') return strategy;
  const flow = { instruments: opened.instruments, batches, locate: opened.locate };
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

/** The metrics of one run on the L2 flow, or its error. */
async function runL2(
  opened: Opened,
  tape: FlowTape<L2Batch>,
  options: BacktestOptions,
): Promise<Metrics | string> {
  const strategy = strategyOf(opened, options);
  if (typeof strategy === 'string') return strategy;
  const model =
    options.queueModel === 'strategy' ? strategyQueueModel(strategy) : options.queueModel!;
  if (model === null)
    return `${options.strategyFile}: --queue-model strategy needs a queueShare(ahead, behind) method`;
  const flow = { instruments: opened.instruments, batches: tape.replay(), locate: opened.locate };
  const inputs = { strategy: options.strategyFile, data: options.dataFile };
  const run = await backtestL2(strategy, options.config, flow, model, inputs);
  return run.ok ? metricsOf(run.value.summary) : run.error.message;
}

/** The strategy made with the run's params, or the error its factory gave. */
function strategyOf(
  opened: Opened,
  options: BacktestOptions,
): ReturnType<Opened['factory']> | string {
  try {
    return opened.factory(options.config.params);
  } catch (error) {
    if (error instanceof StrategyLoadError) return error.message;
    throw error;
  }
}

async function* inMemory(batches: Batches): AsyncGenerator<Batch> {
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

/** The strategy module imported, and the flow opened (flowOpening). */
async function open(compiled: CompiledStrategy): Promise<Opened | string> {
  if (typeof given === 'string') return given;
  const { strategyFile, dataFile } = given;
  try {
    const factory = await importStrategy(strategyFile, compiled ?? undefined);
    return { options: given, factory, ...(await flowOpening!) };
  } catch (error) {
    return backtestFailure(error, strategyFile, (line) => `${dataFile}:${line}`).message;
  }
}

type OpenedFlow = Pick<Opened, 'instruments' | 'locate' | 'tape' | 'l2Tape'>;

/**
 * The flow from the shared memory: a CSV flow's header (its rows come as the main thread parses
 * them), or an Arrow flow decoded.
 */
function openFlow(dataFile: string, flow: SweepWorkerSetup['flow']): Promise<OpenedFlow> {
  if (flow.format === 'l2') return openL2(dataFile);
  return flow.format === 'csv' ? openCsv(dataFile, flow.buffer) : openArrow(dataFile, flow.buffer);
}

async function openL2(dataFile: string): Promise<OpenedFlow> {
  const { openL2File } = await import('../../flow/l2/l2-file.js');
  const source = await openL2Source(dataFile, openL2File);
  return {
    instruments: source.instruments,
    locate: source.locate,
    tape: null,
    l2Tape: new FlowTape(source.batches),
  };
}

async function openCsv(dataFile: string, buffer: SharedArrayBuffer): Promise<OpenedFlow> {
  const { instruments, batches } = await readSharedFlow(buffer);
  const locate = (line: number) => `${dataFile}:${line}`;
  return { instruments, locate, tape: new FlowTape(batches), l2Tape: null };
}

async function openArrow(dataFile: string, bytes: SharedArrayBuffer): Promise<OpenedFlow> {
  const { decodeArrowFlow } = await import('../../flow/arrow/index.js');
  const { instruments, batches } = decodeArrowFlow(dataFile, new Uint8Array(bytes));
  const locate = (row: number) => `${dataFile}: row ${row}`;
  return { instruments, locate, tape: new FlowTape(inMemory(batches)), l2Tape: null };
}

/** The whole flow, read to its end: its batches, or why it stops every combination. */
async function readAll(opened: Opened): Promise<Batches | string> {
  const { strategyFile, dataFile, config } = opened.options;
  let batches;
  try {
    batches = await opened.tape!.complete();
  } catch (error) {
    return backtestFailure(error, strategyFile, opened.locate).message;
  }
  if (batches.every((batch) => batch.length === 0))
    return `${dataFile}: no rows to backtest against`;
  for (const batch of batches)
    for (const row of batch)
      if (row.account === config.account)
        return `${opened.locate(row.line)}: the flow trades under account ${config.account}, the strategy's; choose another --account`;
  return batches;
}

async function check(opened: Opened): Promise<string | null> {
  const batches = await readAll(opened);
  return typeof batches === 'string' ? batches : null;
}

async function split(opened: Opened, holdout: string): Promise<Parts | string> {
  const batches = await readAll(opened);
  if (typeof batches === 'string') return batches;
  const rows = batches.flat();
  const split = holdoutSplit(rows[0]!.ts, rows[rows.length - 1]!.ts, holdout);
  const first = rows.filter((row) => row.ts < split);
  const heldOut = rows.filter((row) => row.ts >= split);
  if (first.length === 0 || heldOut.length === 0)
    return `--holdout ${holdout} leaves no rows ${first.length === 0 ? 'before' : 'from'} its split time; the flow spans too little time`;
  return [[first], [heldOut]];
}
