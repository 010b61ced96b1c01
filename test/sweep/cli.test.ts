/**
 * `simex sweep` as a user runs it (the built CLI): the same bytes whatever --workers, a failing
 * combination reported in its row, bad grids refused, shards run as separate processes and merged
 * into the files of a single run, --holdout's columns.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_FILES } from '../../adapters/runs/backtest/sweep/index.js';
import { writeGeneratedFlow } from '../backtest/helpers.js';
import { simex } from '../cli/run-simex.js';
import { TAKER_STRATEGY } from './taker-strategy.js';

const work = mkdtempSync(join(tmpdir(), 'simex-sweep-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const flow = join(work, 'flow.csv');
const taker = join(work, 'taker.mjs');
const at = (...parts: string[]) => join(work, ...parts);
const files = (dir: string) => OUTPUT_FILES.map((name) => readFileSync(join(dir, name), 'utf8'));

beforeAll(async () => {
  await writeGeneratedFlow(flow, 7, 800);
  writeFileSync(taker, TAKER_STRATEGY);
});

/** 6 combinations of the taker; the two with size 0.03 throw. */
const takerSweep = (...extra: string[]) =>
  simex(
    'sweep',
    '--strategy',
    taker,
    '--data',
    flow,
    '--interval',
    '1s',
    '--grid',
    'size=0.01,0.02,0.03',
    '--grid',
    'every=1..2:1',
    ...extra,
  );

describe('simex sweep', () => {
  it('writes the same bytes with 1 worker and with 3', async () => {
    const args = [
      'sweep',
      '--strategy',
      'scenarios/strategies/market-maker.ts',
      '--data',
      flow,
      '--interval',
      '1s',
      '--grid',
      'spread_ticks=1..3:1',
      '--grid',
      'size=0.05,0.1',
    ];
    const one = await simex(...args, '--workers', '1', '--out', at('one'));
    const three = await simex(...args, '--workers', '3', '--out', at('three'));
    expect([one.code, one.stderr]).toEqual([0, '']);
    expect([three.code, three.stderr]).toEqual([0, '']);
    expect(files(at('three'))).toEqual(files(at('one')));
    expect(three.stdout).toBe(one.stdout);
    const results = JSON.parse(files(at('one'))[0]!) as {
      results: { rank: number; params: Record<string, string>; metrics: { fills: number } }[];
    };
    expect(results.results.map((result) => result.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.results.some((result) => result.metrics.fills > 0)).toBe(true);
  }, 300_000);

  it('reports a throwing combination in its row, runs the others, and exits 1', async () => {
    const run = await takerSweep('--out', at('single'), '--workers', '2');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('simex sweep: 2 of 6 combinations failed (see the error column)\n');
    const csv = readFileSync(at('single', 'results.csv'), 'utf8').trim().split('\n');
    const header = csv[0]!.split(',');
    expect(header.slice(0, 4)).toEqual(['rank', 'combination', 'size', 'every']);
    expect(header.at(-1)).toBe('error');
    const rows = csv.slice(1).map((line) => line.split(','));
    const failed = rows.filter((row) => row[2] === '0.03');
    expect(failed.map((row) => row.slice(0, 4))).toEqual([
      ['5', '4', '0.03', '1'],
      ['6', '5', '0.03', '2'],
    ]);
    const escaped = taker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const row of failed)
      expect(row.at(-1)).toMatch(
        new RegExp(
          `^${escaped}: onTimer at \\S+ threw size 0\\.03 is refused here \\(at ${escaped}:\\d+:\\d+\\)$`,
        ),
      );
    expect(rows.filter((row) => row.at(-1) === '')).toHaveLength(4);
  }, 300_000);

  it('gives the bytes of a single run from shards run as separate processes, merged', async () => {
    if (!existsSync(at('single', 'results.json'))) await takerSweep('--out', at('single'));
    const shards = await Promise.all(
      [0, 1, 2].map((index) => takerSweep('--shard', `${index}/3`, '--out', at(`shard-${index}`))),
    );
    expect(shards.map((run) => run.code)).toEqual([0, 1, 1]);
    const shard = JSON.parse(readFileSync(at('shard-1', 'results.json'), 'utf8')) as {
      shard: string;
      results: { combination: number }[];
    };
    expect([shard.shard, shard.results.map((result) => result.combination).sort()]).toEqual([
      '1/3',
      [1, 4],
    ]);
    const merged = await simex(
      'sweep',
      'merge',
      at('shard-2'),
      at('shard-0'),
      at('shard-1'),
      '--out',
      at('merged'),
    );
    expect(merged.code).toBe(1);
    expect(files(at('merged'))).toEqual(files(at('single')));
  }, 300_000);

  it('refuses a merge with a shard missing, in one line, exit 2', async () => {
    const run = await simex('sweep', 'merge', at('shard-0'), at('shard-2'), '--out', at('bad'));
    expect([run.code, run.stderr]).toEqual([2, 'simex sweep merge: shard 1/3 missing\n']);
    expect(existsSync(at('bad'))).toBe(false);
  }, 60_000);

  it.each([
    ['size=0.1..0.5:0', 'simex sweep: --grid size: the step must be above 0 in "0.1..0.5:0"\n'],
    [
      'size=0..1000:0.001',
      'simex sweep: --grid size: "0..1000:0.001" makes 1000001 values; at most 10000 per key\n',
    ],
  ])(
    'refuses the grid %s in one line, exit 2, nothing written',
    async (grid, message) => {
      const run = await simex(
        'sweep',
        '--strategy',
        taker,
        '--data',
        flow,
        '--grid',
        grid,
        '--out',
        at('refused'),
      );
      expect([run.code, run.stderr, run.stdout]).toEqual([2, message, '']);
      expect(existsSync(at('refused'))).toBe(false);
    },
    60_000,
  );

  it('--holdout ranks on the first part and reports the held-out metrics beside', async () => {
    const run = await simex(
      'sweep',
      '--strategy',
      taker,
      '--data',
      flow,
      '--interval',
      '1s',
      '--grid',
      'size=0.01,0.02',
      '--holdout',
      '30%',
      '--workers',
      '1',
      '--out',
      at('holdout'),
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    const [json, csv] = files(at('holdout'));
    const header = csv!.split('\n')[0]!.split(',');
    expect(header).toContain('net_pnl');
    expect(header).toContain('oos_net_pnl');
    const results = JSON.parse(json!) as {
      sweep: { holdout: string };
      results: { metrics: { orders: number }; out_of_sample: { orders: number } }[];
    };
    expect(results.sweep.holdout).toBe('30%');
    for (const result of results.results) {
      expect(result.metrics.orders).toBeGreaterThan(0);
      expect(result.out_of_sample.orders).toBeGreaterThan(0);
    }
  }, 120_000);
});
