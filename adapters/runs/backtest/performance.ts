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
import type { Exposure, RoundTrips } from './round-trips.js';
import type { SymbolLedger } from './symbol-ledger.js';
import { moneyFormat, TRADE_FORMULAS, tripFigures } from './trade-statistics.js';

export const PERFORMANCE_FORMULAS = {
  return: 'net_pnl / max_exposure (no starting capital exists; null when max_exposure is 0)',
  max_exposure:
    'largest sum over the scope of |position| x the last fill price of each symbol, after any fill',
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

/** The run's sample times and its first and last event. */
export interface RunSpan {
  readonly times: readonly number[];
  readonly start: number;
  readonly end: number;
}

export function performanceFigures(
  scope: EquityScope,
  span: RunSpan,
  trips: RoundTrips,
  exposure: Exposure,
  decimals: number,
): Record<string, string | number | null> {
  const { ledgers } = scope;
  const format = moneyFormat(ledgers[0]!.moneyScale, decimals);
  const { money } = format;
  const sum = (figure: (ledger: SymbolLedger) => bigint) =>
    ledgers.reduce((total, ledger) => total + figure(ledger), 0n);
  const count = (figure: (ledger: SymbolLedger) => number) =>
    ledgers.reduce((total, ledger) => total + figure(ledger), 0);
  const net = sum((ledger) => ledger.net());
  const makerVolume = sum((ledger) => ledger.makerVolume);
  const tradedVolume = makerVolume + sum((ledger) => ledger.takerVolume);
  const orders = count((ledger) => ledger.orders);
  const duration = span.end - span.start;
  const drawdown = maxDrawdown(scope.equity);
  const { sharpe, sortino } = ratios(scope.equity, ledgers[0]!.moneyScale);
  return {
    return: exposure.max > 0n ? ratio(Number(net) / Number(exposure.max)) : null,
    max_exposure: money(exposure.max),
    exposure_time: duration > 0 ? ratio(exposure.exposedUntil(span.end) / duration) : null,
    fill_ratio: orders > 0 ? ratio(count((ledger) => trips.filledOrders(ledger)) / orders) : null,
    maker_share: tradedVolume > 0n ? ratio(Number(makerVolume) / Number(tradedVolume)) : null,
    ...tripFigures(
      trips.closed.filter((trip) => ledgers.includes(trip.ledger)),
      format,
    ),
    max_drawdown: money(drawdown),
    max_drawdown_duration_ms: maxDrawdownDuration(scope.equity, span.times),
    calmar: drawdown > 0n ? ratio(Number(net) / Number(drawdown)) : null,
    sharpe,
    sortino,
  };
}
