import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { workerExecArgv } from '../adapters/start-worker.js';
import { ROOT } from './cli/run-simex.js';
import { writeGeneratedFlow } from './generated-flow.js';
import { REPLAY_OUTPUTS } from './replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-script-workers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `script` as `node --input-type=module -e script` in `work`: what it printed. */
function runScript(script: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { cwd: work, timeout: 60_000, killSignal: 'SIGKILL' },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    ),
  );
}

/** A module of the build (npm run build first), as a program run by `node -e` imports it. */
const built = (path: string) => JSON.stringify(join(ROOT, 'dist', path));

describe("workers started from a script given on node's command line", () => {
  it("take the process's node options, or none when they give a script", () => {
    expect(workerExecArgv(['--max-semi-space-size=4', '--import', 'tsx'])).toBe(undefined);
    for (const script of [['--input-type=module', '-e', 'code'], ['--eval=code'], ['-p', 'code']])
      expect(workerExecArgv(['--max-semi-space-size=4', ...script])).toEqual([]);
  });

  it('replay a flow with the decoding and the output worker (node --input-type=module -e)', async () => {
    const flow = join(work, 'flow.arrow');
    await writeGeneratedFlow(flow, 3, 5_000, 'arrow');
    const out = join(work, 'out');
    const script = `
      const { replayFile } = await import(${built('adapters/runs/replay/replay-file.js')});
      const code = await replayFile({ file: ${JSON.stringify(flow)}, out: ${JSON.stringify(out)},
        observe: null, strict: false, outputWorker: true, decodeWorker: true,
        stdout: { write: () => true }, stderr: process.stderr });
      console.log('exit', code);`;
    const { stdout, stderr } = await runScript(script);
    expect([stdout, stderr]).toEqual(['exit 0\n', '']);
    expect(readdirSync(out)).toEqual(REPLAY_OUTPUTS);
  });

  it('backtest and sweep a strategy (the worker pool of the sweep too)', async () => {
    const cli = join(ROOT, 'dist/adapters/cli/main.js');
    await new Promise((resolve) =>
      execFile(process.execPath, [cli, 'init', 'strategy', join(work, 'strategy.ts')], resolve),
    );
    await writeGeneratedFlow(join(work, 'flow.csv'), 1, 2_000);
    const script = `
      const { runBacktest, sweep } = await import(${built('adapters/runs/backtest/index.js')});
      const options = { strategy: 'strategy.ts', data: 'flow.csv', interval: '1s' };
      const run = await runBacktest(options);
      const swept = await sweep({ ...options, grid: ['spread_ticks=1,2'], workers: 2 });
      console.log(run.ok, swept.ok && swept.value.ranked.length);`;
    expect(await runScript(script)).toEqual({ stdout: 'true 2\n', stderr: '' });
  });
});
