/**
 * The same L2 flow, seed and queue model give byte-identical backtest outputs: fills.csv lines and
 * summary.json, run twice in one process under lognormal latencies (seeded) and each model.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backtestL2 } from '../../adapters/runs/backtest/in-process.js';
import { parseLatency } from '../../adapters/runs/backtest/latency/latency-options.js';
import { fillLine } from '../../adapters/runs/backtest/records.js';
import { loadStrategy } from '../../adapters/runs/backtest/strategy-loader.js';
import { ParamValues } from '../../adapters/runs/backtest/strategy-params.js';
import { summaryJson } from '../../adapters/runs/backtest/summary.js';
import { parseQueueModel, type QueueModel } from '../../adapters/flow/l2/queue-model.js';
import { testConfig } from '../backtest/helpers.js';
import { SYNTHETIC_INSTRUMENTS, syntheticL2 } from './synthetic-l2.js';

const STRATEGY = fileURLToPath(
  new URL('../../scenarios/strategies/market-maker.ts', import.meta.url),
);

async function outputs(model: string, seed: number): Promise<string> {
  const latency = parseLatency({
    latency: 'lognormal:median=3,sigma=0.5',
    latencyFeed: 'data',
    latencySeed: String(seed),
  });
  if (typeof latency === 'string') throw new Error(latency);
  const params = new ParamValues({ size: '0.5', spread_ticks: '1' });
  const config = testConfig({ latency, intervalMs: 500, params });
  const strategy = await loadStrategy(STRATEGY, params);
  const lines: string[] = [];
  const run = await backtestL2(
    strategy,
    config,
    { instruments: SYNTHETIC_INSTRUMENTS, batches: syntheticL2(20_000, 11), locate: String },
    parseQueueModel(model) as QueueModel,
    { strategy: 'market-maker.ts', data: 'synthetic' },
    { onFill: (fill, ledger) => lines.push(fillLine(fill, ledger)) },
  );
  if (!run.ok) throw new Error(run.error.message);
  return lines.join('') + summaryJson(run.value.summary);
}

describe('L2 backtests are deterministic', () => {
  it.each(['risk_averse', 'power:2', 'log'])(
    '%s: two runs, byte-identical fills and summary',
    async (model) => {
      const first = await outputs(model, 5);
      expect(first.split('\n').length).toBeGreaterThan(100);
      expect(await outputs(model, 5)).toBe(first);
    },
    60_000,
  );

  it('the model and the seed change the outputs', async () => {
    const base = await outputs('risk_averse', 5);
    expect(await outputs('power:2', 5)).not.toBe(base);
    expect(await outputs('risk_averse', 6)).not.toBe(base);
  }, 60_000);
});
