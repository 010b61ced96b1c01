import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBacktestOptions } from '../../adapters/runs/backtest/backtest-options.js';
import { LatencyModel } from '../../adapters/runs/backtest/latency/latency-model.js';
import {
  formatLatencySpec,
  parseLatencySpec,
} from '../../adapters/runs/backtest/latency/latency-spec.js';
import { readRecordedLatency } from '../../adapters/runs/backtest/latency/recorded-latency.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import type { Strategy } from '../../adapters/runs/backtest/strategy.js';
import { simex } from '../cli/run-simex.js';
import {
  SMALL_FLOW,
  backtestInMemory,
  captureIo,
  orderPathLatency,
  tempFiles,
  testConfig,
  writeGeneratedFlow,
} from './helpers.js';

const dir = tempFiles({
  'flow.csv': SMALL_FLOW,
  'ok.ts': 'export default {};\n',
  'recorded.csv': 'ts,latency_ms\n1000,2\n2000,4\r\n3000,3.5\n',
  'two.csv':
    'ts,entry_ms,response_ms\n2026-01-05T09:30:00.000Z,7,1\n2026-01-05T09:31:00.000Z,9,1\n',
  'bad-value.csv': 'ts,latency_ms\n1000,2\n2000,-4\n',
  'bad-time.csv': 'ts,latency_ms\n1000,2\n09:30,4\n',
  'backwards.csv': 'ts,latency_ms\n2000,2\n1000,4\n',
  'short.csv': 'ts,latency_ms\n1000\n',
  'no-rows.csv': 'ts,latency_ms\n',
  'bad-header.csv': 'time,latency_ms\n1000,2\n',
});
const path = (name: string) => join(dir, name);

describe('latency specs', () => {
  it('reads each form and writes it back', () => {
    const forms: [string, string][] = [
      ['5', '5ms'],
      ['2s', '2000ms'],
      ['lognormal:median=5,sigma=0.5', 'lognormal:median=5,sigma=0.5'],
      [
        'lognormal:sigma=0.25,median=1.5ms,spike=0.01x20',
        'lognormal:median=1.5,sigma=0.25,spike=0.01x20',
      ],
      ['lognormal:median=1s,sigma=0', 'lognormal:median=1000,sigma=0'],
      ['file:lat.csv', 'file:lat.csv'],
      ['file:lat.csv#entry_ms', 'file:lat.csv#entry_ms'],
    ];
    for (const [text, written] of forms) {
      const spec = parseLatencySpec(text);
      if (typeof spec === 'string') throw new Error(spec);
      expect(formatLatencySpec(spec), text).toBe(written);
    }
  });

  it('--latency sets entry, cancel and amend; the other flags override one path each', () => {
    const options = parseBacktestOptions({
      strategy: 's.ts',
      data: 'f.csv',
      latency: '5',
      latencyCancel: '2',
      latencyFeed: 'lognormal:median=3,sigma=1',
      latencyOrder: 'overtake',
      latencySeed: '42',
    });
    if (typeof options === 'string') throw new Error(options);
    expect(options.config.latency).toEqual({
      entry: { kind: 'constant', ms: 5 },
      cancel: { kind: 'constant', ms: 2 },
      amend: { kind: 'constant', ms: 5 },
      response: { kind: 'constant', ms: 0 },
      feed: { kind: 'lognormal', medianMs: 3, sigma: 1, spikeProbability: 0, spikeFactor: 1 },
      order: 'overtake',
      seed: 42,
    });
    // Plain data: it survives a structured clone (worker threads).
    expect(structuredClone(options.config.latency)).toEqual(options.config.latency);
  });

  const bad: [Record<string, string>, string][] = [
    [
      { latencyEntry: 'fast' },
      '--latency-entry must be a duration (5, 5ms, 1s), lognormal:median=5,sigma=0.5[,spike=0.01x20], file:PATH.csv[#column] or data (feed only); got "fast"',
    ],
    [{ latencyCancel: '-1' }, '--latency-cancel must be a duration'],
    [
      { latencyAmend: 'lognormal:median=0,sigma=1' },
      '--latency-amend lognormal median must be a positive number of ms',
    ],
    [
      { latencyResponse: 'lognormal:median=5,sigma=11' },
      '--latency-response lognormal sigma must be a number from 0 to 10; got "11"',
    ],
    [
      { latencyFeed: 'lognormal:median=5,sigma=1,spike=2x3' },
      '--latency-feed lognormal spike must be PROBABILITYxFACTOR',
    ],
    [
      { latencyFeed: 'lognormal:median=5,sigma=1,jitter=3' },
      '--latency-feed lognormal takes median=, sigma= and spike=; got "jitter=3"',
    ],
    [
      { latencyFeed: 'lognormal:median=5,median=6,sigma=1' },
      '--latency-feed lognormal median is given twice',
    ],
    [{ latencyEntry: 'file:' }, '--latency-entry file needs a path'],
    [{ latencyOrder: 'random' }, '--latency-order must be fifo or overtake; got "random"'],
    [{ latencySeed: '-3' }, '--latency-seed must be a whole number from 0 to 4294967295'],
    [{ latencySeed: '4294967296' }, '--latency-seed must be a whole number from 0 to 4294967295'],
  ];
  for (const [args, reason] of bad) {
    it(`refuses ${JSON.stringify(args)}`, () => {
      const options = parseBacktestOptions({ strategy: 's.ts', data: 'f.csv', ...args });
      expect(typeof options).toBe('string');
      expect(options).toContain(reason);
    });
  }

  it('on the command line a bad spec is one line naming the flag, exit 2', async () => {
    const run = await simex(
      'backtest',
      '--strategy',
      path('ok.ts'),
      '--data',
      path('flow.csv'),
      '--latency-feed',
      'lognormal:median=5',
    );
    expect([run.code, run.stderr]).toEqual([
      2,
      'simex backtest: --latency-feed lognormal sigma must be a number from 0 to 10; got ""\n',
    ]);
  });
});

describe('recorded latencies', () => {
  it('are the recorded value at a recorded time, interpolated between, held before and after', () => {
    // 2 ms at 1000, 4 ms at 2000, 3.5 ms at 3000; results round to the ms, halves up.
    const recorded = readRecordedLatency(path('recorded.csv'), null);
    const times = [0, 1000, 1200, 1250, 1500, 2000, 2500, 2999, 3000, 9000];
    expect(times.map((time) => recorded.at(time))).toEqual([2, 2, 2, 3, 3, 4, 4, 4, 4, 4]);
  });

  it('one column is chosen with #', () => {
    const start = Date.parse('2026-01-05T09:30:00.000Z');
    const recorded = readRecordedLatency(path('two.csv'), 'entry_ms');
    expect([recorded.at(start), recorded.at(start + 15_000), recorded.at(start + 45_000)]).toEqual([
      7, 8, 9,
    ]);
  });

  const bad: [string, string | null, string][] = [
    [
      'bad-value.csv',
      null,
      'bad-value.csv:3:6: latency must be ms from 0 to 86400000, with at most 3 decimals; got "-4"',
    ],
    ['bad-time.csv', null, 'bad-time.csv:3:1: ts must be ISO 8601 UTC or epoch ms; got "09:30"'],
    ['backwards.csv', null, "backwards.csv:3:1: ts must be later than the previous row's"],
    ['short.csv', null, 'short.csv:2:1: 1 cells, the header has 2'],
    ['no-rows.csv', null, 'no-rows.csv:1:1: no latency rows after the header'],
    [
      'bad-header.csv',
      null,
      'bad-header.csv:1:1: the header must start with ts, then the latency column(s) in ms',
    ],
    ['two.csv', null, 'two.csv:1:1: 2 latency columns; choose one: file:PATH.csv#COLUMN'],
    [
      'two.csv',
      'exit_ms',
      'two.csv:1:1: no column "exit_ms"; the header is ts,entry_ms,response_ms',
    ],
    ['missing.csv', null, 'missing.csv: cannot read latency file: ENOENT'],
  ];
  for (const [file, column, message] of bad) {
    it(`a bad file is exit 2 with one line: ${message.slice(0, 40)}`, async () => {
      const options = parseBacktestOptions({
        strategy: path('ok.ts'),
        data: path('flow.csv'),
        latencyEntry: `file:${path(file)}${column === null ? '' : `#${column}`}`,
      });
      if (typeof options === 'string') throw new Error(options);
      const io = captureIo();
      expect(await runBacktestCommand(options, io.io)).toBe(2);
      expect(io.stderr).toBe(`${join(dir, message)}\n`);
    });
  }

  it('delay the order by the latency at the time it is sent', async () => {
    const arrivals: number[] = [];
    const strategy: Strategy = {
      onStart: (ctx) =>
        void ctx.place({
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'limit',
          price: '90.00',
          size: '0.100',
        }),
      onOrder: (order) => void arrivals.push(order.createdAt % 100_000),
    };
    const entry = { kind: 'file', path: path('two.csv'), column: 'entry_ms' } as const;
    await backtestInMemory(
      SMALL_FLOW,
      strategy,
      testConfig({ latency: { ...orderPathLatency(0), entry } }),
    );
    expect(arrivals).toEqual([7]);
  });
});

describe('seeded latencies', () => {
  const lognormal = {
    kind: 'lognormal',
    medianMs: 5,
    sigma: 1,
    spikeProbability: 0.1,
    spikeFactor: 20,
  } as const;
  const draws = (seed: number) => {
    const model = new LatencyModel({
      ...orderPathLatency(0),
      entry: lognormal,
      order: 'overtake',
      seed,
    });
    return Array.from({ length: 200 }, () => model.arrival('place', 0));
  };

  it('the same seed draws the same latencies; another seed others', () => {
    expect(draws(7)).toEqual(draws(7));
    expect(draws(8)).not.toEqual(draws(7));
    // Median 5 ms, 10% spikes of x20.
    const sorted = draws(7).sort((a, b) => a - b);
    expect(sorted[100]).toBeGreaterThanOrEqual(4);
    expect(sorted[100]).toBeLessThanOrEqual(7);
    expect(sorted[199]).toBeGreaterThan(60);
  });

  it('a backtest with random latencies on every path gives the same table for a seed, another for another', async () => {
    const flow = path('generated.csv');
    await writeGeneratedFlow(flow, 5, 2000);
    const table = async (seed: string) => {
      const options = parseBacktestOptions({
        strategy: 'scenarios/strategies/market-maker.ts',
        data: flow,
        interval: '1s',
        latency: 'lognormal:median=20,sigma=1,spike=0.05x10',
        latencyResponse: 'lognormal:median=10,sigma=0.5',
        latencyFeed: 'lognormal:median=5,sigma=0.5',
        latencySeed: seed,
        param: ['size=0.05'],
      });
      if (typeof options === 'string') throw new Error(options);
      const io = captureIo();
      expect(await runBacktestCommand(options, io.io)).toBe(0);
      return io.stdout;
    };
    const first = await table('1');
    expect(first).toContain(
      '\nlatency: entry lognormal:median=20,sigma=1,spike=0.05x10, cancel lognormal:median=20,sigma=1,spike=0.05x10, ' +
        'amend lognormal:median=20,sigma=1,spike=0.05x10, response lognormal:median=10,sigma=0.5, ' +
        'feed lognormal:median=5,sigma=0.5 (fifo, seed 1)\n',
    );
    expect(await table('1')).toBe(first);
    const figures = (text: string) => text.slice(text.indexOf('\n\n'));
    expect(figures(await table('2'))).not.toBe(figures(first));
  });
});
