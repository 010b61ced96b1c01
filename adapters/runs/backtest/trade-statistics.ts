/**
 * Statistics of closed round trips. Money figures are exact (averages rounded half away from zero
 * to 4 more decimals than the tick, like the average entry); ratios are computed in floating
 * point in a fixed order and printed with RATIO_DECIMALS decimals, null where undefined.
 */
import { fromUnits } from '../../units/units.js';
import { ratio } from './metrics.js';
import { formatQuotient } from './money.js';
import type { RoundTrip } from './round-trips.js';
import { AVERAGE_ENTRY_EXTRA_DECIMALS } from './symbol-ledger.js';

export interface MoneyFormat {
  /** Money units as an exact decimal with at least the tick's decimals. */
  readonly money: (units: bigint) => string;
  /** total / count, rounded half away from zero to AVERAGE_ENTRY_EXTRA_DECIMALS more decimals. */
  readonly average: (total: bigint, count: number) => string;
}

export function moneyFormat(scale: number, decimals: number): MoneyFormat {
  const averageDecimals = Math.min(scale, decimals + AVERAGE_ENTRY_EXTRA_DECIMALS);
  return {
    money: (units) => fromUnits(units, scale, decimals),
    average: (total, count) =>
      formatQuotient([total, scale], [BigInt(count), 0], averageDecimals, decimals),
  };
}

export const TRADE_FORMULAS = {
  round_trips:
    'closed round trips: flat to flat (a fill across zero closes one and opens the next); the position still open at the end is not one',
  trip_pnl:
    'realized PnL of the trip minus the fees of its fills (a fill across zero shares its fee by size)',
  win_rate: 'trips with pnl > 0 / round_trips',
  profit_factor: 'sum(pnl of trips with pnl > 0) / -sum(pnl of trips with pnl < 0)',
  expectancy: 'average_trade / -average_loss: what a trip earns in units of the average loss',
  best_trade: 'largest trip pnl; worst_trade: smallest; average_trade: sum(pnl) / round_trips',
  average_win: 'mean pnl of trips with pnl > 0; average_loss: of trips with pnl < 0',
  sqn: 'sqrt(round_trips) * mean(pnl) / stdev(pnl), stdev with n-1',
  trip_duration_ms: 'exit time - entry time',
} as const;

export function tripFigures(
  trips: readonly RoundTrip[],
  { money, average: averageOf }: MoneyFormat,
): Record<string, string | number | null> {
  const n = trips.length;
  let [sum, wins, losses, grossProfit, grossLoss, durations, longest] = [0n, 0, 0, 0n, 0n, 0, 0];
  let best: bigint | null = null;
  let worst: bigint | null = null;
  for (const trip of trips) {
    sum += trip.pnl;
    if (trip.pnl > 0n) {
      wins++;
      grossProfit += trip.pnl;
    }
    if (trip.pnl < 0n) {
      losses++;
      grossLoss -= trip.pnl;
    }
    if (best === null || trip.pnl > best) best = trip.pnl;
    if (worst === null || trip.pnl < worst) worst = trip.pnl;
    const duration = trip.exitTime - trip.entryTime;
    durations += duration;
    if (duration > longest) longest = duration;
  }
  const mean = n > 0 ? Number(sum) / n : 0;
  const averageLoss = losses > 0 ? Number(grossLoss) / losses : 0;
  const average = (total: bigint, count: number) => (count > 0 ? averageOf(total, count) : null);
  return {
    round_trips: n,
    win_rate: n > 0 ? ratio(wins / n) : null,
    profit_factor: grossLoss > 0n ? ratio(Number(grossProfit) / Number(grossLoss)) : null,
    expectancy: losses > 0 ? ratio(mean / averageLoss) : null,
    best_trade: best === null ? null : money(best),
    worst_trade: worst === null ? null : money(worst),
    average_trade: average(sum, n),
    average_win: average(grossProfit, wins),
    average_loss: average(-grossLoss, losses),
    average_trip_ms: n > 0 ? Math.round(durations / n) : null,
    max_trip_ms: n > 0 ? longest : null,
    sqn: sqn(trips, mean),
  };
}

function sqn(trips: readonly RoundTrip[], mean: number): string | null {
  const n = trips.length;
  if (n < 2) return null;
  let squares = 0;
  for (const trip of trips) squares += (Number(trip.pnl) - mean) ** 2;
  const deviation = Math.sqrt(squares / (n - 1));
  return deviation > 0 ? ratio((Math.sqrt(n) * mean) / deviation) : null;
}
