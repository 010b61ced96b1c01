import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { replayFile } from '../../adapters/runs/replay/replay-file.js';

const work = mkdtempSync(join(tmpdir(), 'simex-output-cells-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Ids that csvCell quotes or that are not ASCII, trading at times that cross a second, a day and
 * a year.
 */
const FLOW = [
  '# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.001',
  'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
  '86399998,new,"a,1",alice,BTC-USD,sell,limit,100.00,6,,',
  '86399999,new,"q""x",bob,BTC-USD,buy,limit,100.00,1,,',
  '86400000,new,é1,bob,BTC-USD,buy,limit,100.00,1,,',
  '86400007,new,ß,carol,BTC-USD,buy,market,,1,,',
  '86401006,new,ß2,carol,BTC-USD,buy,market,,1,,',
  '253402300799999,new,y9,carol,BTC-USD,buy,market,,1,,',
  '253402300800012,new,y10,carol,BTC-USD,buy,market,,1,,',
];

describe('replay output cells', () => {
  it.each([
    ['CSV', false, false],
    ['an Arrow flow', true, false],
    ['CSV, through the output worker', false, true],
    ['an Arrow flow, through the output worker', true, true],
  ])(
    'writes ids as csvCell quotes them and times as formatScenarioTime, from %s',
    async (_, arrow, outputWorker) => {
      const csv = join(work, `flow-${arrow}.csv`);
      writeFileSync(csv, FLOW.join('\n') + '\n');
      const file = arrow ? join(work, `flow-${arrow}.arrow`) : csv;
      if (arrow) await convertFlowFile(csv, file);
      const out = join(work, `out-${arrow}-${outputWorker}`);
      let stderr = '';
      const code = await replayFile({
        file,
        out,
        observe: null,
        strict: true,
        outputWorker,
        stdout: { write: () => true },
        stderr: { write: (chunk: string) => (stderr += chunk) },
      });
      expect([code, stderr]).toEqual([0, '']);
      const read = (name: string) => readFileSync(join(out, name), 'utf8');
      expect(read('trades.csv')).toBe(
        [
          'trade_id,ts,symbol,price,size,side,maker_id,taker_id,maker_account,taker_account',
          't_1,1970-01-01T23:59:59.999Z,BTC-USD,100.00,1.000,buy,"a,1","q""x",alice,bob',
          't_2,1970-01-02T00:00:00.000Z,BTC-USD,100.00,1.000,buy,"a,1",é1,alice,bob',
          't_3,1970-01-02T00:00:00.007Z,BTC-USD,100.00,1.000,buy,"a,1",ß,alice,carol',
          't_4,1970-01-02T00:00:01.006Z,BTC-USD,100.00,1.000,buy,"a,1",ß2,alice,carol',
          't_5,9999-12-31T23:59:59.999Z,BTC-USD,100.00,1.000,buy,"a,1",y9,alice,carol',
          't_6,+010000-01-01T00:00:00.012Z,BTC-USD,100.00,1.000,buy,"a,1",y10,alice,carol',
          '',
        ].join('\n'),
      );
      expect(read('orders.csv').split('\n').slice(1, 3)).toEqual([
        '"q""x",bob,BTC-USD,buy,limit,100.00,1.000,1.000,filled',
        'é1,bob,BTC-USD,buy,limit,100.00,1.000,1.000,filled',
      ]);
    },
  );
});
