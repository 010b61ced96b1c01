import {
  appendFileSync,
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import { replayFile } from '../../adapters/runs/replay/replay-file.js';
import { WorkerLines } from '../../adapters/runs/replay/worker-lines.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-output-worker-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const OUTPUTS = ['book.json', 'orders.csv', 'ticker.json', 'trades.csv'];

/** The four outputs' texts by name. */
async function replayed(file: string, outputWorker: boolean): Promise<Record<string, string>> {
  const out = join(work, `out-${outputWorker}-${file.split('.').pop()}`);
  const { code, stderr, outputs } = await replayRun({ file, out, outputWorker });
  expect([code, stderr]).toEqual([0, '']);
  expect(Object.keys(outputs)).toEqual(OUTPUTS);
  return outputs;
}

describe('the output worker', () => {
  it('writes the bytes the main thread writes, through ring wraps, a 70,000-byte id and account', async () => {
    const csv = join(work, 'flow.csv');
    const out = createWriteStream(csv);
    const start = Date.UTC(2026, 0, 5);
    const events = 30_000; // some 2 MB of lines: the 1 MB ring wraps
    const instruments = flowInstruments(['BTC-USD']);
    await writeFlow(
      { seed: 11, events, instruments, start, meanIntervalMs: 100, accounts: 4 },
      out,
    );
    out.end();
    await finished(out);
    const late = start + events * 1000;
    const long = 'L'.repeat(70_000); // longer than a ring record takes: sent through the port
    const orca = 'O'.repeat(70_000); // an account name as long
    // A symbol of its own, so that the long ids trade with each other.
    const flow = readFileSync(csv, 'utf8');
    writeFileSync(csv, '# instrument symbol=LONG-USD tick_size=0.01 lot_size=0.001\n' + flow);
    appendFileSync(
      csv,
      `${late},new,${long},whale,LONG-USD,sell,limit,1.00,0.002,,\n` +
        `${late + 1},new,é1,${orca},LONG-USD,buy,market,,0.001,,\n` +
        `${late + 2},cancel,${long},whale,LONG-USD,,,,,,\n`,
    );
    const arrow = join(work, 'flow.arrow');
    await convertFlowFile(csv, arrow);

    const expected = await replayed(arrow, false);
    const lines = expected['trades.csv']!.length + expected['orders.csv']!.length;
    expect(lines).toBeGreaterThan(2 * (1 << 20));
    expect(expected['trades.csv']).toContain(`,${long},é1,whale,${orca}\n`);
    expect(expected['orders.csv']).toContain(
      `\n${long},whale,LONG-USD,sell,limit,1.00,0.002,0.001,`,
    );
    expect(await replayed(arrow, true)).toStrictEqual(expected);
    expect(await replayed(csv, true)).toStrictEqual(expected); // ids known as text
  });

  it('leaves nothing behind when the replay stops at a refused row (--strict)', async () => {
    const csv = join(work, 'bad.csv');
    writeFileSync(
      csv,
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n' +
        '1,new,m1,alice,BTC-USD,sell,limit,100.00,1,,\n' +
        '2,new,t1,bob,BTC-USD,buy,limit,100.00,1,,\n' +
        '3,new,t2,bob,BTC-USD,buy,limit,abc,1,,\n',
    );
    const out = join(work, 'out-bad');
    let stderr = '';
    const code = await replayFile({
      file: csv,
      out,
      observe: null,
      strict: true,
      outputWorker: true,
      stdout: { write: () => true },
      stderr: { write: (chunk: string) => (stderr += chunk) },
    });
    expect([code, stderr.split('\n')[1]]).toEqual([
      1,
      `${csv}: stopped at the first refused row (--strict); nothing written`,
    ]);
    expect(readdirSync(out)).toEqual([]);
  });

  it('fails with the error the worker met, and its code', () => {
    const missing = join(work, 'no-such-dir');
    const lines = new WorkerLines([{ symbol: 'BTC-USD', priceDecimals: 2, sizeDecimals: 3 }], {
      trades: join(missing, 'trades.csv'),
      orders: join(missing, 'orders.csv'),
    });
    lines.write('trades', 'header\n');
    expect(() => lines.finish()).toThrow(
      expect.objectContaining({ code: 'ENOENT', message: expect.stringContaining(missing) }),
    );
  });
});
