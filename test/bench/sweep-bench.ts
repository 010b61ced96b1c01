/**
 * `npm run bench:sweep`: `simex sweep` of the example market maker (16 combinations:
 * spread_ticks 1..4 x size, `--interval 1s`), in this process through the built `simex/backtest`
 * (dist/; the script builds first).
 * - Speed-up: the 16 combinations on a generated flow (`--events N` or BENCH_EVENTS, default
 *   300,000) with 1 worker and with 2. Target >= 1.7x on 2 cores. A smaller `--events` is a quick
 *   check that the bench runs: its figures are printed, and its targets are not judged.
 * - Overhead on the GOOG day (BENCH_GOOG=goog.csv, or imported here from the LOBSTER zip in
 *   ../shared/data/lobster; `--no-goog` skips it): one worker running 1 and then 5 runs of the same
 *   combination gives the start-up (worker start, strategy import, flow load) S and a combination's
 *   run C (T5 - T1 = 4C); two workers running 1 and then 5 each give them side by side (the flow's
 *   parsing then competes with the other worker's run). The per-combination overhead of 16
 *   combinations on 2 workers is S / 8 / C. Target <= 5%, on both. Also printed: the same with the
 *   5 runs being spread_ticks 1 to 5, as measured before, where S also took in how much more work
 *   spread_ticks 1 does than the mean of 2 to 5.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  createWriteStream,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { unzipSync } from 'fflate';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import type * as Backtest from '../../adapters/runs/backtest/index.js';
import { built, builtUrl, MAKER_STRATEGY, ROOT, SIMEX_MODULES } from './simex-build.js';

const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const FULL_EVENTS = 300_000;
const EVENTS = Number(argument('--events') ?? process.env['BENCH_EVENTS'] ?? FULL_EVENTS);
const GOOG_ZIP = join(ROOT, '../shared/data/lobster/LOBSTER_SampleFile_GOOG_2012-06-21_10.zip');
const SPEED_UP_TARGET = 1.7;
const OVERHEAD_TARGET = 0.05;

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const { sweep } = (await import(builtUrl(SIMEX_MODULES.backtest))) as typeof Backtest;

async function seconds(options: Omit<Backtest.SweepOptions, 'strategy'>): Promise<number> {
  const started = performance.now();
  const result = await sweep({ interval: '1s', ...options, strategy: MAKER_STRATEGY });
  if (!result.ok) throw new Error(result.error.message);
  if (result.value.failed > 0) throw new Error(`${result.value.failed} combinations failed`);
  return (performance.now() - started) / 1000;
}

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
    'csv',
  );
  out.end();
  await finished(out);
  return file;
}

/** The GOOG day as a scenario CSV: BENCH_GOOG, or imported from the LOBSTER zip; null without. */
function googDay(dir: string): string | null {
  if (process.env['BENCH_GOOG'] !== undefined) return process.env['BENCH_GOOG'];
  if (!existsSync(GOOG_ZIP)) return null;
  const files = unzipSync(readFileSync(GOOG_ZIP));
  const entry = (part: string) => {
    const name = Object.keys(files).find((file) => file.includes(part))!;
    writeFileSync(join(dir, name), files[name]!); // its name carries the day the importer reads
    return join(dir, name);
  };
  const [messages, orderbook] = [entry('_message_'), entry('_orderbook_')];
  const file = join(dir, 'goog.csv');
  const cli = built(SIMEX_MODULES.cli);
  const args = ['import', 'lobster', messages, '--symbol', 'GOOG-USD', '--orderbook', orderbook];
  const run = spawnSync(process.execPath, [cli, ...args, '--out', file], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`simex import lobster exited ${run.status}`);
  return file;
}

/**
 * Each of `workers` workers running 1 and then 5 runs of spread_ticks 1 (told apart by a `run` key
 * the strategy does not read, so every run has the same work): their start-up S and a
 * combination's run C (T5 - T1 = 4C, runs side by side when workers is 2). Prints S / 8 / C, and
 * the same with spread_ticks 1 to 5 as the 5 runs.
 */
async function googOverhead(goog: string, workers: number): Promise<number> {
  const options = { data: goog, params: { size: '100' }, workers };
  const runs = (count: number) => `run=1..${count * workers}:1`;
  const t1 = await seconds({ ...options, grid: ['spread_ticks=1', runs(1)] });
  const t5 = await seconds({ ...options, grid: ['spread_ticks=1', runs(5)] });
  const spreads = await seconds({ ...options, grid: ['spread_ticks=1..5:1', runs(1)] });
  const figures = (t5: number) => {
    const run = (t5 - t1) / 4;
    const startUp = t1 - run;
    return { run, startUp, overhead: startUp / 8 / run };
  };
  const { run, startUp, overhead } = figures(t5);
  const verdict = overhead <= OVERHEAD_TARGET ? 'yes' : 'NO';
  const before = figures(spreads);
  console.log(
    `  measured on ${workers} worker${workers === 1 ? '' : 's'}: a combination ${run.toFixed(2)} s, start-up ${startUp.toFixed(2)} s: ${(overhead * 100).toFixed(1)}% of a run; <= ${OVERHEAD_TARGET * 100}%: ${verdict}`,
  );
  console.log(
    `    (with spread_ticks 1 to 5 as the 5 runs: a combination ${before.run.toFixed(2)} s, start-up ${before.startUp.toFixed(2)} s: ${(before.overhead * 100).toFixed(1)}%)`,
  );
  return overhead;
}

const dir = mkdtempSync(join(tmpdir(), 'simex-sweep-bench-'));
try {
  let ok = true;
  const flow = await generated(dir);
  const grid = ['spread_ticks=1..4:1', 'size=0.05,0.1,0.2,0.4'];
  const one = await seconds({ data: flow, grid, workers: 1 });
  const two = await seconds({ data: flow, grid, workers: 2 });
  const speedUp = one / two;
  console.log(
    `generated flow (seed 7, ${EVENTS.toLocaleString('en-US')} events), 16 combinations:`,
  );
  console.log(
    `  1 worker ${one.toFixed(2)} s, 2 workers ${two.toFixed(2)} s: speed-up ${speedUp.toFixed(2)}x`,
  );
  console.log(`  speed-up >= ${SPEED_UP_TARGET}x: ${speedUp >= SPEED_UP_TARGET ? 'yes' : 'NO'}`);
  ok &&= speedUp >= SPEED_UP_TARGET;
  const goog = process.argv.includes('--no-goog') ? null : googDay(dir);
  if (goog === null)
    console.log('GOOG day: skipped (--no-goog, or no LOBSTER zip and no BENCH_GOOG)');
  else {
    console.log(`GOOG day (${goog}), overhead per combination of 16 on 2 workers:`);
    for (const workers of [1, 2]) {
      const overhead = await googOverhead(goog, workers);
      ok &&= overhead <= OVERHEAD_TARGET;
    }
  }
  if (EVENTS < FULL_EVENTS)
    console.log(
      `targets not judged: they are for ${FULL_EVENTS.toLocaleString('en-US')} events or more`,
    );
  process.exitCode = ok || EVENTS < FULL_EVENTS ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
