/**
 * The L2 row of `npm run bench:backtest`: the example market maker (1 s timer) on a seeded
 * synthetic L2 flow (test/l2/synthetic-l2.ts, made as it is read), risk_averse and power:2, in this
 * process, at 1M and 10M rows (BENCH_L2_ROWS=a,b to change). The marginal rate is
 * (10M - 1M) / (t10M - t1M): what one more row costs, start-up and warm-up left out.
 * The maker quotes without inventory skew (skew_ticks 0): with the default skew its post-only ask
 * crosses the synthetic touch after a few minutes of flow and it stops trading (275 fills in the
 * first 1M rows, 2 in the next 9M), which would leave the feed alone measured.
 * Target: >= 1 M L2 rows/s marginal. Run alone: node --import tsx test/bench/l2-backtest-bench.ts
 */
import { fileURLToPath } from 'node:url';
import { backtestL2 } from '../../adapters/runs/backtest/in-process.js';
import { parseFeeRate } from '../../adapters/runs/backtest/money.js';
import { loadStrategy } from '../../adapters/runs/backtest/strategy-loader.js';
import { ParamValues } from '../../adapters/runs/backtest/strategy-params.js';
import { parseQueueModel, type QueueModel } from '../../adapters/flow/l2/queue-model.js';
import { SYNTHETIC_INSTRUMENTS, syntheticL2 } from '../l2/synthetic-l2.js';
import { MAKER_STRATEGY } from './simex-build.js';

const TARGET = 1_000_000;
const STRATEGY = MAKER_STRATEGY;

async function seconds(rows: number, model: QueueModel): Promise<{ s: number; fills: number }> {
  const params = new ParamValues({ size: '0.5', spread_ticks: '1', skew_ticks: '0' });
  const zero = { kind: 'constant', ms: 0 } as const;
  const config = {
    account: 'strategy',
    latency: {
      entry: zero,
      cancel: zero,
      amend: zero,
      response: zero,
      feed: zero,
      order: 'fifo',
      seed: 0,
    } as const,
    intervalMs: 1000,
    sampleMs: 60_000,
    fees: { maker: parseFeeRate('0')!, taker: parseFeeRate('0')! },
    params,
  };
  const strategy = await loadStrategy(STRATEGY, params);
  let fills = 0;
  const started = performance.now();
  const run = await backtestL2(
    strategy,
    config,
    { instruments: SYNTHETIC_INSTRUMENTS, batches: syntheticL2(rows, 7), locate: String },
    model,
    { strategy: STRATEGY, data: 'synthetic' },
    { onFill: () => fills++ },
  );
  if (!run.ok) throw new Error(run.error.message);
  return { s: (performance.now() - started) / 1000, fills };
}

export async function benchL2(): Promise<boolean> {
  const [small, large] = (process.env['BENCH_L2_ROWS'] ?? '1000000,10000000')
    .split(',')
    .map(Number) as [number, number];
  let ok = true;
  for (const name of ['risk_averse', 'power:2']) {
    const model = parseQueueModel(name) as QueueModel;
    const a = await seconds(small, model);
    const b = await seconds(large, model);
    const marginal = (large - small) / (b.s - a.s);
    const pass = marginal >= TARGET;
    ok &&= pass;
    console.log(
      `L2 backtest, market maker (1s timer), ${name}: ${small.toLocaleString('en-US')} rows ${a.s.toFixed(2)} s (${a.fills} fills), ${large.toLocaleString('en-US')} rows ${b.s.toFixed(2)} s (${b.fills} fills); marginal ${Math.round(marginal).toLocaleString('en-US')} rows/s (>= 1 M/s: ${pass ? 'yes' : 'NO'})`,
    );
  }
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = (await benchL2()) ? 0 : 1;
