import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeGeneratedFlow } from '../generated-flow.js';
import { replayRun, REPLAY_OUTPUTS } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-deep-inlining-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a long flow's replay (V8's inlining budget raised)", () => {
  it('writes the outputs a replay with the default budget writes', async () => {
    const arrow = join(work, 'flow.arrow');
    await writeGeneratedFlow(arrow, 5, 20_000, 'arrow');
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
