/**
 * `simex backtest` in a worker thread (guarded-backtest.ts starts it): the run as runBacktestCommand does
 * it, with the strategy's calls marked on the shared CallWatch and process.exit forbidden; what it
 * prints goes to the main thread as messages, and last its exit code.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CallWatch } from '../../call-watch.js';
import { parseBacktestOptions, type BacktestArguments } from './backtest-options.js';
import { forbidProcessExit, watchStrategyCalls } from './hook-guard.js';
import { runBacktestCommand } from './run-backtest.js';

export interface BacktestWorkerData {
  /** The command line, checked by the main thread. */
  readonly args: BacktestArguments;
  readonly watch: SharedArrayBuffer;
  readonly stderrIsTTY: boolean;
}

export type BacktestWorkerMessage =
  { readonly stdout: string } | { readonly stderr: string } | { readonly exitCode: number };

const data = workerData as BacktestWorkerData;
const post = (message: BacktestWorkerMessage) => parentPort!.postMessage(message);
forbidProcessExit();
watchStrategyCalls(new CallWatch(data.watch));
const options = parseBacktestOptions(data.args);
if (typeof options === 'string') throw new Error(`checked options refused: ${options}`);
const exitCode = await runBacktestCommand(options, {
  stdout: { write: (text: string) => post({ stdout: text }) },
  stderr: { isTTY: data.stderrIsTTY, write: (text: string) => post({ stderr: text }) },
});
post({ exitCode });
