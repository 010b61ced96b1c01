/** `simex sweep`: parameter sweeps over a grid, in a pool of worker threads; shards and merge. */
export {
  parseGridAxis,
  combinationAt,
  combinationCount,
  MAX_AXIS_VALUES,
  type GridAxis,
} from './grid.js';
export { holdoutSplit } from './holdout.js';
export { mergeShards } from './merge.js';
export { rankResults, type CombinationResult, type Metrics, type RankedResult } from './ranking.js';
export { runSweep, type SweepJob, type SweepOutcome } from './run-sweep.js';
export { planSweep, type SweepArguments, type SweepPlan } from './sweep-plan.js';
export { MAX_RUN, MAX_SHARDS } from './selection.js';
export type { SweepTask, SweepTaskResult } from './sweep-pool.js';
export { sweepTable } from './sweep-table.js';
export { OUTPUT_FILES, type SweepHeader } from './sweep-outputs.js';
