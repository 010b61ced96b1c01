/** fills.csv lines as fills happen, and equity.csv from the samples. */
import { formatScenarioTime } from '../csv/index.js';
import type { EquitySampler } from './equity-sampler.js';
import { drawdowns } from './metrics.js';
import { formatMoney } from './money.js';
import type { StrategyFill } from './strategy.js';
import type { SymbolLedger } from './symbol-ledger.js';

export const FILLS_HEADER = 'ts,trade_id,order_id,symbol,side,liquidity,price,size,fee,position\n';

/** One fill, with the position after it. */
export function fillLine(fill: StrategyFill, ledger: SymbolLedger): string {
  return `${formatScenarioTime(fill.timestamp)},${fill.tradeId},${fill.orderId},${fill.symbol},${fill.side},${fill.liquidity},${fill.price},${fill.size},${fill.fee},${ledger.size(ledger.position)}\n`;
}

/** ts, each symbol's equity, then each quote's total equity and its drawdown. */
export function equityCsv(sampler: EquitySampler): string {
  const columns = sampler.scopes.flatMap((scope) => {
    const decimals = Math.max(...scope.ledgers.map((ledger) => ledger.instrument.priceDecimals));
    const scale = scope.ledgers[0]!.moneyScale;
    const format = (value: bigint) => formatMoney(value, scale, decimals);
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
