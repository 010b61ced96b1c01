/**
 * `npm run bench:backtest`: events per second of plain `simex replay` (no --out) and of
 * `simex backtest` (no --out) with a do-nothing strategy and with the example market maker
 * (`--interval 1s`), on the same file in the same run. Files: 1,000,000 generated events, and
 * the GOOG day when BENCH_GOOG names its imported scenario CSV (see README, "Backtests").
 * Each figure is the best of BENCH_RUNS interleaved rounds (default 3). Target: do-nothing >= 70% of replay.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseBacktestOptions } from '../../adapters/backtest/backtest-options.js';
import { runBacktest } from '../../adapters/backtest/run-backtest.js';
import { flowInstruments } from '../../adapters/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/generate/write-flow.js';
import { replayFile } from '../../adapters/replay/replay-file.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const TARGET_RATIO = 0.7;
const quiet = { write: () => true };

async function generated(dir: string): Promise<string> {
  const file = join(dir, 'flow.csv');
  const out = createWriteStream(file);
  await writeFlow(
    {
      seed: 7,
      events: EVENTS,
      instruments: flowInstruments(['BTC-USD', 'ETH-USD']),
      start: Date.parse('2026-01-05T00:00:00.000Z'),
      meanIntervalMs: 100,
      accounts: 20,
    },
    out,
  );
  out.end();
  await finished(out);
  return file;
}

/** Seconds of one run. */
async function timed(run: () => Promise<number>): Promise<number> {
  const started = performance.now();
  const code = await run();
  if (code !== 0) throw new Error(`run exited ${code}`);
  return (performance.now() - started) / 1000;
}

async function countRows(file: string): Promise<number> {
  let rows = 0;
  await replayFile({
    file,
    out: null,
    check: false,
    strict: false,
    stdout: {
      write: (text: string) => ((rows = Number(/: (\d+) rows/.exec(text)?.[1] ?? 0)), true),
    },
    stderr: quiet,
  });
  return rows;
}

function backtest(
  file: string,
  strategy: string,
  extra: { interval?: string; param?: string[] } = {},
) {
  const options = parseBacktestOptions({ strategy, data: file, ...extra });
  if (typeof options === 'string') throw new Error(options);
  return () => runBacktest(options, { stdout: quiet, stderr: process.stderr });
}

async function bench(name: string, file: string, makerParams: string[]): Promise<boolean> {
  const rows = await countRows(file);
  const runs = {
    replay: () =>
      replayFile({ file, out: null, check: false, strict: false, stdout: quiet, stderr: quiet }),
    nothing: backtest(file, 'test/bench/do-nothing-strategy.ts'),
    maker: backtest(file, 'scenarios/strategies/market-maker.ts', {
      interval: '1s',
      param: makerParams,
    }),
  };
  // Interleaved rounds, so that a busy moment of the machine does not favour one of them.
  const best = { replay: Infinity, nothing: Infinity, maker: Infinity };
  for (let round = 0; round < RUNS; round++) {
    for (const kind of ['replay', 'nothing', 'maker'] as const) {
      best[kind] = Math.min(best[kind], await timed(runs[kind]));
    }
  }
  const [replay, nothing, maker] = [best.replay, best.nothing, best.maker].map((s) => rows / s) as [
    number,
    number,
    number,
  ];
  const line = (label: string, value: number) =>
    `  ${label.padEnd(34)} ${Math.round(value).toLocaleString('en-US').padStart(10)} events/s` +
    (label.startsWith('replay') ? '' : `  ${((value / replay) * 100).toFixed(0)}% of replay`);
  console.log(`${name}: ${rows.toLocaleString('en-US')} rows`);
  console.log(line('replay', replay));
  console.log(line('backtest, do-nothing strategy', nothing));
  console.log(line('backtest, market maker (1s timer)', maker));
  const ok = nothing / replay >= TARGET_RATIO;
  console.log(`  do-nothing >= ${TARGET_RATIO * 100}% of replay: ${ok ? 'yes' : 'NO'}`);
  return ok;
}

const dir = mkdtempSync(join(tmpdir(), 'simex-backtest-bench-'));
try {
  let ok = await bench(`generated (seed 7)`, await generated(dir), ['size=0.05']);
  const goog = process.env['BENCH_GOOG'];
  if (goog === undefined)
    console.log('GOOG day: set BENCH_GOOG=goog.csv (see README) to include it');
  else ok = (await bench(`GOOG day (${goog})`, goog, ['size=100'])) && ok;
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
