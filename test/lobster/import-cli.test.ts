import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures/lobster');
const AAPL_MESSAGES = join(FIXTURES, 'AAPL_2012-06-21_first999_message_10.csv');
const AAPL_ORDERBOOK = join(FIXTURES, 'AAPL_2012-06-21_first999_orderbook_10.csv');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function simex(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'adapters/cli/main.ts', ...args],
      { cwd: ROOT, maxBuffer: 1 << 26 },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}

const work = mkdtempSync(join(tmpdir(), 'simex-lobster-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function messageFile(text: string): string {
  const file = join(mkdtempSync(join(work, 'case-')), 'X_2012-06-21_0_1_message_10.csv');
  writeFileSync(file, text);
  return file;
}

describe('simex import lobster', () => {
  it('writes the same bytes every time, notes what it skipped, refuses bad input with file:line:column', async () => {
    const offGrid = messageFile('34200,1,1,10,5853350,1\n');
    const shortRow = messageFile('34200,1,1,10,5853300,1\n34200.5,3,1,10\n');
    const backwards = messageFile('34200.5,1,1,10,5853300,1\n34200.4,3,1,10,5853300,1\n');
    const [first, second, offGridRun, shortRun, backwardsRun, badSymbol, help] = await Promise.all([
      simex(
        'import',
        'lobster',
        AAPL_MESSAGES,
        '--symbol',
        'AAPL-USD',
        '--orderbook',
        AAPL_ORDERBOOK,
      ),
      simex(
        'import',
        'lobster',
        AAPL_MESSAGES,
        '--symbol',
        'AAPL-USD',
        '--orderbook',
        AAPL_ORDERBOOK,
      ),
      simex('import', 'lobster', offGrid, '--symbol', 'AAPL-USD'),
      simex('import', 'lobster', shortRow, '--symbol', 'AAPL-USD'),
      simex('import', 'lobster', backwards, '--symbol', 'AAPL-USD'),
      simex('import', 'lobster', AAPL_MESSAGES, '--symbol', 'AAPL'),
      simex('import', 'lobster', '--help'),
    ]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    expect(first.stdout.split('\n').slice(0, 3)).toEqual([
      '# instrument symbol=AAPL-USD tick_size=0.01 lot_size=1',
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
      '2012-06-21T09:30:00.004Z,new,seed-1,lobster-depth,AAPL-USD,sell,limit,585.94,200,gtc,',
    ]);
    expect(first.stdout.split('\n')).toHaveLength(2 + 971 + 1);
    expect(first.stderr).toBe(
      'simex import lobster: 999 messages → 971 rows; skipped: 61 hidden executions, 0 cross trades, ' +
        '0 halt messages; 9 messages about orders placed before the file applied to their price level; ' +
        '19 seed orders; 11 depth orders and 3 depth reductions for levels with no message\n',
    );
    expect([offGridRun.code, offGridRun.stderr]).toEqual([
      2,
      `simex import lobster: ${offGrid}:1:14: price 5853350 is not a positive multiple of 0.01 (100 units)\n`,
    ]);
    expect([shortRun.code, shortRun.stderr]).toEqual([
      2,
      `simex import lobster: ${shortRow}:2:16: expected 6 cells, found 4\n`,
    ]);
    expect([backwardsRun.code, backwardsRun.stderr]).toEqual([
      2,
      `simex import lobster: ${backwards}:2:1: time goes backwards\n`,
    ]);
    expect([badSymbol.code, badSymbol.stderr]).toEqual([
      2,
      'simex import lobster: --symbol must look like BASE-QUOTE (e.g. AAPL-USD), got "AAPL"\n',
    ]);
    expect(help.stdout).toContain('Examples:');
    expect(help.stdout).toContain('GOOG_2012-06-21_message_10.csv --symbol');
  });
});
