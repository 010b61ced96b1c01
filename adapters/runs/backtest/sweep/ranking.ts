/**
 * The combinations' results, ranked by one metric of the (first part of the) flow: best first,
 * exact comparison of the decimal values; combinations without a value (an error, in either
 * part, or an undefined ratio) come last; ties go to the lower combination number.
 */
import { Exact } from '../../../units/units.js';

export type MetricValue = string | number | null;
export type Metrics = Readonly<Record<string, MetricValue>>;

export interface CombinationResult {
  readonly combination: number;
  readonly params: Readonly<Record<string, string>>;
  /** The whole flow's metrics, or the first part's with --holdout; null after an error. */
  readonly metrics: Metrics | null;
  /** With --holdout: the held-out part's metrics; null after an error or without --holdout. */
  readonly outOfSample: Metrics | null;
  readonly error: string | null;
}

export interface RankedResult extends CombinationResult {
  readonly rank: number;
}

export const DEFAULT_RANK = 'net_pnl';

/** Metrics where less is better; for every other metric more is better. */
const LOWER_IS_BETTER = new Set([
  'fees',
  'max_drawdown',
  'max_drawdown_duration_ms',
  'max_exposure',
  'exposure_time',
  'average_trip_ms',
  'max_trip_ms',
]);

/** `net_pnl`, or with several quote currencies `EUR.net_pnl` for the second one's. */
export const RANK_NAME = /^([A-Za-z0-9]+\.)?[a-z][a-z0-9_]*$/;

export function higherIsBetter(metric: string): boolean {
  return !LOWER_IS_BETTER.has(metric.replace(/^.*\./, ''));
}

export function rankResults(results: readonly CombinationResult[], metric: string): RankedResult[] {
  const sign = higherIsBetter(metric) ? -1 : 1;
  const keyed = results.map((result) => {
    const value = result.error === null ? result.metrics?.[metric] : undefined;
    return { result, value: value === null || value === undefined ? null : new Exact(value) };
  });
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else {
      const order = a.value.comparedTo(b.value);
      if (order !== 0) return sign * order;
    }
    return a.result.combination - b.result.combination;
  });
  return keyed.map(({ result }, index) => ({ rank: index + 1, ...result }));
}

/** The metric names of the first result that has them, in its order. */
export function metricNames(
  results: readonly CombinationResult[],
  part: 'metrics' | 'outOfSample',
): string[] {
  const first = [...results]
    .sort((a, b) => a.combination - b.combination)
    .find((result) => result[part] !== null);
  return first === undefined ? [] : Object.keys(first[part]!);
}
