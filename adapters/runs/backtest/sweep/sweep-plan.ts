/**
 * The sweep's own options, checked: the grid, which combinations run (--random, --seed,
 * --shard), --holdout, the ranking metric, the heatmap's axes and the worker count. Every bad
 * value is a one-line reason.
 */
import { availableParallelism } from 'node:os';
import { combinationCount, parseGridAxis, type GridAxis } from './grid.js';
import { holdoutError } from './holdout.js';
import { DEFAULT_RANK, RANK_NAME } from './ranking.js';
import { drawCombinations, MAX_RUN, parseShard, shardOf, type Shard } from './selection.js';

export interface SweepArguments {
  readonly grid?: readonly string[] | undefined;
  readonly random?: number | undefined;
  readonly seed?: string | number | undefined;
  readonly shard?: string | undefined;
  readonly holdout?: string | undefined;
  readonly rank?: string | undefined;
  readonly x?: string | undefined;
  readonly y?: string | undefined;
  readonly workers?: number | undefined;
}

export interface SweepPlan {
  readonly axes: readonly GridAxis[];
  /** Combinations of the whole grid. */
  readonly total: number;
  readonly random: number | null;
  readonly seed: string | null;
  /** The combinations the whole sweep runs (every shard together), ascending. */
  readonly selected: readonly number[];
  readonly shard: Shard | null;
  /** The combinations this run runs. */
  readonly run: readonly number[];
  readonly holdout: string | null;
  readonly rank: string;
  readonly x: string;
  readonly y: string | null;
  readonly workers: number;
}

export const DEFAULT_SEED = '1';
export const MAX_WORKERS = 256;
const SEED = /^(0|[1-9][0-9]{0,18})$/;

/** `fixedKeys`: the --param keys, which no --grid key may repeat. */
export function planSweep(args: SweepArguments, fixedKeys: readonly string[]): SweepPlan | string {
  const axes: GridAxis[] = [];
  for (const spec of args.grid ?? []) {
    const axis = parseGridAxis(spec);
    if (typeof axis === 'string') return axis;
    if (axes.some((other) => other.key === axis.key)) return `--grid ${axis.key} is given twice`;
    if (fixedKeys.includes(axis.key))
      return `--grid ${axis.key} is also a --param; give it one way`;
    axes.push(axis);
  }
  if (axes.length === 0) return 'give at least one --grid key=v1,v2,... or key=start..end:step';
  const total = combinationCount(axes);
  const sizes = axes.map((axis) => axis.values.length).join(' x ');
  if (total === null) return `the grid (${sizes}) has too many combinations to number`;
  const random = args.random ?? null;
  if (random !== null && !(Number.isSafeInteger(random) && random >= 1 && random <= MAX_RUN))
    return `--random must be a whole number from 1 to ${MAX_RUN}; got ${random}`;
  if (random === null && total > MAX_RUN)
    return `the grid (${sizes}) has ${total} combinations, more than ${MAX_RUN}; narrow it or draw some with --random N`;
  const seed = args.seed === undefined ? null : String(args.seed);
  if (seed !== null && (random === null || !SEED.test(seed)))
    return random === null
      ? '--seed needs --random N'
      : `--seed must be a whole number of at most 19 digits; got "${seed}"`;
  const selected =
    random === null || random >= total
      ? Array.from({ length: total }, (_, index) => index)
      : drawCombinations(total, random, BigInt(seed ?? DEFAULT_SEED));
  const shard = args.shard === undefined ? null : parseShard(args.shard);
  if (typeof shard === 'string') return shard;
  const holdout = args.holdout ?? null;
  const badHoldout = holdout === null ? null : holdoutError(holdout);
  if (badHoldout !== null) return badHoldout;
  const rank = args.rank ?? DEFAULT_RANK;
  if (!RANK_NAME.test(rank)) return `--rank must name a metric such as net_pnl; got "${rank}"`;
  const keys = axes.map((axis) => axis.key);
  const x = args.x ?? keys[0]!;
  const y = args.y ?? keys.find((key) => key !== x) ?? null;
  for (const [flag, key] of [
    ['x', x],
    ['y', y],
  ] as const)
    if (key !== null && !keys.includes(key))
      return `--${flag} ${key} is not a --grid key (${keys.join(', ')})`;
  if (x === y) return '--x and --y must be two different --grid keys';
  const run = shardOf(selected, shard);
  const workers = args.workers ?? Math.max(1, Math.min(availableParallelism(), run.length));
  if (!(Number.isSafeInteger(workers) && workers >= 1 && workers <= MAX_WORKERS))
    return `--workers must be a whole number from 1 to ${MAX_WORKERS}; got ${workers}`;
  return {
    axes,
    total,
    random,
    seed: random === null ? null : (seed ?? DEFAULT_SEED),
    selected,
    shard,
    run,
    holdout,
    rank,
    x,
    y,
    workers,
  };
}
