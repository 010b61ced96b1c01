/**
 * One measured phase of `npm run bench:replay`, in its own process so that its peak RSS is its
 * own: `csv-parse` (csv-parse alone reading the file), `replay` or `replay-check` (simex replay
 * with outputs to a directory). Prints {rows, seconds, peakRssMb} as JSON.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { replayFile } from '../../adapters/replay/replay-file.js';

const [phase, file] = process.argv.slice(2);
if (file === undefined)
  throw new Error('usage: replay-phase.ts csv-parse|replay|replay-check FILE');

const started = performance.now();
let rows = 0;
if (phase === 'csv-parse') {
  for await (const record of createReadStream(file).pipe(parse({ relax_column_count: true }))) {
    if ((record as string[]).length > 0) rows++;
  }
} else {
  const out = mkdtempSync(join(tmpdir(), 'simex-bench-out-'));
  let stderr = '';
  const code = await replayFile({
    file,
    out,
    check: phase === 'replay-check',
    strict: false,
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
  });
  rmSync(out, { recursive: true, force: true });
  if (code !== 0) throw new Error(`replay failed (${code}): ${stderr}`);
  rows = -1;
}
const seconds = (performance.now() - started) / 1000;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(JSON.stringify({ rows, seconds, peakRssMb }) + '\n');
