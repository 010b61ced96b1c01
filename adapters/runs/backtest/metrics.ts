/**
 * Figures of an equity series: maximum drawdown (exact), and Sharpe and Sortino ratios of the
 * per-sample equity changes, not annualised. Ratios are not money: they are computed in floating
 * point, in a fixed order, and printed with RATIO_DECIMALS decimals.
 */

export const RATIO_DECIMALS = 6;

export const SHARPE_FORMULA =
  'mean(r) / stdev(r), r = equity change between consecutive samples, stdev with n-1; not annualised';
export const SORTINO_FORMULA =
  'mean(r) / sqrt(sum(min(r, 0)^2) / n), r as for sharpe; not annualised';

/** The largest fall from a running peak (peaks start at zero equity). */
export function maxDrawdown(equity: readonly bigint[]): bigint {
  let peak = 0n;
  let worst = 0n;
  for (const value of equity) {
    if (value > peak) peak = value;
    if (peak - value > worst) worst = peak - value;
  }
  return worst;
}

/** The drawdown at every sample. */
export function drawdowns(equity: readonly bigint[]): bigint[] {
  let peak = 0n;
  return equity.map((value) => {
    if (value > peak) peak = value;
    return peak - value;
  });
}

export interface Ratios {
  readonly sharpe: string | null;
  readonly sortino: string | null;
}

/** Null where undefined: fewer than two changes, or no deviation. */
export function ratios(equity: readonly bigint[], scale: number): Ratios {
  const changes: number[] = [];
  for (let i = 1; i < equity.length; i++) {
    changes.push(Number(equity[i]! - equity[i - 1]!) / 10 ** scale);
  }
  const n = changes.length;
  if (n < 2) return { sharpe: null, sortino: null };
  let sum = 0;
  for (const change of changes) sum += change;
  const mean = sum / n;
  let squares = 0;
  let downside = 0;
  for (const change of changes) {
    squares += (change - mean) ** 2;
    if (change < 0) downside += change ** 2;
  }
  const deviation = Math.sqrt(squares / (n - 1));
  const downsideDeviation = Math.sqrt(downside / n);
  return {
    sharpe: deviation > 0 ? ratio(mean / deviation) : null,
    sortino: downsideDeviation > 0 ? ratio(mean / downsideDeviation) : null,
  };
}

/**
 * The longest time spent below a running peak (from 0 at the first sample): from the peak's
 * sample to the first sample back at or above it, or to the last sample if none is.
 */
export function maxDrawdownDuration(equity: readonly bigint[], times: readonly number[]): number {
  let peak = 0n;
  let peakTime = times[0] ?? 0;
  let longest = 0;
  let below = false;
  equity.forEach((value, index) => {
    const time = times[index]!;
    if (value < peak || below) longest = Math.max(longest, time - peakTime);
    below = value < peak;
    if (!below) [peak, peakTime] = [value, time];
  });
  return longest;
}

/** A ratio printed with RATIO_DECIMALS decimals (never "-0.000000"). */
export function ratio(value: number): string {
  const text = value.toFixed(RATIO_DECIMALS);
  return text === `-${(0).toFixed(RATIO_DECIMALS)}` ? text.slice(1) : text;
}
