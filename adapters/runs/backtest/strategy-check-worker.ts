/**
 * The strategy module checked in a worker thread (guarded-check.ts starts it): imported with its
 * loading marked on the shared CallWatch and process.exit forbidden; posts why it is refused, or
 * null.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CallWatch } from '../../call-watch.js';
import { forbidProcessExit, watchStrategyCalls } from './hook-guard.js';
import { importStrategy, StrategyLoadError } from './strategy-loader.js';

export interface StrategyCheckData {
  readonly file: string;
  /** The module compiled to JavaScript (strategy-compiler.ts), imported instead; null: none. */
  readonly compiled: string | null;
  readonly watch: SharedArrayBuffer;
}

export interface StrategyCheckMessage {
  readonly refused: string | null;
}

const data = workerData as StrategyCheckData;
forbidProcessExit();
watchStrategyCalls(new CallWatch(data.watch));
let refused: string | null = null;
try {
  await importStrategy(data.file, data.compiled ?? undefined);
} catch (error) {
  if (!(error instanceof StrategyLoadError)) throw error;
  refused = error.message;
}
parentPort!.postMessage({ refused } satisfies StrategyCheckMessage);
