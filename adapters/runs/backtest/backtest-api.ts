/**
 * `runBacktest` for code that embeds simex (`simex/backtest`): the options of `simex backtest`
 * (without --out), the summary it would write to summary.json, every fill and the equity samples.
 * With `queueModel`, the data is an L2 flow (docs/l2.md).
 */
import { openFlowSource } from '../../flow/arrow/flow-file.js';
import { parseBacktestOptions, type BacktestArguments } from './backtest-options.js';
import type { EquitySampler } from './equity-sampler.js';
import { scopeMoney } from './records.js';
import {
  backtestFailure,
  backtestFlow,
  backtestL2,
  type Outcome,
  type RunHooks,
} from './in-process.js';
import { openL2Source } from './l2-flow-file.js';
import { strategyQueueModel } from './strategy-queue-model.js';
import { plainFill } from './fill-view.js';
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
  const { strategyFile, dataFile, config } = parsed;
  let flow:
    Awaited<ReturnType<typeof openFlowSource>> | Awaited<ReturnType<typeof openL2Source>> | null =
    null;
  try {
    const strategy = await loadStrategy(strategyFile, config.params);
    const fills: BacktestFill[] = [];
    const inputs = { strategy: strategyFile, data: dataFile };
    const hooks: RunHooks = {
      onFill: (fill, ledger) =>
        fills.push({ ...plainFill(fill), position: ledger.size(ledger.position) }),
    };
    let run;
    if (parsed.queueModel === null) {
      const source = await openFlowSource(dataFile);
      flow = source;
      run = await backtestFlow(strategy, config, source, inputs, hooks);
    } else {
      const model =
        parsed.queueModel === 'strategy' ? strategyQueueModel(strategy) : parsed.queueModel;
      if (model === null)
        return {
          ok: false,
          error: {
            code: 'bad_input',
            message: `${strategyFile}: queueModel strategy needs a queueShare(ahead, behind) method`,
          },
        };
      const { openL2File } = await import('../../flow/l2/l2-file.js');
      const source = await openL2Source(dataFile, openL2File);
      flow = source;
      run = await backtestL2(strategy, config, source, model, inputs, hooks);
    }
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
