/**
 * A flow read from a pipe (`simex generate ... | simex replay /dev/stdin`): a scenario CSV is read
 * as from a file; an L2 flow, read twice, is refused in one line (exit 2), never an internal error.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT, type Run, simex } from './run-simex.js';

const FLOW = 'scenarios/window-rolls-off/scenario.csv';
const L2 = 'test/fixtures/l2/binance-futures_incremental_book_L2_2024-01-02_BTCUSDT.csv';
const STRATEGY = 'scenarios/strategies/market-maker.ts';
const work = mkdtempSync(join(tmpdir(), 'simex-pipe-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the CLI with the file `input` piped to its stdin by `cat`, as a shell pipes it. */
function piped(input: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      [
        '-c',
        'f=$1; shift; cat "$f" | "$0" dist/adapters/cli/main.js "$@"',
        process.execPath,
        input,
        ...args,
      ],
      { cwd: ROOT },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}

it('replays a scenario CSV from a pipe as from its file', async () => {
  const fromFile = await simex('replay', FLOW);
  const fromPipe = await piped(FLOW, 'replay', '/dev/stdin');
  expect([fromPipe.code, fromPipe.stderr]).toEqual([0, '']);
  expect(fromPipe.stdout).toBe(fromFile.stdout.replace(FLOW, '/dev/stdin'));
});

it('backtests on a scenario CSV from a pipe', async () => {
  const args = ['--strategy', STRATEGY, '--interval', '1s'];
  const fromFile = await simex('backtest', ...args, '--data', FLOW);
  const fromPipe = await piped(FLOW, 'backtest', ...args, '--data', '/dev/stdin');
  expect([fromPipe.code, fromPipe.stderr]).toEqual([0, '']);
  expect(fromPipe.stdout).toBe(fromFile.stdout.replace(FLOW, '/dev/stdin'));
});

it('refuses an L2 flow from a pipe in one line, exit 2', async () => {
  const l2 = await simex('import', 'tardis', L2, '--symbol', 'BTC-USDT');
  expect(l2.code).toBe(0);
  const args = [
    '--strategy',
    STRATEGY,
    '--interval',
    '1s',
    '--data',
    '/dev/stdin',
    '--queue-model',
    'log',
  ];
  writeFileSync(join(work, 'day.l2.csv'), l2.stdout);
  const run = await piped(join(work, 'day.l2.csv'), 'backtest', ...args);
  expect(run).toEqual({
    code: 2,
    stdout: '',
    stderr: '/dev/stdin: is a pipe; an L2 flow is read twice, so it must be a file\n',
  });
});
