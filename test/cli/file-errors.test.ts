import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, simex } from './run-simex.js';

const work = mkdtempSync(join(tmpdir(), 'simex-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const at = (name: string) => join(work, name);
const MESSAGES = join(ROOT, 'test/fixtures/lobster/AAPL_2012-06-21_first999_message_10.csv');
const STRATEGY = join(ROOT, 'scenarios/strategies/market-maker.ts');
const FLOW =
  '# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.001\n' +
  'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n' +
  '2026-01-05T09:30:00.000Z,new,m1,maker,BTC-USD,sell,limit,100.00,0.500,gtc,false\n';
writeFileSync(at('flow.csv'), FLOW);
writeFileSync(at('a-file'), '');
mkdirSync(at('a-dir'));

describe('files that cannot be read or written: one line, exit 2, no stack trace', () => {
  const cases: [args: string[], line: string][] = [
    [
      ['import', 'lobster', MESSAGES, '--symbol', 'AAPL-USD', '--orderbook', at('missing.csv')],
      `simex import lobster: ${at('missing.csv')}: no such file or directory (ENOENT)`,
    ],
    [
      ['import', 'lobster', at('X_2012-06-21_message_10.csv'), '--symbol', 'AAPL-USD'],
      `simex import lobster: ${at('X_2012-06-21_message_10.csv')}: no such file or directory (ENOENT)`,
    ],
    [
      ['import', 'lobster', MESSAGES, '--symbol', 'AAPL-USD', '--orderbook', at('a-dir')],
      `simex import lobster: ${at('a-dir')}: is a directory, not a file (EISDIR)`,
    ],
    [
      ['replay', at('flow.csv'), '--out', at('a-file/out')],
      `simex replay: ${at('a-file/out')}: a part of the path is not a directory (ENOTDIR)`,
    ],
    [
      ['replay', at('flow.csv'), '--out', at('a-file')],
      `simex replay: ${at('a-file')}: exists and is not a directory (EEXIST)`,
    ],
    [['replay', at('a-dir')], `simex replay: ${at('a-dir')}: is a directory, not a file (EISDIR)`],
    [
      [
        'backtest',
        ...['--strategy', STRATEGY, '--interval', '1s'],
        ...['--data', at('flow.csv'), '--out', at('a-file/out')],
      ],
      `simex backtest: ${at('a-file/out')}: a part of the path is not a directory (ENOTDIR)`,
    ],
    [
      ['backtest', '--strategy', STRATEGY, '--data', at('a-dir')],
      `simex backtest: ${at('a-dir')}: is a directory, not a file (EISDIR)`,
    ],
  ];
  for (const [args, line] of cases) {
    it(`simex ${args.join(' ').replaceAll(work, '$TMP').replaceAll(ROOT, '')}`, async () => {
      const run = await simex(...args);
      expect([run.code, run.stderr]).toEqual([2, `${line}\n`]);
    });
  }

  it.skipIf(process.getuid?.() === 0)('an input file without read permission', async () => {
    writeFileSync(at('secret.csv'), FLOW, { mode: 0o000 });
    const run = await simex('replay', at('secret.csv'));
    expect([run.code, run.stderr]).toEqual([
      2,
      `simex replay: ${at('secret.csv')}: permission denied (EACCES)\n`,
    ]);
  });
});

describe('stdout', () => {
  const generate = ['dist/adapters/cli/main.js', 'generate', '--seed', '1', '--events', '1000000'];

  it('closed early (simex generate | head) ends the command quietly, exit 0', async () => {
    const child = spawn(process.execPath, generate, { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await once(child.stdout, 'data');
    child.stdout.destroy();
    const [code] = (await once(child, 'exit')) as [number];
    expect([code, stderr]).toEqual([0, '']);
  });

  it.skipIf(!existsSync('/dev/full'))('on a full disk: one line, exit 2', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, generate, {
        cwd: ROOT,
        stdio: ['ignore', full, 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      expect([code, stderr]).toEqual([2, 'simex: stdout: no space left on the device (ENOSPC)\n']);
    } finally {
      closeSync(full);
    }
  });
});
