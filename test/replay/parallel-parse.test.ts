import { appendFileSync, createReadStream, existsSync, mkdtempSync } from 'node:fs';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { openScenario, PARALLEL_MIN_BYTES } from '../../adapters/flow/csv/index.js';
import { runReplay } from '../../adapters/runs/replay/run-replay.js';
import { writeGeneratedFlow } from '../generated-flow.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-parallel-'));
const flow = join(work, 'flow.csv');
let text = '';
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(async () => {
  await writeGeneratedFlow(flow, 3, 20_000);
  text = readFileSync(flow, 'utf8');
});

let runs = 0;

async function replay(file: string, options: { check?: boolean; strict?: boolean } = {}) {
  const out = join(work, `out-${++runs}`);
  const { code, stderr } = await replayRun({
    file,
    out,
    observe: options.check === true ? invariantObserver : null,
    strict: options.strict ?? false,
  });
  return { code, stderr: stderr.replaceAll(file, 'F'), out };
}

const OUTPUTS = ['book.json', 'orders.csv', 'ticker.json', 'trades.csv'];

describe('a file parsed in a worker thread (at least PARALLEL_MIN_BYTES)', () => {
  it('replays to the same bytes as the same file parsed in this thread', async () => {
    expect(statSync(flow).size).toBeGreaterThan(PARALLEL_MIN_BYTES);
    const parallel = await replay(flow);
    expect([parallel.code, parallel.stderr]).toEqual([0, '']);
    const inThread = join(work, 'in-thread');
    const scenario = await openScenario(createReadStream(flow), flow);
    const outcome = await runReplay(scenario, {
      out: inThread,
      observe: null,
      strict: false,
      onRefused: () => {},
    });
    expect(outcome.kind).toBe('completed');
    for (const name of OUTPUTS) {
      expect(readFileSync(join(parallel.out, name), 'utf8'), name).toBe(
        readFileSync(join(inThread, name), 'utf8'),
      );
    }
  });

  it('stops at a malformed last row with its line and column, writing nothing', async () => {
    const lines = text.split('\n').length; // the last row's line + 1 (text ends with \n)
    const file = join(work, 'late-malformed.csv');
    writeFileSync(file, text);
    appendFileSync(file, '2026-01-05T00:00:00.000Z,amend,x1,a,BTC-USD,,,,,,\n');
    const result = await replay(file);
    expect(result.stderr).toBe(`F:${lines}:1: ts must never decrease\n`);
    expect([result.code, existsSync(result.out) ? readdirSync(result.out) : []]).toEqual([2, []]);
  });

  it("reports csv-parse's own errors on their line", async () => {
    const lines = text.split('\n').length;
    const file = join(work, 'late-quote.csv');
    writeFileSync(file, text + '9999999999999,new,"m1,alice,BTC-USD,buy,limit,1,1,,\n');
    const result = await replay(file);
    expect([result.code, result.stderr]).toEqual([
      2,
      `F:${lines}:1: Quote Not Closed: the parsing is finished with an opening quote\n`,
    ]);
  });

  it('stops at a late refused row under --strict', async () => {
    const lines = text.split('\n').length;
    const file = join(work, 'late-refused.csv');
    writeFileSync(file, text + '9999999999999,cancel,nope,alice,BTC-USD,,,,,,\n');
    const result = await replay(file, { strict: true });
    expect([result.code, result.stderr.split('\n')[0]]).toEqual([
      1,
      `F:${lines}: refused: order_not_found: no order nope for this account`,
    ]);
  });
});
