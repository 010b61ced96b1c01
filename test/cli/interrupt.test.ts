/**
 * Ctrl-C (SIGINT) in the middle of a command that writes files: the process still ends by the
 * signal, and what it had under temporary names (a flow's `.partial-PID` file, a backtest's
 * outputs, a sweep's compiled strategy, a replay's outputs) is gone. Each run is held at a known
 * point (an input that is a FIFO kept open, a strategy that waits in its onStart hook) before the
 * signal is sent, but an Arrow replay: its file cannot be a FIFO, so it is long (several record
 * batches) and interrupted once its first trades are written, well before its end.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from './run-simex.js';

const work = mkdtempSync(join(tmpdir(), 'simex-interrupt-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const MESSAGES = join(ROOT, 'test/fixtures/lobster/AAPL_2012-06-21_first999_message_10.csv');
const FLOW = join(ROOT, 'scenarios/window-rolls-off/scenario.csv');

function start(dir: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(process.execPath, [join(ROOT, 'dist/adapters/cli/main.js'), ...args], {
    cwd: dir,
    env,
    stdio: 'ignore',
  });
}

/** Resolves once a file whose name `matches` is in `dir`. */
function appears(dir: string, matches: (name: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, (_, name) => {
      if (name === null || !matches(name)) return;
      watcher.close();
      resolve();
    });
    if (!readdirSync(dir).some(matches)) return;
    watcher.close();
    resolve();
  });
}

/** A FIFO at `path`, opened for writing with `head` written, held open until the test ends. */
async function heldInput(path: string, head: string) {
  execFileSync('mkfifo', [path]);
  const writer = await open(path, 'w');
  await writer.write(head);
  return writer;
}

async function interrupt(child: ChildProcess): Promise<NodeJS.Signals | null> {
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  return signal;
}

it('import lobster --out: the .partial file is removed', async () => {
  const dir = mkdtempSync(join(work, 'import-'));
  const input = join(dir, 'AAPL_2012-06-21_x_message_10.csv');
  const child = start(dir, [
    'import',
    'lobster',
    input,
    '--symbol',
    'AAPL-USD',
    '--out',
    'out.csv',
  ]);
  const writer = await heldInput(input, readFileSync(MESSAGES, 'utf8').split('\n', 50).join('\n'));
  await appears(dir, (name) => name.startsWith('out.csv.partial-'));
  expect(await interrupt(child)).toBe('SIGINT');
  await writer.close();
  expect(readdirSync(dir)).toEqual(['AAPL_2012-06-21_x_message_10.csv']);
});

it('replay --out of a CSV: the .partial files are removed', async () => {
  const dir = mkdtempSync(join(work, 'replay-csv-'));
  const input = join(dir, 'flow.csv');
  execFileSync('mkfifo', [input]);
  // Opened to read too: replay opens the FIFO twice (to tell Arrow from CSV, then to read it), and
  // a writer alone would see it without a reader in between (EPIPE).
  const writer = await open(input, 'r+');
  await writer.write(readFileSync(FLOW, 'utf8').split('\n', 6).join('\n'));
  mkdirSync(join(dir, 'out'));
  const child = start(dir, ['replay', input, '--out', 'out']);
  await appears(join(dir, 'out'), (name) => name.includes('.partial-'));
  expect(await interrupt(child)).toBe('SIGINT');
  await writer.close();
  expect(readdirSync(join(dir, 'out'))).toEqual([]);
});

it('replay --out of an Arrow flow: the signal ends it between two record batches', async () => {
  const dir = mkdtempSync(join(work, 'replay-arrow-'));
  const flow = join(dir, 'flow.arrow');
  const cli = join(ROOT, 'dist/adapters/cli/main.js');
  const args = ['generate', '--seed', '1', '--events', '1000000', '--format', 'arrow'];
  execFileSync(process.execPath, [cli, ...args, '--out', flow]);
  mkdirSync(join(dir, 'out'));
  const child = start(dir, ['replay', flow, '--out', 'out']);
  // Trades written to the file: the replay is in its first batch, with more batches to go.
  const out = join(dir, 'out');
  await appears(
    out,
    (name) =>
      name.startsWith('.trades.csv.partial-') &&
      (statSync(join(out, name), { throwIfNoEntry: false })?.size ?? 0) > 0,
  );
  // Without a turn of the event loop between batches, the replay ran to its end (exit 0).
  expect(await interrupt(child)).toBe('SIGINT');
  expect(readdirSync(out)).toEqual([]);
  // Generating and replaying a million events took 27 s on a loaded 2-core machine.
}, 120_000);

it('convert --out: the .partial file is removed', async () => {
  const dir = mkdtempSync(join(work, 'convert-'));
  const input = join(dir, 'flow.csv');
  const child = start(dir, ['convert', input, '--out', 'flow.arrow']);
  const writer = await heldInput(input, readFileSync(FLOW, 'utf8').split('\n', 6).join('\n'));
  await appears(dir, (name) => name.startsWith('flow.arrow.partial-'));
  expect(await interrupt(child)).toBe('SIGINT');
  await writer.close();
  expect(readdirSync(dir)).toEqual(['flow.csv']);
});

/** A strategy that says it started, then waits in onStart (the worker's thread only). */
const WAITING =
  "import { writeFileSync } from 'node:fs';\n" +
  'export default { onStart() {\n' +
  "  writeFileSync(process.env.SIMEX_TEST_MARK + '/started', '');\n" +
  '  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100_000);\n' +
  '} };\n';

it("backtest --out: the worker's temporary outputs are removed", async () => {
  const dir = mkdtempSync(join(work, 'backtest-'));
  writeFileSync(join(dir, 'waits.mjs'), WAITING);
  const args = ['backtest', '--strategy', 'waits.mjs', '--data', FLOW, '--out', 'out'];
  const child = start(dir, [...args, '--hook-timeout', '200s'], {
    ...process.env,
    SIMEX_TEST_MARK: dir,
  });
  await appears(dir, (name) => name === 'started');
  expect(readdirSync(join(dir, 'out')).some((name) => name.includes('.partial-'))).toBe(true);
  expect(await interrupt(child)).toBe('SIGINT');
  expect(readdirSync(join(dir, 'out'))).toEqual([]);
});

it("sweep: the compiled strategy's temporary directory is removed", async () => {
  const dir = mkdtempSync(join(work, 'sweep-'));
  const temp = join(dir, 'tmp');
  mkdirSync(temp);
  writeFileSync(join(dir, 'waits.mts'), WAITING);
  const args = [
    'sweep',
    '--strategy',
    'waits.mts',
    '--data',
    FLOW,
    '--grid',
    'a=1',
    '--out',
    'out',
  ];
  const child = start(dir, [...args, '--workers', '1', '--hook-timeout', '200s'], {
    ...process.env,
    SIMEX_TEST_MARK: dir,
    TMPDIR: temp,
  });
  await appears(dir, (name) => name === 'started');
  expect(readdirSync(temp).filter((name) => name.startsWith('simex-strategy-'))).toHaveLength(1);
  expect(await interrupt(child)).toBe('SIGINT');
  expect(readdirSync(temp)).toEqual([]);
});
