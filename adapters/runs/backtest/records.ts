/** fills.csv lines as fills happen, equity.csv from the samples, round_trips.csv. */
import { formatScenarioTime } from '../../flow/scenario-time.js';
import { fromUnits } from '../../units/units.js';
import type { EquitySampler, EquityScope } from './equity-sampler.js';
import { drawdowns } from './metrics.js';
import { formatQuotient } from './money.js';
import type { RoundTrip } from './round-trips.js';
import type { StrategyFill } from './strategy.js';
import { AVERAGE_ENTRY_EXTRA_DECIMALS, type SymbolLedger } from './symbol-ledger.js';

export const FILLS_HEADER = 'ts,trade_id,order_id,symbol,side,liquidity,price,size,fee,position\n';

/** One fill, with the position after it. */
export function fillLine(fill: StrategyFill, ledger: SymbolLedger): string {
  return `${formatScenarioTime(fill.timestamp)},${fill.tradeId},${fill.orderId},${fill.symbol},${fill.side},${fill.liquidity},${fill.price},${fill.size},${fill.fee},${ledger.size(ledger.position)}\n`;
}

/** Money of a scope (a symbol, or a quote's total) as an exact decimal, with its ticks' decimals. */
export function scopeMoney(scope: EquityScope): (value: bigint) => string {
  const decimals = Math.max(...scope.ledgers.map((ledger) => ledger.instrument.priceDecimals));
  const scale = scope.ledgers[0]!.moneyScale;
  return (value) => fromUnits(value, scale, decimals);
}

/** ts, each symbol's equity, then each quote's total equity and its drawdown. */
export function equityCsv(sampler: EquitySampler): string {
  const columns = sampler.scopes.flatMap((scope) => {
    const format = scopeMoney(scope);
    if (!scope.name.startsWith('total '))
      return [{ name: scope.name, values: scope.equity.map(format) }];
    return [
      { name: `total_${scope.quote}`, values: scope.equity.map(format) },
      { name: `drawdown_${scope.quote}`, values: drawdowns(scope.equity).map(format) },
    ];
  });
  const lines = [['ts', ...columns.map((column) => column.name)].join(',')];
  sampler.times.forEach((time, index) => {
    lines.push(
      [formatScenarioTime(time), ...columns.map((column) => column.values[index]!)].join(','),
    );
  });
  return lines.join('\n') + '\n';
}

export const ROUND_TRIP_COLUMNS = [
  'symbol',
  'side',
  'entry_ts',
  'exit_ts',
  'duration_ms',
  'size',
  'entry_price',
  'exit_price',
  'pnl',
  'fees',
] as const;

/** One round trip's cells; prices are size-weighted means, rounded like the average entry. */
export function roundTripCells(trip: RoundTrip): string[] {
  const { ledger } = trip;
  const { priceDecimals, sizeDecimals } = ledger.instrument;
  const mean = (notional: bigint) =>
    formatQuotient(
      [notional, priceDecimals + sizeDecimals],
      [trip.size, sizeDecimals],
      priceDecimals + AVERAGE_ENTRY_EXTRA_DECIMALS,
      priceDecimals,
    );
  return [
    ledger.instrument.symbol,
    trip.side,
    formatScenarioTime(trip.entryTime),
    formatScenarioTime(trip.exitTime),
    String(trip.exitTime - trip.entryTime),
    ledger.size(trip.size),
    mean(trip.entryNotional),
    mean(trip.exitNotional),
    ledger.money(trip.pnl),
    ledger.money(trip.fees),
  ];
}

export function roundTripsCsv(trips: readonly RoundTrip[]): string {
  return [ROUND_TRIP_COLUMNS, ...trips.map(roundTripCells)]
    .map((row) => row.join(',') + '\n')
    .join('');
}
