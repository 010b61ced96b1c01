/**
 * `npm run bench:backtest`: builds dist/, then times plain `simex replay` (no --out) and
 * `simex backtest` (no --out) with a do-nothing strategy and with the example market maker
 * (`--interval 1s`), on the same flow as CSV and as an Arrow file, in the same run, each run a
 * fresh process of the built CLI (what `npx simex` runs; start-up included), in events/s. Files: 1,000,000 generated events (`--events N` or
 * BENCH_EVENTS), and the GOOG day when BENCH_GOOG names its imported scenario CSV (see
 * docs/lobster.md; CSV only). Each figure is the best of BENCH_RUNS interleaved rounds (default 3).
 * The Arrow flow also runs at 10 events and at 10N (`--quick` skips 10N): each kind's marginal
 * rate from N to 10N, (10N - N) / (t10N - tN), is what one more event costs, and the 10-event run
 * is its fixed cost (start-up, loading, compiling the strategy), reported apart.
 * Below 1,000,000 events (a quick check that it runs) the targets are not judged.
 * Targets: do-nothing >= 70% of replay; on the Arrow flow, marginal, do-nothing >= 2 M events/s
 * and the market maker >= 1 M events/s (at N without 10N). Last, the L2 row (l2-backtest-bench.ts):
 * the market maker on a synthetic L2 flow, in this process, its marginal rate from 1M to 10M rows
 * (target >= 1 M/s).
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { execFileSync, spawn } from 'node:child_process';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow, type FlowFormat } from '../../adapters/runs/generate/write-flow.js';
import { benchL2 } from './l2-backtest-bench.js';
import { binNodeFlags, built, SIMEX_MODULES } from './simex-build.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const FULL_EVENTS = 1_000_000;
const EVENTS = process.argv.includes('--events')
  ? Number(process.argv[process.argv.indexOf('--events') + 1])
  : Number(process.env['BENCH_EVENTS'] ?? FULL_EVENTS);
const QUICK = process.argv.includes('--quick');
const TARGET_RATIO = 0.7;
/** simex runs with the node flags of simex's bin, as `npx simex` runs. */
const BIN_NODE_FLAGS = binNodeFlags();
const KINDS = ['replay', 'nothing', 'maker'] as const;
type Kind = (typeof KINDS)[number];

async function generated(dir: string, format: FlowFormat, events = EVENTS): Promise<string> {
  const file = join(dir, `flow-${events}.${format}`);
  const out = createWriteStream(file);
  await writeFlow(
    {
      seed: 7,
      events,
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

/**
 * Seconds of one `simex ...` run in a fresh process (the built CLI in dist/, with its bin's node
 * flags, as `npx simex` runs).
 */
function timed(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...BIN_NODE_FLAGS, built(SIMEX_MODULES.cli), ...args], {
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

/** The three runs of one flow file. */
function kindArgs(file: string, makerParams: readonly string[]): Record<Kind, string[]> {
  return {
    replay: ['replay', file],
    nothing: ['backtest', '--strategy', 'test/bench/do-nothing-strategy.ts', '--data', file],
    maker: ['backtest', '--strategy', 'scenarios/strategies/market-maker.ts', '--data', file]
      .concat(['--interval', '1s'])
      .concat(makerParams.flatMap((param) => ['--param', param])),
  };
}

/**
 * Each kind's best seconds on each file, in interleaved rounds, so that a busy moment of the
 * machine does not favour one of them.
 */
async function bestSeconds(
  files: readonly string[],
  makerParams: readonly string[],
): Promise<Record<Kind, number>[]> {
  const best = files.map(() => ({ replay: Infinity, nothing: Infinity, maker: Infinity }));
  for (let round = 0; round < RUNS; round++) {
    for (const [index, file] of files.entries()) {
      const args = kindArgs(file, makerParams);
      for (const kind of KINDS)
        best[index]![kind] = Math.min(best[index]![kind], await timed(args[kind]));
    }
  }
  return best;
}

const LABELS: Record<Kind, string> = {
  replay: 'replay',
  nothing: 'backtest, do-nothing strategy',
  maker: 'backtest, market maker (1s timer)',
};

function rateLine(kind: Kind, value: number, replay: number, suffix = ''): string {
  return (
    `  ${LABELS[kind].padEnd(34)} ${Math.round(value).toLocaleString('en-US').padStart(10)} events/s` +
    (kind === 'replay' ? '' : `  ${((value / replay) * 100).toFixed(0)}% of replay`) +
    suffix
  );
}

/** Rates at one size; true when do-nothing keeps TARGET_RATIO of replay. */
function report(name: string, rows: number, seconds: Record<Kind, number>): boolean {
  const rate = (kind: Kind) => rows / seconds[kind];
  console.log(`${name}: ${rows.toLocaleString('en-US')} rows`);
  for (const kind of KINDS) console.log(rateLine(kind, rate(kind), rate('replay')));
  const ok = rate('nothing') / rate('replay') >= TARGET_RATIO;
  console.log(`  do-nothing >= ${TARGET_RATIO * 100}% of replay: ${ok ? 'yes' : 'NO'}`);
  return ok;
}

function judged(rates: Record<Kind, number>, what: string): boolean {
  const targets = { nothing: 2_000_000, maker: 1_000_000 };
  const fast = rates.nothing >= targets.nothing && rates.maker >= targets.maker;
  console.log(
    `  ${what}: do-nothing >= ${targets.nothing / 1e6} M/s, market maker >= ${targets.maker / 1e6} M/s: ${fast ? 'yes' : 'NO'}`,
  );
  return fast;
}

/** A CSV flow at one size: the rates and the ratio to replay. */
async function benchCsv(name: string, file: string, makerParams: string[], rows: number) {
  const [seconds] = await bestSeconds([file], makerParams);
  return report(name, rows, seconds!);
}

/** The Arrow flow at 10 events, N and 10N: rates at N, then marginal rates and fixed costs. */
async function benchArrow(dir: string, makerParams: string[]): Promise<boolean> {
  const sizes = QUICK ? [EVENTS] : [EVENTS, EVENTS * 10];
  const files = [await generated(dir, 'arrow', 10)];
  for (const size of sizes) files.push(await generated(dir, 'arrow', size));
  const [tiny, small, large] = await bestSeconds(files, makerParams);
  let ok = report('generated (seed 7), Arrow', EVENTS, small!);
  if (large === undefined) return judged(rateAt(EVENTS, small!), `at ${EVENTS} events`) && ok;
  console.log(
    `  from ${sizes[0]} to ${sizes[1]} events: marginal rate; fixed cost (a 10-event run)`,
  );
  const marginal = {} as Record<Kind, number>;
  for (const kind of KINDS) {
    marginal[kind] = (sizes[1]! - sizes[0]!) / (large[kind] - small![kind]);
    console.log(
      rateLine(kind, marginal[kind], marginal.replay, `  fixed ${tiny![kind].toFixed(2)} s`),
    );
  }
  ok = judged(marginal, 'marginal') && ok;
  return ok;
}

function rateAt(rows: number, seconds: Record<Kind, number>): Record<Kind, number> {
  return {
    replay: rows / seconds.replay,
    nothing: rows / seconds.nothing,
    maker: rows / seconds.maker,
  };
}

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'simex-backtest-bench-'));
try {
  const csv = await generated(dir, 'csv');
  const rows = await countRows(csv);
  let ok = await benchCsv('generated (seed 7), CSV', csv, ['size=0.05'], rows);
  rmSync(csv);
  ok = (await benchArrow(dir, ['size=0.05'])) && ok;
  const goog = process.env['BENCH_GOOG'];
  if (goog === undefined)
    console.log('GOOG day: set BENCH_GOOG=goog.csv (see docs/benchmarks.md) to include it');
  else ok = (await benchCsv(`GOOG day (${goog})`, goog, ['size=100'], await countRows(goog))) && ok;
  ok = (await benchL2()) && ok;
  if (EVENTS < FULL_EVENTS)
    console.log(
      `targets not judged: they are for ${FULL_EVENTS.toLocaleString('en-US')} events or more`,
    );
  process.exitCode = ok || EVENTS < FULL_EVENTS ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
