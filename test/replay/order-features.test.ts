import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-order-features-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HEADER =
  'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only,client_order_id,stop_price,stp,expire_at';

/**
 * Replays `rows` with every invariant checked after every row (as CSV, or converted to an Arrow
 * flow first); the exit code and the outputs.
 */
async function replay(name: string, rows: string[], arrow = false) {
  const csv = join(work, `${name}.csv`);
  writeFileSync(csv, [HEADER, ...rows].join('\n') + '\n');
  const file = arrow ? join(work, `${name}.arrow`) : csv;
  if (arrow) await convertFlowFile(csv, file);
  const { code, stderr, outputs } = await replayRun({
    file,
    out: join(work, name),
    observe: (venue) => invariantObserver(venue, 1),
    strict: true,
  });
  const read = (output: string) => outputs[output]!.trim().split('\n');
  return { code, stderr, read };
}

const FEATURES = [
  '1000,new,a1,bob,BTC-USD,sell,limit,100.00,1,,,,,,',
  '1000,new,a2,bob,BTC-USD,sell,limit,101.00,1,,,,,,',
  '1000,new,s1,alice,BTC-USD,buy,market,,1,,,,100.00,,',
  '1001,new,g1,carol,BTC-USD,buy,limit,99.00,1,gtd,,,,,2000',
  '1002,new,b1,dave,BTC-USD,buy,limit,98.00,2,,,,,,',
  '1003,amend,b1,dave,BTC-USD,,,,1,,,,,,',
  '1004,new,t1,alice,BTC-USD,buy,limit,100.00,1,,,,,,',
  '1500,new,e1,erin,BTC-USD,sell,limit,102.00,1,,,,,,',
  '1501,new,e2,erin,BTC-USD,buy,limit,102.00,1,,,,,cancel_maker,',
  '1600,amend,e2,erin,BTC-USD,,,101.50,,,,,,,',
  '2000,cancel,b1,dave,BTC-USD,,,,,,,,,,',
];

describe('scenario rows with order features', () => {
  it.each([
    ['CSV', false],
    ['an Arrow flow', true],
  ])(
    'replay a stop, a gtd expiry, self-trade prevention and amends from %s, under --check',
    async (_, arrow) => {
      const { code, stderr, read } = await replay(`features-${arrow}`, FEATURES, arrow);
      expect([code, stderr]).toEqual([0, '']);
      expect(read('trades.csv').slice(1)).toEqual([
        't_1,1970-01-01T00:00:01.004Z,BTC-USD,100.00,1.00000000,buy,a1,t1,bob,alice',
        't_2,1970-01-01T00:00:01.004Z,BTC-USD,101.00,1.00000000,buy,a2,s1,bob,alice',
      ]);
      expect(read('orders.csv').slice(1)).toEqual([
        'a1,bob,BTC-USD,sell,limit,100.00,1.00000000,1.00000000,filled',
        'a2,bob,BTC-USD,sell,limit,101.00,1.00000000,1.00000000,filled',
        's1,alice,BTC-USD,buy,market,,1.00000000,1.00000000,filled',
        't1,alice,BTC-USD,buy,limit,100.00,1.00000000,1.00000000,filled',
        'e1,erin,BTC-USD,sell,limit,102.00,1.00000000,0.00000000,expired',
        'g1,carol,BTC-USD,buy,limit,99.00,1.00000000,0.00000000,expired',
        'b1,dave,BTC-USD,buy,limit,98.00,1.00000000,0.00000000,cancelled',
        'e2,erin,BTC-USD,buy,limit,101.50,1.00000000,0.00000000,open',
      ]);
    },
  );

  it('an amend to a crossing price trades like a new order, under --check', async () => {
    const { code, stderr, read } = await replay('crossing', [
      '1000,new,m1,bob,BTC-USD,sell,limit,100.00,1,,,,,,',
      '1000,new,m2,bob,BTC-USD,sell,limit,100.00,1,,,,,,',
      '1000,new,q1,alice,BTC-USD,buy,limit,99.00,2,,,,,,',
      '1000,new,q2,carol,BTC-USD,buy,limit,99.00,3,,,,,,',
      '1001,amend,q1,alice,BTC-USD,,,100.00,3,,,,,,',
      '1002,amend,q2,carol,BTC-USD,,,,1,,,,,,',
      '1003,new,w1,bob,BTC-USD,sell,market,,1.5,,,,,,',
    ]);
    expect([code, stderr]).toEqual([0, '']);
    expect(read('trades.csv').slice(1)).toEqual([
      't_1,1970-01-01T00:00:01.001Z,BTC-USD,100.00,1.00000000,buy,m1,q1,bob,alice',
      't_2,1970-01-01T00:00:01.001Z,BTC-USD,100.00,1.00000000,buy,m2,q1,bob,alice',
      't_3,1970-01-01T00:00:01.003Z,BTC-USD,100.00,1.00000000,sell,q1,w1,alice,bob',
      't_4,1970-01-01T00:00:01.003Z,BTC-USD,99.00,0.50000000,sell,q2,w1,carol,bob',
    ]);
  });

  it('refuse an amend row without a size or a price, and an unknown stp', async () => {
    const empty = await replay('empty-amend', ['1000,amend,q1,alice,BTC-USD,,,,,,,,,,']);
    expect([empty.code, empty.stderr]).toEqual([
      2,
      expect.stringContaining('empty-amend.csv:2:32: amend needs a size or a price'),
    ]);
    const stp = await replay('bad-stp', ['1000,new,q1,alice,BTC-USD,buy,market,,1,,,,,always,']);
    expect(stp.stderr).toContain(
      'bad-stp.csv:2:45: stp must be none, cancel_taker, cancel_maker or cancel_both',
    );
  });
});
