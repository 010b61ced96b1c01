/**
 * `npm run bench [-- --scale=0.1]`: simex's numeric path (`venue.core`), its string API
 * (`placeOrder` etc.) and nodejs-order-book on one seeded workload. Per depth profile (about 5, 50
 * and 500 orders per price level): 200k non-crossing limit inserts, 200k aggressive operations
 * (half crossing limits, half market orders), 100k cancels; "mixed" is all of them over their
 * total time. Then the memory (heap and typed arrays) per resting order. The numeric path gets
 * ticks and lots, the string API decimal strings, the peer numbers.
 *
 * Every measurement runs in a fresh process (this script with `--engine`, compiled by tsc, so that
 * simex runs as the plain JavaScript its users get, like the peer), like JMH's forks: one
 * engine's garbage and the heap limits V8 derived from it must not bill another engine. The
 * engines alternate and the median of the runs is shown; only the ratios of one run mean much on
 * a shared machine.
 *
 * One engine's run at one depth, with a CPU profile of each phase (`DIR/<engine>-<depth>-<phase>.cpuprofile`):
 * `node build.config.js tsconfig.bench.json && node --expose-gc dist/bench/test/bench/core-bench.js
 * --engine=numeric --depth=50 --profile=DIR` (prints the phases' times as JSON).
 */
import { execFileSync } from 'node:child_process';
import { SeededRandom } from '../../src/index.js';
import {
  profilePhases,
  runNumeric,
  runPeer,
  runStrings,
  type Engine,
  type PhaseTimes,
} from './core-engines.js';
import { buildWorkload } from './core-workload.js';
import { compiled, compilePhaseScripts, PHASE_SCRIPTS } from './simex-build.js';

const scaleArgument = process.argv.find((argument) => argument.startsWith('--scale='));
const SCALE = scaleArgument === undefined ? 1 : Number(scaleArgument.slice('--scale='.length));
if (!(SCALE > 0 && SCALE <= 1)) throw new Error('--scale must be a number in (0, 1]');
const COUNTS = {
  insert: Math.round(200_000 * SCALE),
  aggressive: Math.round(200_000 * SCALE),
  cancel: Math.round(100_000 * SCALE),
};
const RUNS = 3;
const PHASES = ['insert', 'aggressive', 'cancel'] as const;
const ENGINES: Record<string, Engine> = {
  numeric: runNumeric,
  string: runStrings,
  peer: runPeer,
};

/** Child: the warm-up workload, then one measured run of one engine; prints its times as JSON. */
function measureHere(engine: Engine, ordersPerLevel: number): void {
  const work = buildWorkload(
    new SeededRandom(ordersPerLevel),
    COUNTS.insert,
    COUNTS.aggressive,
    COUNTS.cancel,
    ordersPerLevel,
  );
  engine(buildWorkload(new SeededRandom(1), 20_000, 20_000, 10_000, ordersPerLevel));
  process.stdout.write(JSON.stringify(engine(work)));
}

/** This script compiled by `node build.config.js tsconfig.bench.json`, which the parent runs first. */
const COMPILED = compiled(PHASE_SCRIPTS.core);

/** Parent: one engine's run in a fresh process. */
function measureApart(engine: string, ordersPerLevel: number): PhaseTimes {
  const args = [`--scale=${SCALE}`, `--engine=${engine}`, `--depth=${ordersPerLevel}`];
  const output = execFileSync(process.execPath, ['--expose-gc', COMPILED, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output) as PhaseTimes;
}

const rows: string[][] = [
  [
    'orders/level',
    'phase',
    'numeric ops/s',
    'string ops/s',
    'peer ops/s',
    'numeric/peer',
    'string/peer',
  ],
];
const format = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
const total = COUNTS.insert + COUNTS.aggressive + COUNTS.cancel;
const rateOf = (phase: (typeof PHASES)[number] | 'mixed', times: PhaseTimes): number =>
  phase === 'mixed'
    ? total / (times.insert + times.aggressive + times.cancel)
    : COUNTS[phase] / times[phase];

/** A row of figures for the three engines and the two ratios to the peer. */
function row(depth: number, what: string, [numeric, strings, peer]: number[], ratio: boolean) {
  const relative = (value: number) =>
    ratio ? (value / peer!).toFixed(1) + 'x' : (value / peer!).toFixed(2);
  return [
    String(depth),
    what,
    format(numeric!),
    format(strings!),
    format(peer!),
    relative(numeric!),
    relative(strings!),
  ];
}

/** The table: per depth, each engine's phases (median of its runs), then bytes per order. */
function report(): void {
  console.log(
    `median of ${RUNS} alternating runs per engine, each in a fresh process, scale ${SCALE}; memory = JS heap + typed arrays after GC`,
  );
  const names = Object.keys(ENGINES);
  for (const ordersPerLevel of [5, 50, 500]) {
    const runs: PhaseTimes[][] = names.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      names.forEach((name, index) => runs[index]!.push(measureApart(name, ordersPerLevel)));
    }
    for (const phase of [...PHASES, 'mixed'] as const) {
      const rates = runs.map((times) => median(times.map((each) => rateOf(phase, each))));
      rows.push(row(ordersPerLevel, phase, rates, true));
    }
    const bytes = runs.map((times) => median(times.map((each) => each.bytesPerOrder)));
    rows.push(row(ordersPerLevel, 'bytes/resting order', bytes, false));
  }
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((cells) => cells[column]!.length)),
  );
  for (const cells of rows)
    console.log(cells.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
}

const engineArgument = process.argv.find((argument) => argument.startsWith('--engine='));
if (engineArgument === undefined) {
  compilePhaseScripts();
  report();
} else {
  const depthArgument = process.argv.find((argument) => argument.startsWith('--depth='))!;
  const engineName = engineArgument.slice('--engine='.length);
  const depth = Number(depthArgument.slice('--depth='.length));
  const profileArgument = process.argv.find((argument) => argument.startsWith('--profile='));
  if (profileArgument !== undefined) {
    profilePhases(profileArgument.slice('--profile='.length), `${engineName}-${depth}`);
  }
  measureHere(ENGINES[engineName]!, depth);
}
