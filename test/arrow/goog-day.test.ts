import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importLobster } from '../../adapters/flow/lobster/index.js';
import { replayRun } from '../replay-run.js';

const GOOG_ZIP = fileURLToPath(
  new URL(
    '../../../shared/data/lobster/LOBSTER_SampleFile_GOOG_2012-06-21_10.zip',
    import.meta.url,
  ),
);
const googMissing = existsSync(GOOG_ZIP) ? null : `GOOG level-10 sample not found at ${GOOG_ZIP}`;
async function imported(
  work: string,
  files: { message: string; orderbook: string },
  format: 'csv' | 'arrow',
) {
  const file = join(work, `goog.${format}`);
  const out = createWriteStream(file);
  await importLobster(
    { messageFile: files.message, orderbookFile: files.orderbook, symbol: 'GOOG-USD', format },
    out,
  );
  out.end();
  await finished(out);
  return file;
}

async function replayed(file: string): Promise<string> {
  const out = `${file}-out`;
  const { code } = await replayRun({ file, out, strict: true });
  expect(code).toBe(0);
  return out;
}

describe('the GOOG day as an Arrow flow', () => {
  it.skipIf(googMissing !== null)(
    `import lobster --format arrow replays to the same outputs as the CSV import${googMissing === null ? '' : ` (skipped: ${googMissing})`}`,
    async () => {
      // Made here, not at the top: a skipped file runs no afterAll, and would leave it behind.
      const work = mkdtempSync(join(tmpdir(), 'simex-arrow-goog-'));
      try {
        await sameOutputs(work);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    300_000,
  );
});

async function sameOutputs(work: string): Promise<void> {
  const entries = unzipSync(readFileSync(GOOG_ZIP), {
    filter: (entry) => entry.name.endsWith('_10.csv'),
  });
  const extracted = (part: string) => {
    const [name, bytes] = Object.entries(entries).find(([entry]) => entry.includes(part))!;
    const path = join(work, basename(name));
    writeFileSync(path, bytes);
    return path;
  };
  const files = { message: extracted('_message_'), orderbook: extracted('_orderbook_') };
  const [csvOut, arrowOut] = [
    await replayed(await imported(work, files, 'csv')),
    await replayed(await imported(work, files, 'arrow')),
  ];
  for (const output of ['trades.csv', 'orders.csv', 'book.json', 'ticker.json'])
    expect(
      readFileSync(join(arrowOut, output)).equals(readFileSync(join(csvOut, output))),
      output,
    ).toBe(true);
}
