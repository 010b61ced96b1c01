/**
 * A sweep from its plan: the selected combinations run in the worker pool, then ranked, and
 * written with `out`. A failed combination is a result with its error; only what stops every
 * combination (a bad flow, a --rank that names no metric) is `fatal`.
 */
import { formatShard } from './selection.js';
import { runCombinations, type PoolGuard } from './sweep-pool.js';
import { sweepProgress } from './sweep-progress.js';
import type { SweepPlan } from './sweep-plan.js';
import { writeSweepOutputs, type SweepHeader } from './sweep-outputs.js';
import { rankResults, type RankedResult } from './ranking.js';

export interface SweepJob {
  readonly plan: SweepPlan;
  /** The backtest's inputs, for results.json. */
  readonly backtest: Readonly<Record<string, unknown>>;
  /** The worker module, what it loads once, and what every task brings it (sweep-pool.ts). */
  readonly worker: {
    readonly file: string;
    readonly setup: unknown;
    readonly late: Promise<unknown>;
  };
  /** The caller's own checks, run while the workers start: a reason to refuse the sweep, or null. */
  readonly ready: Promise<string | null>;
  readonly out: string | null;
  /** Where the progress bar goes (on a terminal only). */
  readonly stderr: { write(text: string): unknown; isTTY?: boolean } | null;
  readonly guard: PoolGuard;
}

export interface SweepOutcome {
  readonly header: SweepHeader;
  readonly ranked: readonly RankedResult[];
  readonly failed: number;
}

export async function runSweep(job: SweepJob): Promise<SweepOutcome | { readonly fatal: string }> {
  const { plan } = job;
  const header = sweepHeader(plan, job.backtest);
  const progress = job.stderr === null ? null : sweepProgress(plan.run.length, job.stderr);
  const results = await runCombinations({
    file: job.worker.file,
    setup: job.worker.setup,
    late: job.worker.late,
    ready: job.ready,
    axes: plan.axes,
    run: plan.run,
    workers: plan.workers,
    progress,
    guard: job.guard,
    check: (result) =>
      result.metrics === null || Object.hasOwn(result.metrics, plan.rank)
        ? null
        : `--rank ${plan.rank} is not a metric; the metrics are ${Object.keys(result.metrics).join(', ')}`,
  });
  progress?.done();
  if ('fatal' in results) return results;
  const shard = plan.shard === null ? null : formatShard(plan.shard);
  const ranked =
    job.out === null
      ? rankResults(results, plan.rank)
      : writeSweepOutputs(job.out, header, shard, results);
  return outcome(header, ranked);
}

export function outcome(header: SweepHeader, ranked: readonly RankedResult[]): SweepOutcome {
  return { header, ranked, failed: ranked.filter((result) => result.error !== null).length };
}

function sweepHeader(plan: SweepPlan, backtest: Readonly<Record<string, unknown>>): SweepHeader {
  return {
    backtest,
    grid: Object.fromEntries(plan.axes.map((axis) => [axis.key, axis.values])),
    combinations: plan.total,
    random: plan.random,
    seed: plan.seed,
    runs: plan.selected.length,
    holdout: plan.holdout,
    rank: plan.rank,
    x: plan.x,
    y: plan.y,
  };
}
