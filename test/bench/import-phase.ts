/**
 * One phase of `npm run bench:import` (import-bench.ts), run as plain JavaScript (compiled by tsc
 * with tsconfig.bench.json) in its own process: `import-phase.js PHASE FILE` prints
 * `{"rows": N, "seconds": S}`, timed from the first read to the last write.
 * - `csv-parse`: csv-parse alone, default options, records counted by a 'data' listener;
 * - `import`, `import-arrow`: the Tardis importer from dist/ writing the L2 CSV or Arrow form.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { builtUrl, SIMEX_MODULES } from './simex-build.js';

const [phase, file] = process.argv.slice(2);
if (file === undefined)
  throw new Error('usage: import-phase.js csv-parse|import|import-arrow FILE');

const { importTardis } = (await import(
  builtUrl(SIMEX_MODULES.l2)
)) as typeof import('../../adapters/flow/l2/index.js');

const work = mkdtempSync(join(tmpdir(), 'simex-import-phase-'));
try {
  const started = process.hrtime.bigint();
  let rows = 0;
  if (phase === 'csv-parse') {
    await new Promise<void>((resolve, reject) => {
      createReadStream(file)
        .pipe(parse())
        .on('data', () => rows++)
        .on('end', resolve)
        .on('error', reject);
    });
    rows -= 1; // the header
  } else {
    const out = createWriteStream(join(work, 'out'));
    const format = phase === 'import-arrow' ? 'arrow' : 'csv';
    rows = (await importTardis({ bookFile: file, symbol: 'BTC-USDT', format }, out)).bookRows;
    out.end();
    await finished(out);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(JSON.stringify({ rows, seconds }));
} finally {
  rmSync(work, { recursive: true, force: true });
}
