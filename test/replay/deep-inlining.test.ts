import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import { replayRun, REPLAY_OUTPUTS } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-deep-inlining-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a long flow's replay (V8's inlining budget raised)", () => {
  it('writes the outputs a replay with the default budget writes', async () => {
    const csv = join(work, 'flow.csv');
    const out = createWriteStream(csv);
    const instruments = flowInstruments(['BTC-USD', 'ETH-USD']);
    await writeFlow(
      {
        seed: 5,
        events: 20_000,
        instruments,
        start: Date.UTC(2026, 0, 5),
        meanIntervalMs: 100,
        accounts: 8,
      },
      out,
    );
    out.end();
    await finished(out);
    const arrow = join(work, 'flow.arrow');
    await convertFlowFile(csv, arrow);
    // The budget, once raised, stays raised in this process: the default run goes first.
    const runs = [];
    for (const deepInlining of [false, true]) {
      const run = await replayRun({
        file: arrow,
        out: join(work, `out-${deepInlining}`),
        outputWorker: true,
        deepInlining,
      });
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(Object.keys(run.outputs)).toEqual(REPLAY_OUTPUTS);
      runs.push(run.outputs);
    }
    expect(runs[0]!['trades.csv']!.split('\n').length).toBeGreaterThan(5_000);
    expect(runs[1]).toStrictEqual(runs[0]);
  });
});
