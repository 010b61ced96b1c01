/**
 * One backtest in this process from a flow already opened (`simex backtest`, the library's
 * runBacktest, each combination of a sweep): the engine, its round trips and its summary. What
 * stops a run is returned as a failure with the exit reason of `simex backtest`, never thrown.
 */
import type { InstrumentSpec } from '../../../src/index.js';
import type { ArrowBatches } from '../../flow/arrow/index.js';
import type { ParsedScenarioRow } from '../../flow/index.js';
import { InputError } from '../../input-error.js';
import { asFileError } from '../../file-errors.js';
import type { L2Row } from '../../flow/l2/l2-row.js';
import type { QueueModel } from '../../flow/l2/queue-model.js';
import { AccountClashError, L2FlowError, type BacktestConfig } from './backtest-config.js';
import { BacktestEngine } from './backtest-engine.js';
import { StrategyRuntimeError } from './hook-failure.js';
import { LatencyFileError } from './latency/recorded-latency.js';
import { RoundTrips } from './round-trips.js';
import type { Strategy, StrategyFill } from './strategy.js';
import { StrategyLoadError } from './strategy-loader.js';
import { summarize, type RunInputs, type Summary } from './summary.js';
import type { SymbolLedger } from './symbol-ledger.js';

/** The flow's rows a batch at a time, or an Arrow flow whose plain rows are fed as numbers. */
export type FlowSource = RowSource | ArrowBatches;

export interface RowSource {
  readonly instruments: readonly InstrumentSpec[];
  readonly batches: AsyncIterable<readonly ParsedScenarioRow[]>;
  /** Where a row is, for messages. */
  readonly locate: (line: number) => string;
}

/** An L2 flow: its instruments, its rows a batch at a time, and where row n (from 1) is. */
export interface L2FlowSource {
  readonly instruments: readonly InstrumentSpec[];
  readonly batches: AsyncIterable<readonly L2Row[]> | Iterable<readonly L2Row[]>;
  readonly locate: (row: number) => string;
}

/** Why a backtest could not give a result: `bad_input` (exit 2) or `run_failed` (exit 1). */
export interface BacktestFailure {
  readonly code: 'bad_input' | 'run_failed';
  readonly message: string;
  /** A strategy hook failed (or a param it read was bad). */
  readonly hook?: true;
}

export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: BacktestFailure };

export interface CompletedRun {
  readonly engine: BacktestEngine;
  readonly trips: RoundTrips;
  readonly summary: Summary;
}

export interface RunHooks {
  readonly onFill?: (fill: StrategyFill, ledger: SymbolLedger) => void;
  /** Called every PROGRESS_EVERY rows. */
  readonly onProgress?: () => void;
  /** Rows applied first with the strategy not started (see BacktestEngine.warmUp). */
  readonly warmUp?: readonly (readonly ParsedScenarioRow[])[];
}

export async function backtestFlow(
  strategy: Strategy,
  config: BacktestConfig,
  flow: FlowSource,
  inputs: RunInputs,
  hooks: RunHooks = {},
): Promise<Outcome<CompletedRun>> {
  if (config.latency.feed.kind === 'data')
    return {
      ok: false,
      error: {
        code: 'bad_input',
        message: `--latency-feed data needs an L2 flow (two times a row); ${inputs.data} is a scenario flow`,
      },
    };
  const trips = new RoundTrips();
  const engine = newEngine(flow.instruments, strategy, config, trips, hooks);
  try {
    if (hooks.warmUp !== undefined) engine.warmUp(hooks.warmUp);
    await engine.run('decoder' in flow ? flow : flow.batches);
  } catch (error) {
    return { ok: false, error: backtestFailure(error, inputs.strategy, flow.locate) };
  }
  return completed(engine, trips, inputs);
}

/** backtestFlow for an L2 flow, its levels and trades fed under a queue model. */
export async function backtestL2(
  strategy: Strategy,
  config: BacktestConfig,
  flow: L2FlowSource,
  model: QueueModel,
  inputs: RunInputs,
  hooks: Omit<RunHooks, 'warmUp'> = {},
): Promise<Outcome<CompletedRun>> {
  const trips = new RoundTrips();
  const engine = newEngine(flow.instruments, strategy, config, trips, hooks);
  try {
    await engine.runL2(flow.batches, model);
  } catch (error) {
    return { ok: false, error: backtestFailure(error, inputs.strategy, flow.locate) };
  }
  return completed(engine, trips, { ...inputs, queueModel: model.name });
}

function newEngine(
  instruments: readonly InstrumentSpec[],
  strategy: Strategy,
  config: BacktestConfig,
  trips: RoundTrips,
  hooks: RunHooks,
): BacktestEngine {
  return new BacktestEngine(instruments, strategy, config, {
    onFill: (fill, ledger) => {
      trips.add(fill, ledger);
      hooks.onFill?.(fill, ledger);
    },
    ...(hooks.onProgress === undefined ? {} : { onProgress: hooks.onProgress }),
  });
}

function completed(
  engine: BacktestEngine,
  trips: RoundTrips,
  inputs: RunInputs,
): Outcome<CompletedRun> {
  if (engine.flow.rowCount === 0)
    return {
      ok: false,
      error: { code: 'bad_input', message: `${inputs.data}: no rows to backtest against` },
    };
  return { ok: true, value: { engine, trips, summary: summarize(engine, inputs, trips) } };
}

/** The failure an expected error stands for; anything else is a bug and is thrown again. */
export function backtestFailure(
  error: unknown,
  strategyFile: string,
  locate: (line: number) => string,
): BacktestFailure {
  if (
    error instanceof StrategyLoadError ||
    error instanceof InputError ||
    error instanceof LatencyFileError
  )
    return { code: 'bad_input', message: error.message };
  if (error instanceof AccountClashError)
    return { code: 'bad_input', message: `${locate(error.line)}: ${error.reason}` };
  if (error instanceof L2FlowError)
    return { code: 'bad_input', message: `${locate(error.row)}: ${error.reason}` };
  if (error instanceof StrategyRuntimeError)
    return {
      code: error.badParam ? 'bad_input' : 'run_failed',
      message: `${strategyFile}: ${error.message}`,
      hook: true,
    };
  const fileError = asFileError(error);
  if (fileError !== null) return { code: 'bad_input', message: fileError.message };
  throw error;
}
