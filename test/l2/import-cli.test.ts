import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('a missing input with --out leaves no file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simex-l2-out-'));
    try {
      const missing = join(dir, 'missing.csv');
      const run = await simex(
        'import',
        'tardis',
        missing,
        '--symbol',
        'BTC-USDT',
        '--out',
        join(dir, 'day.l2.csv'),
      );
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `simex import tardis: ${missing}: no such file or directory (ENOENT)\n`,
      });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the sources when none is given', async () => {
    const run = await simex('import');
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('simex import: name a source: lobster, tardis, binance');
  });

  it("the docs' commands on the fixtures", async () => {
    const fixtures = 'test/fixtures/l2/';
    const tardis = await simex(
      'import',
      'tardis',
      `${fixtures}binance-futures_incremental_book_L2_2024-01-02_BTCUSDT.csv`,
      '--trades',
      `${fixtures}binance-futures_trades_2024-01-02_BTCUSDT.csv`,
      '--symbol',
      'BTC-USDT',
    );
    expect(tardis.code).toBe(0);
    expect(tardis.stdout.split('\n').slice(1, 6)).toEqual([
      '1704153600012,1704153600013,BTC-USDT,snapshot,sell,42500.1,0.5',
      '1704153600012,1704153600013,BTC-USDT,snapshot,sell,42500.2,1.25',
      '1704153600012,1704153600013,BTC-USDT,snapshot,buy,42500,2',
      '1704153600012,1704153600013,BTC-USDT,snapshot,buy,42499.9,0.75',
      '1704153600100,1704153600101,BTC-USDT,trade,buy,42500.1,0.5',
    ]);
    expect(tardis.stdout.split('\n')).toHaveLength(11);
    const binance = await simex(
      'import',
      'binance',
      `${fixtures}btcusdt-depth.jsonl`,
      '--snapshot',
      `${fixtures}btcusdt-depth-snapshot.json`,
      '--symbol',
      'BTC-USDT',
    );
    expect(binance).toEqual({
      code: 0,
      stdout: [
        'exchange_ts,local_ts,symbol,kind,side,price,size',
        '1704153600100,1704153600101,BTC-USDT,snapshot,buy,42500,2',
        '1704153600100,1704153600101,BTC-USDT,snapshot,buy,42499.9,0.75',
        '1704153600100,1704153600101,BTC-USDT,snapshot,sell,42500.1,0.5',
        '1704153600100,1704153600101,BTC-USDT,snapshot,sell,42500.2,1.25',
        '1704153600100,1704153600101,BTC-USDT,update,buy,42500,1.5',
        '1704153600100,1704153600101,BTC-USDT,update,sell,42500.1,0',
        '1704153600100,1704153600102,BTC-USDT,trade,buy,42500.1,0.5',
        '1704153600210,1704153600211,BTC-USDT,update,sell,42500.1,0.3',
        '',
      ].join('\n'),
      stderr:
        'simex import binance: 4 snapshot levels, 3 level updates, 1 trades; skipped: 1 events before the snapshot, 0 events of other types\n',
    });
  });
});

describe('an L2 flow given where a scenario flow is read', () => {
  it('simex replay says it is an L2 flow and which commands read it, exit 2', async () => {
    const hint =
      '; this is an L2 flow (docs/l2.md): simex backtest and simex sweep read it with --queue-model\n';
    const book = file('book.csv', BOOK);
    const [csv, arrow] = [file('day.l2.csv', ''), file('day.l2.arrow', '')];
    for (const [out, format] of [
      [csv, 'csv'],
      [arrow, 'arrow'],
    ] as const) {
      const run = await simex(
        'import',
        'tardis',
        book,
        '--symbol',
        'BTC-USDT',
        '--format',
        format,
        '--out',
        out,
      );
      expect(run.code).toBe(0);
    }
    expect(await simex('replay', csv)).toEqual({
      code: 2,
      stdout: '',
      stderr: `${csv}:1:1: header must be ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only[,client_order_id][,stop_price,stp,expire_at][,quote_size]${hint}`,
    });
    expect(await simex('replay', arrow)).toEqual({
      code: 2,
      stdout: '',
      stderr: `${arrow}: column exchange_ts: unknown column; a flow has columns ts, action, id, account, symbol, side, type, price, size, time_in_force, post_only (and optionally client_order_id, stop_price, stp, expire_at, quote_size)${hint}`,
    });
  });
});
