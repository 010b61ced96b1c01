import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../lobster/sample-days.js';
import { compareL2ViewWithL3 } from './l2-view-check.js';

const DAY_MS = Date.UTC(2012, 5, 21);
/** Beside the clone (CI), or the machine's shared folder. */
const SAMPLE_DIR = [
  fileURLToPath(new URL('../../../shared/data/lobster/', import.meta.url)),
  '/work/shared/data/lobster/',
].find((dir) => existsSync(dir));
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/lobster/${name}`, import.meta.url)));

describe("a LOBSTER day's L2 view replays into the L3 flow's book", () => {
  it('AAPL, first 999 messages: the 10 levels after every message', async () => {
    const result = await compareL2ViewWithL3({
      symbol: 'AAPL-USD',
      dayMs: DAY_MS,
      messages: fixture('AAPL_2012-06-21_first999_message_10.csv'),
      orderbook: fixture('AAPL_2012-06-21_first999_orderbook_10.csv'),
      depth: 10,
    });
    expect(result.mismatches).toEqual([]);
    expect(result.checked).toBe(999);
    expect(result.refusedRows).toBe(0);
  });

  for (const sample of SAMPLES) {
    const zip = `${SAMPLE_DIR ?? '../shared/data/lobster/'}LOBSTER_SampleFile_${sample.ticker}_2012-06-21_${sample.levels}.zip`;
    const skipped = existsSync(zip) ? '' : ` (skipped: LOBSTER sample not found at ${zip})`;
    it.skipIf(skipped !== '')(
      `${sample.ticker}, ${sample.levels} level(s): the top 10 levels after each of its ${sample.counts.messages} messages${skipped}`,
      async () => {
        const files = unzipSync(readFileSync(zip));
        const entry = (part: string) =>
          Buffer.from(files[Object.keys(files).find((name) => name.includes(part))!]!);
        const result = await compareL2ViewWithL3({
          symbol: `${sample.ticker}-USD`,
          dayMs: DAY_MS,
          messages: entry('_message_'),
          orderbook: entry('_orderbook_'),
          depth: sample.levels,
        });
        expect(result.mismatches).toEqual([]);
        expect(result.checked).toBe(sample.counts.messages);
        expect(result.refusedRows).toBe(0);
      },
      300_000,
    );
  }
});
