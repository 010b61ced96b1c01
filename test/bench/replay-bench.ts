/**
 * `npm run bench:replay`: builds dist/, generates 1M events and 4M (memory must stay flat), then
 * times, each in its own process (replay-phase.ts says exactly what each phase measures),
 * csv-parse alone reading the file, simex replay, and simex replay --check (first size only);
 * prints rows/s, the ratio to csv-parse alone (rows/s over csv-parse's rows/s) and peak RSS.
 * `--events N` changes the first size; `--quick` skips the 4M file, `--no-check` the --check run;
 * `--runs N` runs csv-parse and replay N times, interleaved, and keeps the fastest of each (a busy
 * machine); replay --check runs once.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flowInstruments } from '../../adapters/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/generate/write-flow.js';

interface Phase {
  rows: number;
  seconds: number;
  peakRssMb: number;
}

const argument = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const baseEvents = argument('--events', 1_000_000);
const runs = argument('--runs', 1);
const sizes = process.argv.includes('--quick') ? [baseEvents] : [baseEvents, baseEvents * 4];
const work = mkdtempSync(join(tmpdir(), 'simex-bench-'));

async function generate(events: number): Promise<string> {
  const path = join(work, `flow-${events}.csv`);
  const out = createWriteStream(path);
  const instruments = flowInstruments(['BTC-USD', 'ETH-USD']);
  await writeFlow(
    {
      seed: 42,
      events,
      instruments,
      start: Date.UTC(2026, 0, 5),
      meanIntervalMs: 100,
      accounts: 20,
    },
    out,
  );
  await new Promise((resolve) => out.end(resolve));
  return path;
}

function run(phase: string, file: string): Phase {
  const phaseScript = join(import.meta.dirname, 'replay-phase.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', phaseScript, phase, file], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as Phase;
}

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
try {
  for (const [index, events] of sizes.entries()) {
    const file = await generate(events);
    const phases = ['csv-parse', 'replay'];
    if (index === 0 && !process.argv.includes('--no-check')) phases.push('replay-check');
    const best = new Map<string, Phase>();
    for (let i = 0; i < runs; i++) {
      for (const phase of i === 0 ? phases : phases.filter((name) => name !== 'replay-check')) {
        const result = run(phase, file);
        const kept = best.get(phase);
        if (kept === undefined || result.seconds < kept.seconds) best.set(phase, result);
      }
    }
    const bare = best.get('csv-parse')!;
    const line = (name: string, phase: Phase) =>
      `${name.padEnd(16)} ${(bare.rows / phase.seconds / 1000).toFixed(0).padStart(5)} k rows/s  ` +
      `${phase.seconds.toFixed(2).padStart(6)} s  ratio ${(bare.seconds / phase.seconds).toFixed(2)}  ` +
      `peak RSS ${phase.peakRssMb.toFixed(0).padStart(4)} MB`;
    console.log(`\n${bare.rows.toLocaleString('en')} rows (best of ${runs})`);
    console.log(line('csv-parse alone', bare));
    console.log(line('replay', best.get('replay')!));
    const check = best.get('replay-check');
    if (check !== undefined) console.log(line('replay --check', check));
    rmSync(file);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
