/**
 * What a sweep writes: results.json (the sweep's inputs, then one object per combination, best
 * first), results.csv (the same rows, flat) and report.html; a shard's results.json also names
 * its shard. The files depend only on the sweep's inputs and results (never on the worker count,
 * the order of completion or the shards), so shards merged give the bytes of a single run.
 */
import { csvCell } from '../../../flow/index.js';
import { OutputDirectory } from '../../../output/output-files.js';
import {
  metricNames,
  rankResults,
  type CombinationResult,
  type MetricValue,
  type RankedResult,
} from './ranking.js';
import { sweepReportHtml } from './sweep-report.js';

/** The sweep as results.json's `sweep` object gives it: the same for every shard of it. */
export interface SweepHeader {
  /** The backtest's inputs: strategy, data, fixed params, latency, fees, ... */
  readonly backtest: Readonly<Record<string, unknown>>;
  readonly grid: Readonly<Record<string, readonly string[]>>;
  /** Combinations in the grid. */
  readonly combinations: number;
  readonly random: number | null;
  readonly seed: string | null;
  /** Combinations the sweep runs, all shards together. */
  readonly runs: number;
  readonly holdout: string | null;
  readonly rank: string;
  readonly x: string;
  readonly y: string | null;
}

export const OUTPUT_FILES = ['results.json', 'results.csv', 'report.html'] as const;

export function resultsJson(
  header: SweepHeader,
  shard: string | null,
  ranked: readonly RankedResult[],
): string {
  const results = ranked.map((result) => ({
    rank: result.rank,
    combination: result.combination,
    params: result.params,
    metrics: result.metrics,
    ...(header.holdout === null ? {} : { out_of_sample: result.outOfSample }),
    error: result.error,
  }));
  return (
    JSON.stringify({ sweep: header, ...(shard === null ? {} : { shard }), results }, null, 2) + '\n'
  );
}

/** rank, combination, the grid's keys, the metrics, `oos_` and the held-out metrics, error. */
export function resultsCsv(header: SweepHeader, ranked: readonly RankedResult[]): string {
  const keys = Object.keys(header.grid);
  const metrics = metricNames(ranked, 'metrics');
  const heldOut = header.holdout === null ? [] : metricNames(ranked, 'outOfSample');
  const cell = (value: MetricValue | undefined) =>
    value === null || value === undefined ? '' : csvCell(String(value));
  const lines = [
    [
      'rank',
      'combination',
      ...keys,
      ...metrics,
      ...heldOut.map((name) => `oos_${name}`),
      'error',
    ].map(csvCell),
    ...ranked.map((result) => [
      String(result.rank),
      String(result.combination),
      ...keys.map((key) => cell(result.params[key])),
      ...metrics.map((name) => cell(result.metrics?.[name])),
      ...heldOut.map((name) => cell(result.outOfSample?.[name])),
      cell(result.error),
    ]),
  ];
  return lines.map((line) => line.join(',') + '\n').join('');
}

/** Ranks the results and writes the three files into `dir`, renamed into place together. */
export function writeSweepOutputs(
  dir: string,
  header: SweepHeader,
  shard: string | null,
  results: readonly CombinationResult[],
): RankedResult[] {
  const ranked = rankResults(results, header.rank);
  const output = new OutputDirectory(dir, process.pid);
  try {
    output.open('results.json').write(resultsJson(header, shard, ranked));
    output.open('results.csv').write(resultsCsv(header, ranked));
    output.open('report.html').write(sweepReportHtml(header, ranked));
    output.commit();
  } finally {
    output.discard();
  }
  return ranked;
}
