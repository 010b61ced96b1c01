/**
 * `simex/backtest` from code: runBacktest gives what `simex backtest --out` writes, failures as
 * values; sweep's metrics are runBacktest's; --holdout's first part is a backtest of the rows before
 * the split; the held-out part starts on the book the first part left.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { runBacktest, sweep } from '../../adapters/runs/backtest/index.js';
import { backtestFlow } from '../../adapters/runs/backtest/in-process.js';
import { summaryJson } from '../../adapters/runs/backtest/summary.js';
import type { BookSnapshot } from '../../adapters/runs/backtest/strategy.js';
import { parseScenarioTime, type ParsedScenarioRow } from '../../adapters/flow/index.js';
import { openScenario } from '../../adapters/flow/csv/index.js';
import { holdoutSplit } from '../../adapters/runs/backtest/sweep/holdout.js';
import {
  orderPathLatency,
  SMALL_FLOW,
  tempFiles,
  testConfig,
  writeGeneratedFlow,
} from '../backtest/helpers.js';
import { simex } from '../cli/run-simex.js';
import { TAKER_STRATEGY } from './taker-strategy.js';

const dir = tempFiles({ 'taker.mjs': TAKER_STRATEGY });
const flow = join(dir, 'flow.csv');
const taker = join(dir, 'taker.mjs');
const base = { strategy: taker, data: flow, interval: '1s' };

beforeAll(() => writeGeneratedFlow(flow, 11, 600));

describe('runBacktest', () => {
  it('returns the summary, fills and equity that simex backtest --out writes', async () => {
    const cli = await simex(
      'backtest',
      '--strategy',
      taker,
      '--data',
      flow,
      '--interval',
      '1s',
      '--param',
      'size=0.02',
      '--out',
      join(dir, 'cli'),
    );
    expect(cli.code).toBe(0);
    const run = await runBacktest({ ...base, params: { size: '0.02' } });
    if (!run.ok) throw new Error(run.error.message);
    const { summary, fills, equity } = run.value;
    expect(summaryJson(summary)).toBe(readFileSync(join(dir, 'cli', 'summary.json'), 'utf8'));
    const fillLines = readFileSync(join(dir, 'cli', 'fills.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    expect(fills.length).toBeGreaterThan(0);
    expect(
      fills.map((fill) => [fill.tradeId, fill.price, fill.size, fill.fee, fill.position].join()),
    ).toEqual(
      fillLines
        .map((line) => line.split(','))
        .map((cells) => [cells[1], cells[6], cells[7], cells[8], cells[9]].join()),
    );
    const equityLines = readFileSync(join(dir, 'cli', 'equity.csv'), 'utf8')
      .trim()
      .split('\n');
    expect(
      equity.map((sample) =>
        [new Date(sample.timestamp).toISOString(), ...Object.values(sample.equity)].join(),
      ),
    ).toEqual(
      equityLines.slice(1).map((line) =>
        line
          .split(',')
          .filter((_, column) => equityLines[0]!.split(',')[column] !== 'drawdown_USD')
          .join(),
      ),
    );
  });

  it('returns failures as values with the exit reason of simex backtest', async () => {
    expect(
      await runBacktest({ ...base, data: join(dir, 'missing.csv'), params: { size: '0.01' } }),
    ).toEqual({
      ok: false,
      error: {
        code: 'bad_input',
        message: `${join(dir, 'missing.csv')}: no such file or directory (ENOENT)`,
      },
    });
    expect(await runBacktest({ ...base, latency: 'soon' })).toEqual({
      ok: false,
      error: {
        code: 'bad_input',
        message:
          '--latency must be a duration (5, 5ms, 1s), lognormal:median=5,sigma=0.5[,spike=0.01x20], file:PATH.csv[#column] or data (feed only); got "soon"',
      },
    });
    const thrown = await runBacktest({ ...base, params: { size: '0.03' } });
    expect(thrown.ok ? null : thrown.error.code).toBe('run_failed');
  });
});

describe('sweep', () => {
  it('gives each combination the metrics runBacktest gives, ranked, and the failing one its error', async () => {
    const swept = await sweep({ ...base, grid: ['size=0.01,0.03', 'every=2'], workers: 1 });
    if (!swept.ok) throw new Error(swept.error.message);
    const [first, second] = swept.value.ranked;
    expect([first!.params, second!.params]).toEqual([
      { size: '0.01', every: '2' },
      { size: '0.03', every: '2' },
    ]);
    const run = await runBacktest({ ...base, params: { size: '0.01', every: '2' } });
    if (!run.ok) throw new Error(run.error.message);
    const { quote, ...totals } = run.value.summary.totals[0]!;
    expect(quote).toBe('USD');
    expect(first!.metrics).toEqual(totals);
    expect([second!.metrics, second!.error?.startsWith(`${taker}: onTimer at `)]).toEqual([
      null,
      true,
    ]);
    expect(swept.value.failed).toBe(1);
  }, 180_000);

  it('reads an Arrow flow once, shared by the workers, with the results of its CSV', async () => {
    const arrow = join(dir, 'flow.arrow');
    await convertFlowFile(flow, arrow);
    const options = { ...base, grid: ['size=0.01,0.02'], workers: 2 };
    const [fromCsv, fromArrow] = await Promise.all([
      sweep(options),
      sweep({ ...options, data: arrow }),
    ]);
    if (!fromCsv.ok || !fromArrow.ok) throw new Error('a sweep failed');
    expect(fromArrow.value.ranked).toEqual(fromCsv.value.ranked);
    expect(fromArrow.value.ranked[0]!.metrics?.['orders']).toBeGreaterThan(0);
  }, 180_000);

  it('with --holdout, ranks on a backtest of the rows before the split', async () => {
    const swept = await sweep({ ...base, grid: ['size=0.01,0.02'], holdout: '40%', workers: 1 });
    if (!swept.ok) throw new Error(swept.error.message);
    const lines = readFileSync(flow, 'utf8').split('\n');
    const rows = lines.filter((line) => /^\d{4}-/.test(line));
    const time = (line: string) => parseScenarioTime(line.slice(0, line.indexOf(',')))!;
    const split = holdoutSplit(time(rows[0]!), time(rows.at(-1)!), '40%');
    writeFileSync(
      join(dir, 'first.csv'),
      lines.filter((line) => !/^\d{4}-/.test(line) || time(line) < split).join('\n'),
    );
    for (const result of swept.value.ranked) {
      const run = await runBacktest({
        ...base,
        data: join(dir, 'first.csv'),
        params: result.params,
      });
      if (!run.ok) throw new Error(run.error.message);
      const { quote: _, ...totals } = run.value.summary.totals[0]!;
      expect(result.metrics).toEqual(totals);
      expect(result.outOfSample?.['orders']).toBeGreaterThan(0);
    }
  }, 180_000);

  it('stops the whole sweep on a bad flow, even when a combination failed before reading it all', async () => {
    const rows = readFileSync(flow, 'utf8').trimEnd().split('\n');
    const lastTime = rows.at(-1)!.slice(0, rows.at(-1)!.indexOf(','));
    const bad = join(dir, 'bad-end.csv');
    writeFileSync(bad, [...rows, `${lastTime},explode,x1,a1,BTC-USD`].join('\n'));
    const clash = join(dir, 'clash.csv');
    writeFileSync(
      clash,
      [...rows, rows.at(-1)!.replace(/^([^,]*,new,[^,]*,)[^,]*/, '$1strategy')].join('\n'),
    );
    // size 0.03 throws at its first timer tick: that combination stops before the last row.
    const options = { ...base, grid: ['size=0.03,0.01'], workers: 1 };
    const results = await Promise.all([bad, clash].map((data) => sweep({ ...options, data })));
    expect(results.map((result) => (result.ok ? 'ran' : result.error))).toEqual([
      { code: 'bad_input', message: `${bad}:${rows.length + 1}:48: expected 11 cells, found 5` },
      {
        code: 'bad_input',
        message: `${clash}:${rows.length + 1}: the flow trades under account strategy, the strategy's; choose another --account`,
      },
    ]);
  }, 180_000);

  it('refuses a bad strategy module in a shard with no combination to run', async () => {
    const strategy = join(dir, 'missing.mjs');
    const out = join(dir, 'empty-shard');
    const swept = await sweep({ ...base, strategy, grid: ['size=0.01'], shard: '1/2', out });
    expect(swept).toEqual({
      ok: false,
      error: { code: 'bad_input', message: `${strategy}: no such file or directory (ENOENT)` },
    });
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    ['', 0],
    [' (under feed latency too)', 5],
  ])('starts the held-out part on the book the first part left%s', async (_, feedMs) => {
    const scenario = await openScenario(Readable.from([SMALL_FLOW]), 'flow.csv');
    const rows: ParsedScenarioRow[] = [];
    for await (const batch of scenario.batches) rows.push(...batch);
    const books: BookSnapshot[] = [];
    const strategy = {
      onStart: (ctx: { book(symbol: string): BookSnapshot }) =>
        void books.push(ctx.book('BTC-USD')),
    };
    const heldOut = (async function* () {
      yield rows.slice(3);
    })();
    const run = await backtestFlow(
      strategy,
      testConfig({ latency: orderPathLatency(0, { feed: { kind: 'constant', ms: feedMs } }) }),
      { ...scenario, batches: heldOut },
      { strategy: 's', data: 'flow.csv' },
      { warmUp: [rows.slice(0, 3)] },
    );
    expect(run.ok && run.value.engine.flow.rowCount).toBe(1);
    expect([books[0]!.bids, books[0]!.asks]).toEqual([[], [['101.00', '0.400']]]);
  });
});
