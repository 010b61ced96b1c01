/**
 * `npm run bench:replay`: generates 1M events (and 4M, for memory), then times in separate
 * processes csv-parse alone reading the file, simex replay without and with --check; prints
 * rows/s, the ratio to bare csv-parse and peak RSS. `--events N` changes the first size; `--quick`
 * skips the 4M file, `--no-check` the --check run.
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

const argument = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const baseEvents = process.argv.includes('--events') ? Number(argument('--events')) : 1_000_000;
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

try {
  for (const [index, events] of sizes.entries()) {
    const file = await generate(events);
    const bare = run('csv-parse', file);
    const rows = bare.rows - 1; // the header
    const line = (name: string, phase: Phase) =>
      `${name.padEnd(22)} ${(rows / phase.seconds / 1000).toFixed(0).padStart(6)} k rows/s  ` +
      `${phase.seconds.toFixed(2).padStart(7)} s  ratio ${(bare.seconds / phase.seconds).toFixed(2)}  ` +
      `peak RSS ${phase.peakRssMb.toFixed(0)} MB`;
    console.log(`\n${events.toLocaleString('en')} events`);
    console.log(line('csv-parse alone', bare));
    console.log(line('replay', run('replay', file)));
    if (index === 0 && !process.argv.includes('--no-check'))
      console.log(line('replay --check', run('replay-check', file)));
    rmSync(file);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
