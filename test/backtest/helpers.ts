import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll } from 'vitest';
import { openScenario } from '../../adapters/flow/csv/index.js';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import {
  BacktestEngine,
  type BacktestConfig,
} from '../../adapters/runs/backtest/backtest-engine.js';
import type {
  LatencySettings,
  LatencySpec,
} from '../../adapters/runs/backtest/latency/latency-spec.js';
import { parseFeeRate } from '../../adapters/runs/backtest/money.js';
import type { Strategy } from '../../adapters/runs/backtest/strategy.js';
import { ParamValues } from '../../adapters/runs/backtest/strategy-params.js';

/** Two resting asks, a flow taker that lifts them at 09:31, a bid at 09:32. */
export const SMALL_FLOW = `# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.001
ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only
2026-01-05T09:30:00.000Z,new,m1,maker,BTC-USD,sell,limit,100.00,0.500,gtc,false
2026-01-05T09:30:00.000Z,new,m2,maker,BTC-USD,sell,limit,101.00,0.500,gtc,false
2026-01-05T09:31:00.000Z,new,t1,taker,BTC-USD,buy,limit,102.00,0.600,ioc,
2026-01-05T09:32:00.000Z,new,b1,maker,BTC-USD,buy,limit,95.00,1.000,gtc,false
`;

/** `latencyMs` sets the order paths (entry, cancel, amend) as `--latency` does. */
export function testConfig(
  overrides: Partial<Omit<BacktestConfig, 'fees'>> & {
    makerFee?: string;
    takerFee?: string;
    latencyMs?: number;
  } = {},
): BacktestConfig {
  const { makerFee = '0', takerFee = '0', latencyMs = 0, ...rest } = overrides;
  return {
    account: 'strategy',
    latency: orderPathLatency(latencyMs),
    intervalMs: null,
    sampleMs: 60_000,
    fees: { maker: parseFeeRate(makerFee)!, taker: parseFeeRate(takerFee)! },
    params: new ParamValues({}),
    ...rest,
  };
}

/** `ms` on the order paths, nothing on the response and the feed. */
export function orderPathLatency(ms: number, more: Partial<LatencySettings> = {}): LatencySettings {
  const order: LatencySpec = { kind: 'constant', ms };
  const zero: LatencySpec = { kind: 'constant', ms: 0 };
  return {
    entry: order,
    cancel: order,
    amend: order,
    response: zero,
    feed: zero,
    order: 'fifo',
    seed: 0,
    ...more,
  };
}

/** Runs `strategy` against the CSV text in memory; returns the engine after the run. */
export async function backtestInMemory(
  csv: string,
  strategy: Strategy,
  config: BacktestConfig = testConfig(),
): Promise<BacktestEngine> {
  const scenario = await openScenario(Readable.from([csv]), 'flow.csv');
  const engine = new BacktestEngine(scenario.instruments, strategy, config);
  await engine.run(scenario.batches);
  return engine;
}

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory with these files written into it, removed after the test file. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'simex-backtest-'));
  created.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** Captures what a run writes to stdout and stderr. */
export function captureIo(): {
  stdout: string;
  stderr: string;
  io: { stdout: { write(text: string): boolean }; stderr: { write(text: string): boolean } };
} {
  const captured = {
    stdout: '',
    stderr: '',
    io: {
      stdout: { write: (text: string) => ((captured.stdout += text), true) },
      stderr: { write: (text: string) => ((captured.stderr += text), true) },
    },
  };
  return captured;
}

/** Writes `simex generate --seed SEED --events EVENTS` (BTC-USD and ETH-USD) to `file`. */
export async function writeGeneratedFlow(
  file: string,
  seed: number,
  events: number,
): Promise<void> {
  const out = createWriteStream(file);
  await writeFlow(
    {
      seed,
      events,
      instruments: flowInstruments(['BTC-USD', 'ETH-USD']),
      start: Date.parse('2026-01-05T00:00:00.000Z'),
      meanIntervalMs: 100,
      accounts: 20,
    },
    out,
  );
  out.end();
  await finished(out);
}
