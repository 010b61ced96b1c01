/**
 * `runBacktest` for code that embeds simex (`simex/backtest`): the options of `simex backtest`
 * (without --out), the summary it would write to summary.json, every fill and the equity samples.
 */
import { openFlowSource } from '../arrow/flow-file.js';
import { parseBacktestOptions, type BacktestArguments } from './backtest-options.js';
import type { EquitySampler } from './equity-sampler.js';
import { scopeMoney } from './records.js';
import { backtestFailure, backtestFlow, type Outcome } from './in-process.js';
import type { StrategyFill } from './strategy.js';
import { loadStrategy } from './strategy-loader.js';
import type { Summary } from './summary.js';

export interface RunBacktestOptions extends Omit<BacktestArguments, 'out' | 'param'> {
  /** The strategy's params (`ctx.params`), as `--param key=value` gives them. */
  readonly params?: Readonly<Record<string, string>> | undefined;
}

/** A fill of the strategy, with its position in the symbol after it (a fills.csv line). */
export interface BacktestFill extends StrategyFill {
  readonly position: string;
}

/** One equity sample (an equity.csv line): net PnL per symbol and per `total QUOTE`. */
export interface EquitySample {
  readonly timestamp: number;
  readonly equity: Readonly<Record<string, string>>;
}

export interface BacktestResult {
  /** What summary.json holds: `header` (the run's inputs), `symbols`, `totals`. */
  readonly summary: Summary;
  readonly fills: readonly BacktestFill[];
  readonly equity: readonly EquitySample[];
}

export async function runBacktest(options: RunBacktestOptions): Promise<Outcome<BacktestResult>> {
  const param = Object.entries(options.params ?? {}).map(([key, value]) => `${key}=${value}`);
  const parsed = parseBacktestOptions({ ...options, param });
  if (typeof parsed === 'string')
    return { ok: false, error: { code: 'bad_input', message: parsed } };
  if (parsed.queueModel !== null)
    return {
      ok: false,
      error: { code: 'bad_input', message: 'queueModel: an L2 flow runs through simex backtest' },
    };
  const { strategyFile, dataFile, config } = parsed;
  let flow: Awaited<ReturnType<typeof openFlowSource>> | null = null;
  try {
    const strategy = await loadStrategy(strategyFile, config.params);
    flow = await openFlowSource(dataFile);
    const fills: BacktestFill[] = [];
    const run = await backtestFlow(
      strategy,
      config,
      flow,
      { strategy: strategyFile, data: dataFile },
      { onFill: (fill, ledger) => fills.push({ ...fill, position: ledger.size(ledger.position) }) },
    );
    if (!run.ok) return run;
    const { summary, engine } = run.value;
    return { ok: true, value: { summary, fills, equity: equitySamples(engine.sampler) } };
  } catch (error) {
    return {
      ok: false,
      error: backtestFailure(
        error,
        strategyFile,
        flow?.locate ?? ((line) => `${dataFile}:${line}`),
      ),
    };
  } finally {
    flow?.close();
  }
}

function equitySamples(sampler: EquitySampler): EquitySample[] {
  const scopes = sampler.scopes.map((scope) => ({
    name: scope.name,
    values: scope.equity.map(scopeMoney(scope)),
  }));
  return sampler.times.map((timestamp, index) => ({
    timestamp,
    equity: Object.fromEntries(scopes.map((scope) => [scope.name, scope.values[index]!])),
  }));
}
