/**
 * `simex sweep` on an L2 flow: the same flow, seed and queue model give byte-identical outputs,
 * from the CSV form or the Arrow form, with 1, 2 or 3 workers; and each combination's metrics are
 * the backtest's own (runBacktest on the same file and params).
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBacktest, sweep } from '../../adapters/runs/backtest/index.js';
import { summaryJson } from '../../adapters/runs/backtest/summary.js';
import { L2ArrowWriter } from '../../adapters/flow/l2/l2-arrow-writer.js';
import { L2CsvWriter } from '../../adapters/flow/l2/l2-csv-writer.js';
import type { L2Sink } from '../../adapters/flow/l2/l2-sink.js';
import { workDirectory } from './l2-test-files.js';
import { syntheticL2 } from './synthetic-l2.js';

const STRATEGY = fileURLToPath(
  new URL('../../scenarios/strategies/market-maker.ts', import.meta.url),
);
const file = workDirectory();
/** The fills of the three combinations, best net PnL first. */
const FILLS = [199, 35, 7];

async function writeFlow(name: string, sink: (out: NodeJS.WritableStream) => L2Sink) {
  const path = file(name, '');
  const out = createWriteStream(path);
  const writer = sink(out);
  let localTs = 0; // a file's local times never decrease (docs/l2.md, "Rules")
  for (const batch of syntheticL2(6000, 11)) {
    for (const row of batch) {
      localTs = Math.max(localTs, row.localTs);
      writer.push({ ...row, localTs });
    }
    await writer.flush();
  }
  await writer.end();
  out.end();
  await once(out, 'finish');
  return path;
}

const RUN = {
  strategy: STRATEGY,
  queueModel: 'power:2',
  interval: '500ms',
  latency: 'lognormal:median=3,sigma=0.5',
  latencyFeed: 'data',
  latencySeed: '5',
};

/** results.csv and results.json of a sweep, the data file's path written as DATA. */
async function sweepOutputs(data: string, workers: number): Promise<string> {
  const out = file(`sweep-${workers}`, '');
  const swept = await sweep({
    ...RUN,
    data,
    params: { size: '0.5' },
    grid: ['spread_ticks=1..3:1'],
    workers,
    out: `${out}.d`,
  });
  if (!swept.ok) throw new Error(swept.error.message);
  expect(swept.value.failed).toBe(0);
  const read = (name: string) => readFileSync(join(`${out}.d`, name), 'utf8');
  return (read('results.csv') + read('results.json')).replaceAll(data, 'DATA');
}

describe('simex sweep on an L2 flow', () => {
  it('gives byte-identical results from the CSV and the Arrow form, with 1, 2 or 3 workers', async () => {
    const csv = await writeFlow('flow.l2.csv', (out) => new L2CsvWriter(out as never));
    const arrow = await writeFlow('flow.l2.arrow', (out) => new L2ArrowWriter(out as never));
    const first = await sweepOutputs(csv, 1);
    expect(first).toContain('spread_ticks');
    for (const [data, workers] of [
      [csv, 2],
      [csv, 3],
      [arrow, 1],
      [arrow, 2],
      [arrow, 3],
    ] as const)
      expect(await sweepOutputs(data, workers)).toBe(first);
    // Each combination's metrics are the backtest's own on that file.
    const { results: rows } = JSON.parse(first.slice(first.indexOf('{'))) as {
      results: { params: Record<string, string>; metrics: Record<string, unknown> }[];
    };
    expect(rows.map((row) => row.metrics['fills'])).toEqual(FILLS);
    for (const data of [csv, arrow])
      for (const row of rows) {
        const run = await runBacktest({ ...RUN, data, params: { size: '0.5', ...row.params } });
        if (!run.ok) throw new Error(run.error.message);
        const { totals } = JSON.parse(summaryJson(run.value.summary)) as {
          totals: Record<string, unknown>[];
        };
        const { quote: _quote, ...metrics } = totals[0]!;
        expect(row.metrics).toEqual(metrics);
      }
  }, 120_000);

  it('refuses --holdout: an L2 flow has no held-out run', async () => {
    const csv = await writeFlow('short.l2.csv', (out) => new L2CsvWriter(out as never));
    const swept = await sweep({ ...RUN, data: csv, grid: ['spread_ticks=1,2'], holdout: '30%' });
    expect(swept).toEqual({
      ok: false,
      error: {
        code: 'bad_input',
        message: '--holdout needs a scenario flow; an L2 flow (--queue-model) has no held-out run',
      },
    });
  });

  it('stops on a malformed L2 file with its one-line error', async () => {
    const bad = file(
      'bad.l2.csv',
      'exchange_ts,local_ts,symbol,kind,side,price,size\n1,1,BTC-USDT,snapshot,buy,10,1\n2,0,BTC-USDT,update,buy,10,2\n',
    );
    const swept = await sweep({ ...RUN, data: bad, grid: ['spread_ticks=1,2'], workers: 2 });
    expect(swept).toEqual({
      ok: false,
      error: {
        code: 'bad_input',
        message: `${bad}:3:3: time going backwards: local_ts 0 after 1`,
      },
    });
  });
});
