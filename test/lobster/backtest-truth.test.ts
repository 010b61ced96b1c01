/**
 * The truth of bench:calibrate (docs/l2.md, "How far to trust each model"): the example market
 * maker backtested on an imported LOBSTER day under `marketImpact: 'none'` leaves the day's own
 * book untouched: without the strategy's orders, the venue's book is the orderbook file's after
 * every message, while the strategy trades.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadStrategy } from '../../adapters/runs/backtest/strategy-loader.js';
import { ParamValues } from '../../adapters/runs/backtest/strategy-params.js';
import { testConfig } from '../backtest/helpers.js';
import { backtestAndCompare, type DayFiles } from './replay-check.js';
import { SAMPLES, sampleDay, sampleMissing } from './sample-days.js';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/lobster/${name}`, import.meta.url)));
const MARKET_MAKER = fileURLToPath(
  new URL('../../scenarios/strategies/market-maker.ts', import.meta.url),
);
const DAY = {
  symbol: 'AAPL-USD',
  dayMs: Date.UTC(2012, 5, 21),
  messages: fixture('AAPL_2012-06-21_first999_message_10.csv'),
  orderbook: fixture('AAPL_2012-06-21_first999_orderbook_10.csv'),
  depth: 10,
};

async function run(marketImpact: 'full' | 'none', day: DayFiles = DAY) {
  const params = new ParamValues({ size: '100', spread_ticks: '2' });
  const strategy = await loadStrategy(MARKET_MAKER, params);
  const config = testConfig({ intervalMs: 1000, params, marketImpact });
  return backtestAndCompare(day, strategy, config);
}

/** The market maker's fills (spread 2) on each sample day. */
const SAMPLE_FILLS: Record<string, number> = {
  AAPL_1: 11925,
  AMZN_1: 4650,
  AMZN_5: 4633,
  GOOG_1: 4827,
  GOOG_5: 4934,
  GOOG_10: 4934,
};

describe('the market maker on a LOBSTER day without market impact', () => {
  it("keeps the day's 10 levels, the strategy's orders aside, after every message", async () => {
    const none = await run('none');
    expect(none.fills).toBe(69);
    expect(none.checked).toBe(999);
    expect(none.mismatches).toEqual([]);
    expect(none.refusedRows).toBe(0);
  });

  it('under full impact it does not: orders the strategy saved from execution stay', async () => {
    const full = await run('full');
    expect(full.mismatchCount).toBeGreaterThan(0);
  });

  for (const sample of SAMPLES) {
    const skipped = sampleMissing(sample);
    it.skipIf(skipped !== '')(
      `${sample.ticker} full day, ${sample.levels} level(s): the book after every message${skipped}`,
      async () => {
        const none = await run('none', sampleDay(sample));
        expect(none.fills).toBe(SAMPLE_FILLS[`${sample.ticker}_${sample.levels}`]);
        expect(none.checked).toBe(sample.counts.messages);
        expect(none.mismatches).toEqual([]);
        expect(none.refusedRows).toBe(0);
      },
      300_000,
    );
  }
});
