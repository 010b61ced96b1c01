/**
 * `npm run bench:replay`: builds dist/, generates N events (default 1M) as CSV and as an Arrow
 * flow, and 10N (memory must stay flat), then times, each in its own process (replay-phase.ts
 * says exactly what each phase measures): csv-parse alone reading the CSV, simex replay of the
 * CSV (with --out), simex replay of the Arrow flow without and with --out, and simex replay
 * --check (first size only). Prints events/s, the ratio to csv-parse alone, peak RSS, the issue's
 * targets, and the peak RSS growth from N to 10N; then each phase's marginal rate from N to 10N
 * events and its fixed cost (opening the file, V8 compiling the hot code), which a run of N events
 * pays whatever its rate.
 * `--events N` changes the first size; `--quick` skips the 10N files, `--no-check` the --check
 * run; `--runs N` runs every phase N times, interleaved, and keeps the fastest of each (a busy
 * machine); replay --check runs once.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow, type FlowFormat } from '../../adapters/runs/generate/write-flow.js';
import { binNodeFlags, compiled, compilePhaseScripts, PHASE_SCRIPTS } from './simex-build.js';

interface Phase {
  rows: number;
  seconds: number;
  peakRssMb: number;
}

const argument = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const baseEvents = argument('--events', 1_000_000);
const runs = argument('--runs', 1);
const sizes = process.argv.includes('--quick') ? [baseEvents] : [baseEvents, baseEvents * 10];
const work = mkdtempSync(join(tmpdir(), 'simex-bench-'));

async function generate(events: number, format: FlowFormat): Promise<string> {
  const path = join(work, `flow-${events}.${format}`);
  const out = createWriteStream(path);
  const instruments = flowInstruments(['BTC-USD', 'ETH-USD']);
  const options = {
    seed: 42,
    events,
    instruments,
    start: Date.UTC(2026, 0, 5),
    meanIntervalMs: 100,
    accounts: 20,
  };
  await writeFlow(options, out, format);
  out.end();
  await finished(out);
  return path;
}

function run(phase: string, file: string): Phase {
  const flags = phase === 'csv-parse' ? [] : BIN_NODE_FLAGS;
  const output = execFileSync(process.execPath, [...flags, PHASE_SCRIPT, phase, file], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as Phase;
}

/** Label, phase, format; the targets of issue 9 in events/s or as a ratio to csv-parse. */
const PHASES = [
  { label: 'csv-parse alone', phase: 'csv-parse', format: 'csv', target: '' },
  { label: 'replay csv --out', phase: 'replay', format: 'csv', target: 'ratio >= 0.8' },
  { label: 'replay arrow', phase: 'replay-summary', format: 'arrow', target: '>= 3 M/s' },
  { label: 'replay arrow --out', phase: 'replay', format: 'arrow', target: '>= 2 M/s' },
  { label: 'replay csv --check', phase: 'replay-check', format: 'csv', target: '' },
] as const;

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
// The phases run as plain JavaScript, as users run simex: under tsx, each process carried some
// 40 MB of the loader's own, which hid a third of the peak RSS's growth from 1M to 10M events.
compilePhaseScripts();
const PHASE_SCRIPT = compiled(PHASE_SCRIPTS.replay);
/** simex's phases run with the node flags of simex's bin, as `npx simex` runs. */
const BIN_NODE_FLAGS = binNodeFlags();
const peaks: number[] = [];
/** Per phase label, the best seconds at each size. */
const seconds = new Map<string, number[]>();
try {
  for (const [index, events] of sizes.entries()) {
    const files = { csv: await generate(events, 'csv'), arrow: await generate(events, 'arrow') };
    const phases = PHASES.filter(
      ({ phase }) =>
        phase !== 'replay-check' || (index === 0 && !process.argv.includes('--no-check')),
    );
    const best = new Map<string, Phase>();
    for (let i = 0; i < runs; i++) {
      for (const { label, phase, format } of phases) {
        if (i > 0 && phase === 'replay-check') continue;
        const result = run(phase, files[format]);
        const kept = best.get(label);
        if (kept === undefined || result.seconds < kept.seconds) best.set(label, result);
      }
    }
    const bare = best.get('csv-parse alone')!;
    console.log(`\n${bare.rows.toLocaleString('en')} events (best of ${runs})`);
    for (const { label, target } of phases) {
      const phase = best.get(label)!;
      console.log(
        `${label.padEnd(20)} ${(bare.rows / phase.seconds / 1e6).toFixed(2).padStart(6)} M events/s  ` +
          `${phase.seconds.toFixed(2).padStart(6)} s  ratio ${(bare.seconds / phase.seconds).toFixed(2)}  ` +
          `peak RSS ${phase.peakRssMb.toFixed(0).padStart(4)} MB  ${target}`,
      );
    }
    for (const [label, phase] of best)
      seconds.set(label, [...(seconds.get(label) ?? []), phase.seconds]);
    peaks.push(best.get('replay arrow --out')!.peakRssMb);
    rmSync(files.csv);
    rmSync(files.arrow);
  }
  if (peaks.length === 2) {
    const growth = (peaks[1]! / peaks[0]! - 1) * 100;
    console.log(
      `\npeak RSS of replay arrow --out, ${sizes[1]} vs ${sizes[0]} events: ` +
        `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}% (target: within 10%)`,
    );
    console.log(`\nfrom ${sizes[0]} to ${sizes[1]} events: marginal rate, fixed cost`);
    for (const [label, [small, large]] of seconds) {
      if (large === undefined) continue;
      const marginal = (sizes[1]! - sizes[0]!) / (large - small!);
      const fixed = small! - sizes[0]! / marginal;
      console.log(
        `${label.padEnd(20)} ${(marginal / 1e6).toFixed(2).padStart(6)} M events/s  ` +
          `${fixed.toFixed(2).padStart(6)} s`,
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
