/**
 * `npm run bench:import`: generates a Tardis `incremental_book_L2` CSV of N rows (default 1M, a
 * seeded book of 2 x 200 levels around a fixed mid, messages of 1-4 level updates, a level removed
 * now and then), then times, each in its own process as plain JavaScript (import-phase.ts says
 * what each measures): csv-parse alone, the Tardis importer writing the L2 CSV form, and writing
 * the Arrow form.
 * Prints rows/s and the import's ratio to csv-parse (issue 30's target: >= 0.8).
 * `--rows N` changes the size; `--runs N` runs every phase N times, interleaved, keeping the
 * fastest of each (a busy machine). `--generate FILE` only writes the file (for a profiler).
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { compiled, compilePhaseScripts, PHASE_SCRIPTS } from './simex-build.js';

const PHASES = ['csv-parse', 'import', 'import-arrow'] as const;
type Phase = (typeof PHASES)[number];
const PHASE_SCRIPT = compiled(PHASE_SCRIPTS.import);
const argument = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;

/** A small seeded generator (xorshift32), so that every run times the same file. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

async function generate(path: string, rows: number): Promise<void> {
  const random = generator(30);
  const out = createWriteStream(path);
  let chunk = 'exchange,symbol,timestamp,local_timestamp,is_snapshot,side,price,amount\n';
  const level = (side: 'bid' | 'ask', ticks: number) =>
    (side === 'bid' ? 4_250_000 - ticks : 4_250_001 + ticks) / 100;
  const amount = () => (Math.floor(random() * 100_000) / 1000).toString();
  let us = 1_704_153_600_000_000;
  let written = 0;
  const line = (snapshot: boolean, side: 'bid' | 'ask', price: number, size: string) => {
    chunk += `binance-futures,BTCUSDT,${us - 1200},${us},${snapshot},${side},${price},${size}\n`;
    written++;
  };
  for (let ticks = 0; ticks < 200; ticks++) {
    line(true, 'bid', level('bid', ticks), amount());
    line(true, 'ask', level('ask', ticks), amount());
  }
  while (written < rows) {
    us += 1 + Math.floor(random() * 50_000);
    const updates = 1 + Math.floor(random() * 4);
    for (let i = 0; i < updates && written < rows; i++) {
      const side = random() < 0.5 ? 'bid' : 'ask';
      line(false, side, level(side, Math.floor(random() * 200)), random() < 0.1 ? '0' : amount());
    }
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await finished(out);
}

if (process.argv[2] === '--generate') {
  await generate(process.argv[3]!, argument('--rows', 1_000_000));
} else {
  const rows = argument('--rows', 1_000_000);
  const runs = argument('--runs', 1);
  compilePhaseScripts();
  const work = mkdtempSync(join(tmpdir(), 'simex-bench-import-'));
  try {
    const file = join(work, 'incremental_book_L2.csv');
    await generate(file, rows);
    const best = new Map<Phase, number>();
    for (let run = 0; run < runs; run++) {
      for (const phase of PHASES) {
        const output = execFileSync(process.execPath, [PHASE_SCRIPT, phase, file], {
          encoding: 'utf8',
        });
        const result = JSON.parse(output) as { rows: number; seconds: number };
        if (result.rows !== rows) throw new Error(`${phase} read ${result.rows} rows, not ${rows}`);
        best.set(phase, Math.min(best.get(phase) ?? Infinity, result.seconds));
      }
    }
    const csvParse = best.get('csv-parse')!;
    console.log(`Tardis incremental_book_L2 CSV, ${rows} rows (best of ${runs})`);
    for (const phase of PHASES) {
      const seconds = best.get(phase)!;
      const ratio = csvParse / seconds;
      const target =
        phase === 'csv-parse'
          ? ''
          : `  ratio to csv-parse ${ratio.toFixed(2)}${phase === 'import' ? ' (target >= 0.8)' : ''}`;
      console.log(
        `${phase.padEnd(13)} ${seconds.toFixed(3)} s  ${Math.round(rows / seconds).toLocaleString('en')} rows/s${target}`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
