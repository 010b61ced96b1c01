import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayAndCompare } from './replay-check.js';
import { SAMPLES, checkSample, missingReason, type Sample } from './sample-days.js';

const DAY_MS = Date.UTC(2012, 5, 21);
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/lobster/${name}`, import.meta.url)));

/** What each sample's import made, as its stderr note counts it. */
const IMPORTED: Record<string, object> = {
  AAPL_1: {
    rows: 139_672,
    hiddenExecutions: 11_332,
    unknownOnLevel: 14_980,
    seedOrders: 1,
    depthOrders: 10_301,
    depthReductions: 15_599,
  },
  AMZN_1: {
    rows: 70_891,
    hiddenExecutions: 2445,
    unknownOnLevel: 7467,
    seedOrders: 2,
    depthOrders: 5114,
    depthReductions: 5856,
  },
  AMZN_5: {
    rows: 175_889,
    hiddenExecutions: 2445,
    unknownOnLevel: 8491,
    seedOrders: 10,
    depthOrders: 6865,
    depthReductions: 8462,
  },
  GOOG_1: {
    rows: 58_884,
    hiddenExecutions: 3913,
    unknownOnLevel: 4476,
    seedOrders: 2,
    depthOrders: 3690,
    depthReductions: 5942,
  },
  GOOG_5: {
    rows: 124_088,
    hiddenExecutions: 3913,
    unknownOnLevel: 4951,
    seedOrders: 10,
    depthOrders: 5485,
    depthReductions: 7617,
  },
  GOOG_10: {
    rows: 153_091,
    hiddenExecutions: 3913,
    unknownOnLevel: 3363,
    seedOrders: 20,
    depthOrders: 3939,
    depthReductions: 4393,
  },
};

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

  const title = (sample: Sample) => {
    const skipped = missingReason(sample);
    return `${sample.ticker} full day, ${sample.levels} level(s): the book after every one of its ${sample.messages} messages${skipped === null ? '' : ` (skipped: ${skipped})`}`;
  };
  for (const sample of SAMPLES) {
    it.skipIf(missingReason(sample) !== null)(
      title(sample),
      async () => {
        const result = await checkSample(sample);
        expect(result.mismatches).toEqual([]);
        expect(result.checked).toBe(sample.messages);
        expect(result.refusedRows).toBe(0);
        expect(result.counts).toEqual({
          messages: sample.messages,
          crossTrades: 0,
          halts: 0,
          unknownSkipped: 0,
          ...IMPORTED[`${sample.ticker}_${sample.levels}`],
        });
      },
      300_000,
    );
  }
});
