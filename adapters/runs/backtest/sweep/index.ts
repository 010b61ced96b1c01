/** `simex sweep`: parameter sweeps over a grid, in a pool of worker threads; shards and merge. */
export { combinationAt, parseGridAxis } from './grid.js';
export { holdoutSplit } from './holdout.js';
export { mergeShards } from './merge.js';
export type { CombinationResult, Metrics, RankedResult } from './ranking.js';
export { runSweep, type SweepOutcome } from './run-sweep.js';
export { planSweep, type SweepArguments } from './sweep-plan.js';
export type { SweepTask, SweepTaskResult } from './sweep-pool.js';
export { sweepTable } from './sweep-table.js';
export { OUTPUT_FILES, type SweepHeader } from './sweep-outputs.js';
