/**
 * `runBacktestCommand` (what `simex backtest` runs) on an L2 flow file with --queue-model: the file
 * opened by the L2 reader (CSV or Arrow), the instruments taken from the rows' decimals, the outputs
 * written as for a scenario flow, byte for byte the same from either form.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../adapters/runs/backtest/index.js';
import { parseBacktestOptions } from '../../adapters/runs/backtest/backtest-options.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import { openL2File, openL2Sink } from '../../adapters/flow/l2/index.js';
import { tempFiles } from '../backtest/helpers.js';

const FLOW = `exchange_ts,local_ts,symbol,kind,side,price,size
1000,1000,ABC-USD,snapshot,buy,10,10
1000,1000,ABC-USD,snapshot,sell,10.01,10
1001,1001,ABC-USD,update,buy,10,15
1002,1002,ABC-USD,trade,sell,10,9
1002,1002,ABC-USD,update,buy,10,6
1003,1003,ABC-USD,trade,sell,10,2
1003,1003,ABC-USD,update,buy,10,4
`;

const STRATEGY = `export default class {
  onStart(ctx) {
    ctx.place({ symbol: 'ABC-USD', side: 'buy', type: 'limit', price: '10.00', size: '2' });
  }
}
`;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: (t: string) => err.push(t) },
    },
  };
}

describe('simex backtest --queue-model on an L2 flow file', () => {
  it('runs the strategy; the trades fill its bid once the depth ahead is gone', async () => {
    const dir = tempFiles({ 'flow.l2.csv': FLOW, 'one-bid.mjs': STRATEGY });
    const options = parseBacktestOptions({
      strategy: join(dir, 'one-bid.mjs'),
      data: join(dir, 'flow.l2.csv'),
      out: join(dir, 'out'),
      queueModel: 'power:2',
    });
    if (typeof options === 'string') throw new Error(options);
    const { io: streams, err } = io();
    expect(await runBacktestCommand(options, streams)).toBe(0);
    expect(err.join('')).toBe('');
    const summary = JSON.parse(readFileSync(join(dir, 'out', 'summary.json'), 'utf8')) as {
      queue_model: string;
    };
    expect(summary.queue_model).toBe('power:2');
    expect(
      readFileSync(join(dir, 'out', 'fills.csv'), 'utf8')
        .split('\n')
        .slice(1, 2),
    ).toEqual([
      expect.stringMatching(
        /^1970-01-01T00:00:01\.003Z,t_\d+,s1,ABC-USD,buy,maker,10\.00,1,0(\.00)?,1$/,
      ),
    ]);
  });

  it('gives the same output files, byte for byte, from the CSV and the Arrow form', async () => {
    const dir = tempFiles({ 'flow.l2.csv': FLOW, 'one-bid.mjs': STRATEGY });
    const arrowFile = join(dir, 'flow.l2.arrow');
    const out = createWriteStream(arrowFile);
    const sink = await openL2Sink(out, 'arrow');
    const source = await openL2File(join(dir, 'flow.l2.csv'));
    for await (const batch of source.batches) for (const row of batch) sink.push(row);
    source.close();
    await sink.end();
    await new Promise((done) => out.end(done));
    const outputs = async (data: string, name: string) => {
      const options = parseBacktestOptions({
        strategy: join(dir, 'one-bid.mjs'),
        data,
        out: join(dir, name),
        queueModel: 'log',
      });
      if (typeof options === 'string') throw new Error(options);
      expect(await runBacktestCommand(options, io().io)).toBe(0);
      return ['fills.csv', 'summary.json', 'equity.csv'].map((file) =>
        readFileSync(join(dir, name, file), 'utf8'),
      );
    };
    const fromCsv = await outputs(join(dir, 'flow.l2.csv'), 'csv');
    expect(fromCsv[0]!.split('\n').length).toBeGreaterThan(2); // a header and a fill at least
    // summary.json names its data file; everything else is the same.
    const fromArrow = (await outputs(arrowFile, 'arrow')).map((text) =>
      text.replace('flow.l2.arrow', 'flow.l2.csv'),
    );
    expect(fromArrow).toEqual(fromCsv);
  });

  it("the library's runBacktest takes the same L2 flow with queueModel", async () => {
    const dir = tempFiles({ 'flow.l2.csv': FLOW, 'one-bid.mjs': STRATEGY });
    const result = await runBacktest({
      strategy: join(dir, 'one-bid.mjs'),
      data: join(dir, 'flow.l2.csv'),
      queueModel: 'power:2',
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.fills).toStrictEqual([
      {
        orderId: 's1',
        tradeId: expect.stringMatching(/^t_\d+$/),
        symbol: 'ABC-USD',
        side: 'buy',
        liquidity: 'maker',
        price: '10.00',
        size: '1',
        fee: expect.stringMatching(/^0(\.00)?$/),
        timestamp: 1003,
        position: '1',
      },
    ]);
  });

  it('refuses a queue model it does not know, naming the grammar', () => {
    expect(parseBacktestOptions({ strategy: 's.ts', data: 'd', queueModel: 'power:0' })).toBe(
      '--queue-model must be risk_averse, power:<n> (0 < n <= 100, e.g. power:2), log or strategy (its queueShare method); got "power:0"',
    );
  });

  it("--queue-model strategy takes the strategy's queueShare; without one, or when it throws, it stops", async () => {
    const withShare = (body: string) =>
      STRATEGY.replace('onStart(ctx) {', `queueShare(ahead, behind) { ${body} }\n  onStart(ctx) {`);
    const dir = tempFiles({
      'flow.l2.csv': FLOW,
      'all-ahead.mjs': withShare('return 1;'),
      'throws.mjs': withShare("throw new Error('no idea');"),
      'none.mjs': STRATEGY,
    });
    const run = async (file: string) => {
      const options = parseBacktestOptions({
        strategy: join(dir, file),
        data: join(dir, 'flow.l2.csv'),
        queueModel: 'strategy',
      });
      if (typeof options === 'string') throw new Error(options);
      const streams = io();
      return {
        code: await runBacktestCommand(options, streams.io),
        err: streams.err.join(''),
      };
    };
    expect(await run('all-ahead.mjs')).toEqual({ code: 0, err: '' });
    const none = await run('none.mjs');
    expect(none).toEqual({
      code: 2,
      err: `${join(dir, 'none.mjs')}: --queue-model strategy needs a queueShare(ahead, behind) method\n`,
    });
    const thrown = await run('throws.mjs');
    expect(thrown.code).toBe(1);
    expect(thrown.err).toMatch(/throws\.mjs: queueShare\(0, 5\) threw no idea/);
  });
});
