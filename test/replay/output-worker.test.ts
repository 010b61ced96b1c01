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
import { SIDE_BUY, STATUS_FILLED, TYPE_LIMIT, type Units } from '../../src/index.js';
import { BytesTable } from '../../adapters/bytes-table.js';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { ScenarioIdView } from '../../adapters/flow/driver/scenario-id-view.js';
import { BufferedFile } from '../../adapters/output/output-files.js';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import { replayFile } from '../../adapters/runs/replay/replay-file.js';
import { LineFormatter } from '../../adapters/runs/replay/line-formatter.js';
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

  it("reads ids in a shared table's arenas, through compactions, as the main thread does", () => {
    const books = [{ symbol: 'BTC-USD', priceDecimals: 2, sizeDecimals: 3 }];
    const file = (name: string) => (writeFileSync(join(work, name), ''), join(work, name));
    const sinks = {
      trades: new BufferedFile(file('direct-trades.csv')),
      orders: new BufferedFile(file('direct-orders.csv')),
    };
    const direct = new LineFormatter(books, sinks);
    const worker = new WorkerLines(books, {
      trades: file('worker-trades.csv'),
      orders: file('worker-orders.csv'),
    });
    const table = new BytesTable();
    table.shareArenas(worker.idArenas);
    const arenas = new Set<Uint8Array>();
    const units = (value: number) => value as Units;
    const order = {
      event: { book: 0, account: 0, side: SIDE_BUY, type: TYPE_LIMIT, status: STATUS_FILLED },
      id: new ScenarioIdView(),
    };
    const trade = { event: { book: 0, takerSide: SIDE_BUY, makerAccount: 0, takerAccount: 0 } };
    const taker = new ScenarioIdView();
    const live: number[] = [];
    for (const lines of [direct, worker]) lines.nameAccount(0, 'acct');
    // ids of 60 bytes, 1,000 live: an arena of 1 MiB is compacted every 17,000 ids or so
    for (let n = 0; n < 100_000; n++) {
      const id = Buffer.from(`${String(n).padStart(8, '0')}-${'x'.repeat(51)}`);
      table.find(id, 0, id.length);
      const at = table.stage(id, 0, id.length);
      const entry = table.add(id, 0, id.length, n);
      arenas.add(table.arena);
      live.push(entry);
      order.id.set(table.arena, at, at + id.length, undefined);
      taker.set(id, 0, 8, undefined); // bytes of no arena: sent in the record
      const fields = { price: units(n), size: units(3), filled: units(n % 4) };
      const makerId = new ScenarioIdView();
      const maker = live[n % live.length]!;
      makerId.set(table.arena, table.keyStart(maker), table.keyStart(maker) + 60, undefined);
      const traded = {
        event: { ...trade.event, sequence: n + 1, time: n * 1000, price: units(n), size: units(1) },
        makerId,
        takerId: taker,
      };
      for (const lines of [direct, worker]) {
        lines.final({ event: { ...order.event, ...fields }, id: order.id });
        lines.trade(traded);
      }
      if (live.length > 1000) table.remove(live.shift()!);
    }
    sinks.trades.close();
    sinks.orders.close();
    worker.finish();
    expect(arenas.size).toBe(2); // two in turn
    for (const name of ['trades', 'orders']) {
      const expected = readFileSync(join(work, `direct-${name}.csv`), 'utf8');
      expect(expected.length).toBeGreaterThan(6_000_000);
      expect(readFileSync(join(work, `worker-${name}.csv`), 'utf8')).toBe(expected);
    }
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
