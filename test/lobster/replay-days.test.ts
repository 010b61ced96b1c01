import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { replayAndCompare } from './replay-check.js';

const DAY_MS = Date.UTC(2012, 5, 21);
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/lobster/${name}`, import.meta.url)));
const GOOG_ZIP = fileURLToPath(
  new URL(
    '../../../shared/data/lobster/LOBSTER_SampleFile_GOOG_2012-06-21_10.zip',
    import.meta.url,
  ),
);

describe('replaying an imported LOBSTER day reproduces its orderbook file', () => {
  it('AAPL, first 999 messages: the 10 levels after every message', async () => {
    const result = await replayAndCompare(
      {
        symbol: 'AAPL-USD',
        dayMs: DAY_MS,
        messages: fixture('AAPL_2012-06-21_first999_message_10.csv'),
        orderbook: fixture('AAPL_2012-06-21_first999_orderbook_10.csv'),
      },
      () => true,
    );
    expect(result.mismatches).toEqual([]);
    expect(result.checked).toBe(999);
    expect(result.refusedRows).toBe(0);
  });

  const googMissing = existsSync(GOOG_ZIP) ? null : `GOOG level-10 sample not found at ${GOOG_ZIP}`;
  it.skipIf(googMissing !== null)(
    `GOOG full day, 10 levels: the book after every one of its 147916 messages${googMissing === null ? '' : ` (skipped: ${googMissing})`}`,
    async () => {
      const files = unzipSync(readFileSync(GOOG_ZIP), {
        filter: (file) => file.name.endsWith('_10.csv'),
      });
      const named = (part: string) => {
        const entry = Object.entries(files).find(([name]) => name.includes(part));
        if (entry === undefined) throw new Error(`no ${part} file in ${GOOG_ZIP}`);
        return Buffer.from(entry[1]);
      };
      const result = await replayAndCompare(
        {
          symbol: 'GOOG-USD',
          dayMs: DAY_MS,
          messages: named('_message_'),
          orderbook: named('_orderbook_'),
        },
        () => true,
      );
      expect(result.mismatches).toEqual([]);
      expect(result.checked).toBe(147_916);
      expect(result.refusedRows).toBe(0);
    },
    120_000,
  );
});
