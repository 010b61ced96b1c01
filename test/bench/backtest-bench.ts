/**
 * `npm run bench:backtest`: builds dist/, then times plain `simex replay` (no --out) and
 * `simex backtest` (no --out) with a do-nothing strategy and with the example market maker
 * (`--interval 1s`), on the same flow as CSV and as an Arrow file, in the same run, each run a
 * fresh process of the built CLI (what `npx simex` runs; start-up included), in events/s. Files: 1,000,000 generated events (`--events N` or
 * BENCH_EVENTS), and the GOOG day when BENCH_GOOG names its imported scenario CSV (see
 * docs/lobster.md; CSV only). Each figure is the best of BENCH_RUNS interleaved rounds (default 3).
 * Below 1,000,000 events (a quick check that it runs) the targets are not judged.
 * Targets: do-nothing >= 70% of replay; on the Arrow flow, do-nothing >= 2 M events/s and the
 * market maker >= 1 M events/s. Last, the L2 row (l2-backtest-bench.ts): the market maker on a
 * synthetic L2 flow, in this process, its marginal rate from 1M to 10M rows (target >= 1 M/s).
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { execFileSync, spawn } from 'node:child_process';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow, type FlowFormat } from '../../adapters/runs/generate/write-flow.js';
import { benchL2 } from './l2-backtest-bench.js';
import { built, SIMEX_MODULES } from './simex-build.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const FULL_EVENTS = 1_000_000;
const EVENTS = process.argv.includes('--events')
  ? Number(process.argv[process.argv.indexOf('--events') + 1])
  : Number(process.env['BENCH_EVENTS'] ?? FULL_EVENTS);
const TARGET_RATIO = 0.7;

async function generated(dir: string, format: FlowFormat): Promise<string> {
  const file = join(dir, `flow.${format}`);
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
    format,
  );
  out.end();
  await finished(out);
  return file;
}

/** Seconds of one `simex ...` run in a fresh process (the built CLI in dist/). */
function timed(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [built(SIMEX_MODULES.cli), ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - started) / 1000)
        : reject(new Error(`simex ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Data rows: lines after the header. */
async function countRows(file: string): Promise<number> {
  let lines = 0;
  let headerLine = -1;
  let head = '';
  for await (const chunk of createReadStream(file)) {
    const buffer = chunk as Buffer;
    if (headerLine < 0) {
      head += buffer.toString('utf8');
      const found = head.split('\n').findIndex((line) => line.startsWith('ts,'));
      if (found >= 0) headerLine = found;
    }
    for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, i + 1)) lines++;
  }
  return lines - headerLine - 1;
}

async function bench(
  name: string,
  file: string,
  makerParams: string[],
  rows: number,
  targets: { nothing: number; maker: number } | null,
): Promise<boolean> {
  const runs = {
    replay: ['replay', file],
    nothing: ['backtest', '--strategy', 'test/bench/do-nothing-strategy.ts', '--data', file],
    maker: ['backtest', '--strategy', 'scenarios/strategies/market-maker.ts', '--data', file]
      .concat(['--interval', '1s'])
      .concat(makerParams.flatMap((param) => ['--param', param])),
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
  let ok = nothing / replay >= TARGET_RATIO;
  console.log(`  do-nothing >= ${TARGET_RATIO * 100}% of replay: ${ok ? 'yes' : 'NO'}`);
  if (targets !== null) {
    const fast = nothing >= targets.nothing && maker >= targets.maker;
    console.log(
      `  do-nothing >= ${targets.nothing / 1e6} M/s, market maker >= ${targets.maker / 1e6} M/s: ${fast ? 'yes' : 'NO'}`,
    );
    ok &&= fast;
  }
  return ok;
}

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'simex-backtest-bench-'));
try {
  const csv = await generated(dir, 'csv');
  const arrow = await generated(dir, 'arrow');
  const rows = await countRows(csv);
  let ok = await bench('generated (seed 7), CSV', csv, ['size=0.05'], rows, null);
  const targets = { nothing: 2_000_000, maker: 1_000_000 };
  ok = (await bench('generated (seed 7), Arrow', arrow, ['size=0.05'], rows, targets)) && ok;
  const goog = process.env['BENCH_GOOG'];
  if (goog === undefined)
    console.log('GOOG day: set BENCH_GOOG=goog.csv (see docs/benchmarks.md) to include it');
  else
    ok = (await bench(`GOOG day (${goog})`, goog, ['size=100'], await countRows(goog), null)) && ok;
  ok = (await benchL2()) && ok;
  if (EVENTS < FULL_EVENTS)
    console.log(
      `targets not judged: they are for ${FULL_EVENTS.toLocaleString('en-US')} events or more`,
    );
  process.exitCode = ok || EVENTS < FULL_EVENTS ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
