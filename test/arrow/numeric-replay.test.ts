import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { DEFAULT_INSTRUMENTS } from '../../src/index.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import type { ReplayObserver } from '../../adapters/runs/replay/run-replay.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-numeric-replay-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An observer that watches nothing: it makes replayFile take the row-by-row path. */
const rowByRow = (): ReplayObserver<never> => ({
  beforeRow: () => {},
  afterRow: () => null,
  atEnd: () => null,
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** The output files' contents, when written. */
  outputs?: string[];
}

const OUTPUTS = ['trades.csv', 'orders.csv', 'book.json', 'ticker.json'];
let runs = 0;

async function replay(file: string, strict: boolean, numeric: boolean, out = false): Promise<Run> {
  const dir = join(work, `out-${++runs}`);
  const run = await replayRun({
    file,
    out: out ? dir : null,
    observe: numeric ? null : rowByRow,
    strict,
  });
  const { code, stdout, stderr } = run;
  if (!out) return { code, stdout, stderr };
  rmSync(dir, { recursive: true, force: true });
  return { code, stdout, stderr, outputs: OUTPUTS.map((name) => run.outputs[name] ?? 'absent') };
}

/** The numeric replay of `csv` as an Arrow flow says exactly what the row-by-row replay says. */
async function expectSameReplays(csv: string, name: string): Promise<Run> {
  const arrow = join(work, `${name}.arrow`);
  await convertFlowFile(csv, arrow);
  for (const strict of [false, true]) {
    for (const out of [false, true]) {
      expect(await replay(arrow, strict, true, out)).toEqual(
        await replay(arrow, strict, false, out),
      );
    }
  }
  return replay(arrow, false, true);
}

describe('the numeric replay of an Arrow flow (no --check), with and without --out', () => {
  const root = 'scenarios';
  const names = readdirSync(root).filter((name) => existsSync(join(root, name, 'scenario.csv')));
  for (const name of names) {
    it(`says what the row-by-row replay says: ${name}`, async () => {
      await expectSameReplays(join(root, name, 'scenario.csv'), name);
    });
  }

  it('says what the row-by-row replay says on rows it must hand over (refusals, odd cells)', async () => {
    const csv = join(work, 'odd.csv');
    const rows = [
      'new,a1,alice,BTC-USD,sell,limit,100.00,1.000,,',
      'new,a1,alice,BTC-USD,sell,limit,100.00,1.000,gtc,', // duplicate id
      'new,a2,alice,BTC-USD,sell,limit,100.005,1.000,gtc,', // off the tick
      'new,a3,alice,BTC-USD,sell,limit,0100.00,1.000,gtc,', // malformed price
      'new,a4,alice,BTC-USD,buy,market,100.00,1.000,,', // market with a price
      'new,a5,alice,BTC-USD,buy,market,,1.000,ioc,', // market with a time in force
      'new,a6,alice,BTC-USD,buy,limit,99.00,0.0001,gtc,', // off the lot
      'new,a7,alice,DOGE-USD,buy,limit,99.00,1.000,gtc,', // unknown symbol
      'new,a8,bob,BTC-USD,buy,limit,100.00,1.000,gtc,true', // post-only crossing: rejected
      'new,a9,bob,BTC-USD,buy,market,,1.000,,true', // post-only market: refused
      'new,a10,bob,BTC-USD,buy,limit,100.00,0.500,,false',
      'cancel,a1,mallory,BTC-USD,,,,,,', // not this account's
      'cancel,a10,bob,BTC-USD,,,,,,', // final: order_not_open
      'cancel,zz,bob,BTC-USD,,,,,,', // unknown id
      'cancel,a1,alice,XRP-USD,,,,,,', // unknown symbol, still the order's cancel
      'new,a1,alice,BTC-USD,buy,limit,90.00,1.000,gtc,', // a1 is free again
      'reduce,a1,alice,BTC-USD,,,,0.400,,',
      'new,a11,carol,BTC-USD,sell,limit,89.00,2.000,fok,',
      'new,a12,carol,BTC-USD,sell,limit,89.00,0.600,fok,',
      'new,a13,carol,BTC-USD,sell,limit,101.00,1.000,gtc,',
      // ids of every length the short decoder reads, beyond it, and not ASCII
      'new,x,dave,BTC-USD,buy,limit,80.00,1.000,gtc,',
      'new,abcdefgh,dave,BTC-USD,buy,limit,80.00,1.000,gtc,',
      'new,abcdefghi,dave,BTC-USD,buy,limit,80.00,1.000,gtc,',
      'new,ordre-é,dave,BTC-USD,buy,limit,80.00,1.000,gtc,',
      'cancel,abcdefgh,dave,BTC-USD,,,,,,',
      'cancel,ordre-é,dave,BTC-USD,,,,,,',
      'new,ordre-é,dave,BTC-USD,buy,limit,80.00,1.000,gtc,',
    ];
    const text =
      '# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.001\n' +
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n' +
      rows.map((row, i) => `2026-01-05T09:30:${String(i).padStart(2, '0')}.000Z,${row}\n`).join('');
    writeFileSync(csv, text);
    const run = await expectSameReplays(csv, 'odd');
    expect(run.stderr.split('\n').length).toBeGreaterThan(10);
    expect(run.stdout).toContain('27 rows');
  });

  it('says what the row-by-row replay says on a generated flow (seed 11, 20,000 events)', async () => {
    const csv = join(work, 'generated.csv');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeFlow(
      {
        seed: 11,
        events: 20_000,
        instruments: DEFAULT_INSTRUMENTS,
        start: Date.parse('2026-01-05T00:00:00.000Z'),
        meanIntervalMs: 100,
        accounts: 20,
      },
      out,
    );
    writeFileSync(csv, Buffer.concat(chunks));
    const run = await expectSameReplays(csv, 'generated');
    expect(run.stdout).toContain('20000 rows, 0 refused');
    const written = await replay(join(work, 'generated.arrow'), false, true, true);
    expect(written.outputs![0]!.split('\n').length).toBeGreaterThan(1000);
  });
});
