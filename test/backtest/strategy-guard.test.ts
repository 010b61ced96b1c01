/**
 * A strategy cannot take a backtest or a sweep down with it: a hook (or constructor, or the
 * module's loading) running past --hook-timeout, a run past --max-memory, and process.exit each fail the run (exit 1) or the
 * sweep's combination (a results row) with one line naming why, nothing written. The hook limit in
 * these tests is 1 s, which a module's loading is held to as well (from the sources, through tsx,
 * on a loaded machine): each test waits for the run's end, never for a time.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseBacktestOptions,
  type BacktestArguments,
} from '../../adapters/runs/backtest/backtest-options.js';
import { runGuardedBacktest } from '../../adapters/runs/backtest/guarded-backtest.js';
import { sweep } from '../../adapters/runs/backtest/index.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import { simex } from '../cli/run-simex.js';
import { SMALL_FLOW, captureIo, tempFiles } from './helpers.js';

const dir = tempFiles({
  'flow.csv': SMALL_FLOW,
  'loops.js': 'export default { onTrade() { for (;;) {} } };\n',
  'loops-in-constructor.js': 'export default class { constructor() { for (;;) {} } };\n',
  'loops-at-load.js': 'for (;;) {}\nexport default {};\n',
  'allocates.js':
    'const kept = [];\nexport default { onTrade() { for (;;) kept.push(new Array(1e5).fill(1)); } };\n',
  'exits.js': 'export default { onTrade() { process.exit(0); } };\n',
  'exits-at-load.js': 'process.exit(3);\nexport default {};\n',
  'quiet.js': 'export default { onTrade() {} };\n',
  // One strategy for a sweep: n picks how it misbehaves.
  'chooses.js': [
    'const kept = [];',
    'export default class {',
    "  constructor(params) { this.n = params.number('n'); }",
    '  onTrade() {',
    '    if (this.n === 2) for (;;) {}',
    '    if (this.n === 3) process.exit(0);',
    '    if (this.n === 4) for (;;) kept.push(new Array(1e5).fill(1));',
    '  }',
    '};',
    '',
  ].join('\n'),
});
const path = (name: string) => join(dir, name);

async function guarded(
  strategy: string,
  more: Partial<BacktestArguments> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = { strategy: path(strategy), data: path('flow.csv'), ...more };
  const options = parseBacktestOptions(args);
  if (typeof options === 'string') throw new Error(options);
  const io = captureIo();
  const code = await runGuardedBacktest(args, options, io.io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('simex backtest runs the strategy under a guard', () => {
  it('a hook that never returns fails the run after --hook-timeout, nothing written', async () => {
    const out = path('out-loops');
    const run = await guarded('loops.js', { hookTimeout: '1s', out });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path('loops.js')}: onTrade at 2026-01-05T09:31:00.000Z ran longer than 1s (--hook-timeout 1s); nothing written\n`,
    });
    expect(readdirSync(out)).toEqual([]);
  });

  it('so does a constructor that never returns', async () => {
    const run = await guarded('loops-in-constructor.js', { hookTimeout: '1s' });
    expect([run.code, run.stderr]).toEqual([
      1,
      `${path('loops-in-constructor.js')}: the strategy's constructor ran longer than 1s (--hook-timeout 1s); nothing written\n`,
    ]);
  });

  it('and a module whose loading never ends', async () => {
    const run = await guarded('loops-at-load.js', { hookTimeout: '1s' });
    expect([run.code, run.stderr]).toEqual([
      1,
      `${path('loops-at-load.js')}: loading the module ran longer than 1s (--hook-timeout 1s); nothing written\n`,
    ]);
  });

  it('a run past --max-memory fails with one line, not V8 fatal trace', async () => {
    const out = path('out-allocates');
    const run = await guarded('allocates.js', { maxMemory: '64', out });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path('allocates.js')}: the run used more than 64 MB of memory (--max-memory 64); nothing written\n`,
    });
    expect(readdirSync(out)).toEqual([]);
  });

  it('process.exit(0) fails the hook that called it: exit 1, not 0 without output', async () => {
    const run = await guarded('exits.js', { out: path('out-exits') });
    expect([run.code, run.stdout]).toEqual([1, '']);
    // Where it was called is named when the stack maps (the built CLI, below); vitest's may not.
    expect(run.stderr).toMatch(
      /exits\.js: onTrade at 2026-01-05T09:31:00\.000Z called process\.exit\(0\); a strategy must not end the process( \(at \/.*\/exits\.js:1:38\))?; nothing written\n$/,
    );
  });

  it('process.exit outside a hook ends the worker, which is reported', async () => {
    const run = await guarded('exits-at-load.js', { out: path('out-exits-at-load') });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path('exits-at-load.js')}: process.exit(3) was called outside a hook; a strategy must not end the process; nothing written\n`,
    });
  });

  it('a well-behaved strategy prints what it prints in this thread', async () => {
    const run = await guarded('quiet.js');
    const options = parseBacktestOptions({ strategy: path('quiet.js'), data: path('flow.csv') });
    if (typeof options === 'string') throw new Error(options);
    const here = captureIo();
    expect(await runBacktestCommand(options, here.io)).toBe(0);
    expect(run).toEqual({ code: 0, stdout: here.stdout, stderr: '' });
  });

  const refused: [Partial<BacktestArguments>, string][] = [
    [
      { hookTimeout: 'soon' },
      '--hook-timeout must be a duration in ms, or with a unit: 250, 250ms, 5s, 1m, 2h; got "soon"',
    ],
    [{ hookTimeout: '0' }, '--hook-timeout must be at least 1 ms'],
    [{ maxMemory: '1' }, '--max-memory must be a whole number of MB from 10 to 9999999; got "1"'],
    [
      { maxMemory: '1.5' },
      '--max-memory must be a whole number of MB from 10 to 9999999; got "1.5"',
    ],
  ];
  for (const [more, reason] of refused) {
    it(`refuses ${JSON.stringify(more)}`, () => {
      expect(parseBacktestOptions({ strategy: 's.js', data: 'f.csv', ...more })).toBe(reason);
    });
  }
});

describe('simex sweep: a combination past a limit is a results row, the others run', () => {
  it('a loop, process.exit and an allocation each fail their own combination', async () => {
    const strategy = path('chooses.js');
    const run = await sweep({
      strategy,
      data: path('flow.csv'),
      grid: ['n=1..4:1'],
      workers: 2,
      hookTimeout: '1s',
      maxMemory: '64',
    });
    if (!run.ok) throw new Error(run.error.message);
    const rows = run.value.ranked.map((result) => [result.params['n'], result.error]);
    expect(rows).toEqual([
      ['1', null],
      [
        '2',
        `${strategy}: onTrade at 2026-01-05T09:31:00.000Z ran longer than 1s (--hook-timeout 1s)`,
      ],
      [
        '3',
        `${strategy}: onTrade at 2026-01-05T09:31:00.000Z called process.exit(0); a strategy must not end the process`,
      ],
      [
        '4',
        expect.stringMatching(
          // Past 64 MB, or (on a slow machine) still collecting garbage at 1 s.
          /: (the run used more than 64 MB of memory \(--max-memory 64\)|onTrade at 2026-01-05T09:31:00\.000Z ran longer than 1s \(--hook-timeout 1s\))$/,
        ),
      ],
    ]);
    expect(run.value.failed).toBe(3);
  });

  it('a module whose loading never ends stops the sweep: no combination runs', async () => {
    const run = await sweep({
      strategy: path('loops-at-load.js'),
      data: path('flow.csv'),
      grid: ['n=1..4:1'],
      workers: 2,
      hookTimeout: '1s',
    });
    expect(run).toEqual({
      ok: false,
      error: {
        code: 'run_failed',
        message: `${path('loops-at-load.js')}: loading the module ran longer than 1s (--hook-timeout 1s)`,
      },
    });
    const exits = await sweep({
      strategy: path('exits-at-load.js'),
      data: path('flow.csv'),
      grid: ['n=1..4:1'],
    });
    expect(exits).toEqual({
      ok: false,
      error: {
        code: 'run_failed',
        message: `${path('exits-at-load.js')}: process.exit(3) was called outside a hook; a strategy must not end the process`,
      },
    });
  });

  it('an allocation past --max-memory', async () => {
    const strategy = path('chooses.js');
    const run = await sweep({
      strategy,
      data: path('flow.csv'),
      grid: ['n=4'],
      workers: 1,
      maxMemory: '64',
    });
    if (!run.ok) throw new Error(run.error.message);
    expect(run.value.ranked.map((result) => result.error)).toEqual([
      `${strategy}: the run used more than 64 MB of memory (--max-memory 64)`,
    ]);
  });
});

describe('through the command line', () => {
  it('simex backtest: a loop, an allocation, process.exit', async () => {
    const backtest = (strategy: string, ...more: string[]) =>
      simex('backtest', '--strategy', path(strategy), '--data', path('flow.csv'), ...more);
    expect(await backtest('loops.js', '--hook-timeout', '1s')).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path('loops.js')}: onTrade at 2026-01-05T09:31:00.000Z ran longer than 1s (--hook-timeout 1s); nothing written\n`,
    });
    expect(await backtest('allocates.js', '--max-memory', '64')).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path('allocates.js')}: the run used more than 64 MB of memory (--max-memory 64); nothing written\n`,
    });
    expect(await backtest('exits.js')).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path('exits.js')}: onTrade at 2026-01-05T09:31:00.000Z called process.exit(0); a strategy must not end the process (at ${path('exits.js')}:1:38); nothing written\n`,
    });
  });

  it('a module whose loading never ends: simex backtest and simex sweep, exit 1, one line', async () => {
    const strategy = path('loops-at-load.js');
    const limit = ['--hook-timeout', '1s'];
    const reason = `${strategy}: loading the module ran longer than 1s (--hook-timeout 1s)`;
    const data = ['--data', path('flow.csv')];
    expect(await simex('backtest', '--strategy', strategy, ...data, ...limit)).toEqual({
      code: 1,
      stdout: '',
      stderr: `${reason}; nothing written\n`,
    });
    const grid = ['--grid', 'n=1..3:1'];
    expect(await simex('sweep', '--strategy', strategy, ...data, ...grid, ...limit)).toEqual({
      code: 1,
      stdout: '',
      stderr: `simex sweep: ${reason}\n`,
    });
  });

  it('simex sweep: the failed combinations are rows, exit 1, results written', async () => {
    const out = path('sweep');
    const run = await simex(
      'sweep',
      '--strategy',
      path('chooses.js'),
      '--data',
      path('flow.csv'),
      '--grid',
      'n=1..3:1',
      '--hook-timeout',
      '1s',
      '--out',
      out,
    );
    expect([run.code, run.stderr]).toEqual([
      1,
      'simex sweep: 2 of 3 combinations failed (see the error column)\n',
    ]);
    expect(readdirSync(out).sort()).toEqual(['report.html', 'results.csv', 'results.json']);
    expect(run.stdout).toContain('ran longer than 1s (--hook-timeout 1s)');
    expect(run.stdout).toContain('called process.exit(0); a strategy must not end the process');
  });
});
