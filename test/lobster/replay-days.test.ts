import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayAndCompare } from './replay-check.js';
import { SAMPLES, testSamples } from './sample-days.js';

const DAY_MS = Date.UTC(2012, 5, 21);
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/lobster/${name}`, import.meta.url)));

describe('replaying an imported LOBSTER day reproduces its orderbook file', () => {
  it('AAPL, first 999 messages: the 10 levels after every message', async () => {
    const result = await replayAndCompare(
      {
        symbol: 'AAPL-USD',
        dayMs: DAY_MS,
        messages: fixture('AAPL_2012-06-21_first999_message_10.csv'),
        orderbook: fixture('AAPL_2012-06-21_first999_orderbook_10.csv'),
        depth: 10,
      },
      () => true,
    );
    expect(result.mismatches).toEqual([]);
    expect(result.checked).toBe(999);
    expect(result.refusedRows).toBe(0);
  });

  testSamples(SAMPLES.filter((sample) => sample.levels !== 5));
});
