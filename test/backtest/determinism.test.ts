import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBacktestOptions } from '../../adapters/runs/backtest/backtest-options.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import type { Summary } from '../../adapters/runs/backtest/summary.js';
import { captureIo, tempFiles, writeGeneratedFlow } from './helpers.js';

const dir = tempFiles({});
const flow = join(dir, 'flow.csv');
const OUTPUTS = ['equity.csv', 'fills.csv', 'report.html', 'round_trips.csv', 'summary.json'];

beforeAll(async () => {
  await writeGeneratedFlow(flow, 11, 6000);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function backtest(strategy: string, out: string, extra: string[] = []): Promise<string> {
  const options = parseBacktestOptions({
    strategy: `scenarios/strategies/${strategy}.ts`,
    data: flow,
    out: join(dir, out),
    latency: '20ms',
    interval: '1s',
    makerFee: '-0.0001',
    takerFee: '0.0005',
    param: extra,
  });
  if (typeof options === 'string') throw new Error(options);
  const io = captureIo();
  expect(await runBacktestCommand(options, io.io)).toBe(0);
  expect(io.stderr).toBe('');
  return io.stdout;
}

describe('determinism', () => {
  it('the same inputs give byte-identical outputs', async () => {
    const first = await backtest('market-maker', 'a', ['size=0.05']);
    const second = await backtest('market-maker', 'b', ['size=0.05']);
    expect(second).toBe(first);
    expect(readdirSync(join(dir, 'a')).sort()).toEqual(OUTPUTS);
    for (const name of OUTPUTS) {
      expect(readFileSync(join(dir, 'b', name), 'utf8'), name).toBe(
        readFileSync(join(dir, 'a', name), 'utf8'),
      );
    }
    const summary = JSON.parse(readFileSync(join(dir, 'a', 'summary.json'), 'utf8')) as Summary;
    expect(summary.totals[0]!.maker_fills).toBeGreaterThan(0);
  });

  it('the report is one self-contained page', async () => {
    await backtest('momentum-taker', 'm', ['threshold_ticks=5', 'lookback=3']);
    const html = readFileSync(join(dir, 'm', 'report.html'), 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    // Scripts and styles are inline: nothing is loaded from anywhere.
    expect(html).not.toMatch(/<script[^>]* src=|<link|<img|<iframe|url\(|@import/i);
    expect(html.match(/<script>/g)?.length).toBe(2);
    expect(html).toContain('uPlot');
    expect(html.match(/<div id="[a-z0-9-]+"><\/div>/g)?.length).toBeGreaterThanOrEqual(4);
    const summary = JSON.parse(readFileSync(join(dir, 'm', 'summary.json'), 'utf8')) as Summary;
    expect(summary.totals[0]!.taker_fills).toBeGreaterThan(0);
  });
});
