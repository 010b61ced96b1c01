import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workDirectory } from './l2-test-files.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const file = workDirectory();

function simex(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'adapters/cli/main.ts', ...args],
      { cwd: ROOT },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}

const BOOK =
  'exchange,symbol,timestamp,local_timestamp,is_snapshot,side,price,amount\n' +
  'binance,BTCUSDT,1000,2000,true,bid,100,1\n' +
  'binance,BTCUSDT,1000,2000,true,ask,101,1\n';

describe('simex import tardis (CLI)', () => {
  it('writes the L2 flow to --out and counts on stderr', async () => {
    const out = file('day.l2.csv', '');
    const run = await simex(
      'import',
      'tardis',
      file('book.csv', BOOK),
      '--symbol',
      'BTC-USDT',
      '--out',
      out,
    );
    expect(run).toEqual({
      code: 0,
      stdout: '',
      stderr: 'simex import tardis: 2 book rows, 0 trades; skipped: 0 trades of unknown side\n',
    });
    expect(readFileSync(out, 'utf8')).toBe(
      'exchange_ts,local_ts,symbol,kind,side,price,size\n1,2,BTC-USDT,snapshot,buy,100,1\n1,2,BTC-USDT,snapshot,sell,101,1\n',
    );
  });

  it('malformed input: one line, exit 2, nothing written', async () => {
    const book = file('crossed.csv', BOOK + 'binance,BTCUSDT,1000,3000,false,bid,101,1\n');
    const out = `${book}.l2.csv`;
    const run = await simex('import', 'tardis', book, '--symbol', 'BTC-USDT', '--out', out);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `simex import tardis: ${book}:4:1: crossed book: best bid 101 >= best ask 101 after this line\n`,
    });
    expect(existsSync(out)).toBe(false);
  });

  it('names the sources when none is given', async () => {
    const run = await simex('import');
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('simex import: name a source: lobster, tardis, binance');
  });
});
