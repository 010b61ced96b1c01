/**
 * The performance figures of one scope (a symbol, or all the symbols of one quote currency):
 * return, exposure, order figures, round-trip statistics and the equity curve's drawdown and ratios.
 * simex holds no cash balance, so there is no starting capital: return is measured against the
 * largest notional the strategy's position ever reached (max_exposure).
 */
import type { EquityScope } from './equity-sampler.js';
import {
  maxDrawdown,
  maxDrawdownDuration,
  ratio,
  ratios,
  SHARPE_FORMULA,
  SORTINO_FORMULA,
} from './metrics.js';
import type { Exposure, RoundTrip } from './round-trips.js';
import { TRADE_FORMULAS, tripFigures } from './trade-statistics.js';

export const PERFORMANCE_FORMULAS = {
  return: 'net_pnl / max_exposure (no starting capital exists; null when max_exposure is 0)',
  max_exposure:
    'largest sum over the scope of |position| x that symbol’s last fill price, after any fill',
  exposure_time: 'time with a non-zero position (any symbol of the scope) / (end - start)',
  fill_ratio: 'orders with at least one fill / orders the venue accepted',
  maker_share: 'maker_volume / traded_volume',
  ...TRADE_FORMULAS,
  max_drawdown: 'largest fall of equity from its running peak (the peak starts at 0)',
  max_drawdown_duration_ms:
    'longest time from a peak sample to the first sample back at or above it (or the last sample)',
  calmar: 'net_pnl / max_drawdown (null when max_drawdown is 0)',
  sharpe: SHARPE_FORMULA,
  sortino: SORTINO_FORMULA,
} as const;

export interface ScopeRun {
  readonly scope: EquityScope;
  readonly times: readonly number[];
  readonly start: number;
  readonly end: number;
  readonly net: bigint;
  readonly makerVolume: bigint;
  readonly tradedVolume: bigint;
  readonly orders: number;
  readonly filledOrders: number;
  readonly exposure: Exposure;
  readonly trips: readonly RoundTrip[];
  readonly money: (units: bigint) => string;
}

export function performanceFigures(run: ScopeRun): Record<string, string | number | null> {
  const { exposure, money, net, scope } = run;
  const span = run.end - run.start;
  const drawdown = maxDrawdown(scope.equity);
  const { sharpe, sortino } = ratios(scope.equity, scope.ledgers[0]!.moneyScale);
  return {
    return: exposure.max > 0n ? ratio(Number(net) / Number(exposure.max)) : null,
    max_exposure: money(exposure.max),
    exposure_time: span > 0 ? ratio(exposure.exposedUntil(run.end) / span) : null,
    fill_ratio: run.orders > 0 ? ratio(run.filledOrders / run.orders) : null,
    maker_share:
      run.tradedVolume > 0n ? ratio(Number(run.makerVolume) / Number(run.tradedVolume)) : null,
    ...tripFigures(run.trips, money),
    max_drawdown: money(drawdown),
    max_drawdown_duration_ms: maxDrawdownDuration(scope.equity, run.times),
    calmar: drawdown > 0n ? ratio(Number(net) / Number(drawdown)) : null,
    sharpe,
    sortino,
  };
}
