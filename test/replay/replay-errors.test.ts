import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { replayFile } from '../../adapters/runs/replay/replay-file.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-replay-errors-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HEADER = 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only';
const ROW =
  '2026-01-05T09:30:00.000Z,new,m1,alice,BTC-USD,sell,limit,30000.50,0.25000000,gtc,false';

async function replay(name: string, text: string, flags: { strict?: boolean; out?: boolean } = {}) {
  const file = join(work, `${name}.csv`);
  writeFileSync(file, text);
  const out = join(work, `${name}-out`);
  const { code, stdout, stderr, outputs } = await replayRun({
    file,
    out: flags.out === false ? null : out,
    observe: invariantObserver,
    strict: flags.strict ?? false,
  });
  const written = Object.keys(outputs);
  return {
    code,
    stderr: stderr.replaceAll(file, 'F'),
    stdout: stdout.replaceAll(file, 'F'),
    written,
  };
}

describe('malformed files stop with file:line:column: reason, exit code 2, and write nothing', () => {
  const cases: [string, string, string][] = [
    ['empty file', '', 'F:1:1: missing header line'],
    [
      'header only directives',
      '# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.01\n',
      'F:2:1: missing header line',
    ],
    [
      'wrong header',
      'ts,action,id\n',
      `F:1:14: header must be ${HEADER}[,client_order_id][,stop_price,stp,expire_at][,quote_size]`,
    ],
    [
      'bad directive key',
      `# instrument symbol=BTC-USD tick=0.01\n${HEADER}\n`,
      'F:1:29: unknown instrument key tick; expected symbol, tick_size, lot_size, min_size, max_size, reference_price',
    ],
    [
      'directive missing lot size',
      `# instrument symbol=BTC-USD tick_size=0.01\n${HEADER}\n`,
      'F:1:43: instrument needs lot_size',
    ],
    [
      'bad directive value',
      `# instrument symbol=BTC-USD tick_size=0.01 lot_size=-1\n${HEADER}\n`,
      'F:1:44: lot_size must be a positive decimal string with at most 15 decimals',
    ],
    [
      'instrument listed twice',
      `# instrument symbol=A-B tick_size=1 lot_size=1\n# instrument symbol=A-B tick_size=1 lot_size=1\n${HEADER}\n`,
      'F:2:1: instrument A-B is listed twice',
    ],
    [
      'too few cells',
      `${HEADER}\n2026-01-05T09:30:00.000Z,new,m1\n`,
      'F:2:33: expected 11 cells, found 3',
    ],
    [
      'bad timestamp',
      `${HEADER}\n2026-01-05 09:30,new,m1,a,BTC-USD,buy,limit,1,1,gtc,false\n`,
      'F:2:1: ts must be ISO 8601 UTC (2026-01-05T09:30:00.000Z) or epoch milliseconds',
    ],
    [
      'impossible date',
      `${HEADER}\n2026-02-30T09:30:00.000Z,new,m1,a,BTC-USD,buy,limit,1,1,gtc,false\n`,
      'F:2:1: ts must be ISO 8601 UTC (2026-01-05T09:30:00.000Z) or epoch milliseconds',
    ],
    [
      'time going back',
      `${HEADER}\n${ROW}\n1000,cancel,m1,alice,BTC-USD,,,,,,\n`,
      'F:3:1: ts must never decrease',
    ],
    [
      'unknown action',
      `${HEADER}\n1000,modify,m1,alice,BTC-USD,,,,,,\n`,
      'F:2:6: action must be new, cancel, reduce or amend',
    ],
    ['missing id', `${HEADER}\n1000,cancel,,alice,BTC-USD,,,,,,\n`, 'F:2:13: id is required'],
    [
      'bad side',
      `${HEADER}\n1000,new,m1,alice,BTC-USD,BUY,limit,1,1,,\n`,
      'F:2:27: side must be buy or sell',
    ],
    [
      'bad type',
      `${HEADER}\n1000,new,m1,alice,BTC-USD,buy,stop,1,1,,\n`,
      'F:2:31: type must be market or limit',
    ],
    [
      'missing size',
      `${HEADER}\n1000,new,m1,alice,BTC-USD,buy,limit,1,,,\n`,
      'F:2:39: size is required',
    ],
    [
      'bad time in force',
      `${HEADER}\n1000,new,m1,alice,BTC-USD,buy,limit,1,1,day,\n`,
      'F:2:41: time_in_force must be gtc, ioc, fok or gtd',
    ],
    [
      'bad post only',
      `${HEADER}\n1000,new,m1,alice,BTC-USD,buy,limit,1,1,gtc,yes\n`,
      'F:2:45: post_only must be true or false',
    ],
    [
      'size on a cancel',
      `${HEADER}\n1000,cancel,m1,alice,BTC-USD,,,,1,,\n`,
      'F:2:33: size must be empty for cancel',
    ],
    [
      'side on a reduce',
      `${HEADER}\n1000,reduce,m1,alice,BTC-USD,buy,,,1,,\n`,
      'F:2:30: side must be empty for reduce',
    ],
    [
      'comment after the header',
      `${HEADER}\n# late\n`,
      'F:2:1: directives and comments must come before the header',
    ],
    [
      'unclosed quote',
      `${HEADER}\n1000,new,"m1,alice,BTC-USD,buy,limit,1,1,,\n`,
      'F:2:1: Quote Not Closed: the parsing is finished with an opening quote',
    ],
  ];
  for (const [name, text, message] of cases) {
    it(name, async () => {
      const result = await replay(name.replaceAll(' ', '-'), text);
      expect(result).toEqual({ code: 2, stderr: `${message}\n`, stdout: '', written: [] });
    });
  }

  it('a malformed row after valid ones leaves no output behind', async () => {
    const result = await replay(
      'late-malformed',
      `${HEADER}\n${ROW}\n${ROW.replace('m1', 'm2')}\nnot-a-time,new,,,,,,,,,\n`,
    );
    expect(result).toEqual({
      code: 2,
      stderr: 'F:4:1: ts must be ISO 8601 UTC (2026-01-05T09:30:00.000Z) or epoch milliseconds\n',
      stdout: '',
      written: [],
    });
  });

  it('an unreadable file', async () => {
    let stderr = '';
    const file = join(work, 'missing.csv');
    const code = await replayFile({
      file,
      out: null,
      observe: null,
      strict: false,
      stdout: { write: () => true },
      stderr: { write: (chunk: string) => (stderr += chunk) },
    });
    expect([code, stderr]).toEqual([2, `${file}: cannot read: ENOENT\n`]);
  });
});

describe('refused rows', () => {
  const text = `${HEADER}\n${ROW}\n1000000000000000,cancel,zz,alice,BTC-USD,,,,,,\n1000000000000001,new,m2,alice,BTC-USD,sell,limit,1.001,1,,\n`;

  it('are reported with their line and do not stop the replay', async () => {
    const result = await replay('refused', text);
    expect(result).toEqual({
      code: 0,
      stderr:
        'F:3: refused: order_not_found: no order zz for this account\nF:4: refused: invalid_parameter: price must be a multiple of the tick size 0.01\n',
      stdout: '',
      written: ['book.json', 'orders.csv', 'ticker.json', 'trades.csv'],
    });
  });

  it('stop the replay with --strict, exit code 1, nothing written', async () => {
    const result = await replay('refused-strict', text, { strict: true });
    expect(result).toEqual({
      code: 1,
      stderr:
        'F:3: refused: order_not_found: no order zz for this account\nF: stopped at the first refused row (--strict); nothing written\n',
      stdout: '',
      written: [],
    });
  });

  it('without --out, a summary goes to stdout', async () => {
    const result = await replay('summary', text, { out: false });
    expect(result.stdout).toBe(
      'F: 3 rows, 2 refused\n' +
        'orders: resting 1, filled 0, cancelled 0, expired 0, rejected 0\n' +
        'trades: 0\n' +
        'BTC-USD: last 30000.00, 24h volume 0.00000000, bid -, ask 30000.50 x 0.25000000\n' +
        'ETH-USD: last 2000.00, 24h volume 0.0000, bid -, ask -\n',
    );
  });
});
