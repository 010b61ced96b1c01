/**
 * report.html: one self-contained page (inline CSS and SVG, no script, no network) with the
 * summary table and charts of total equity, drawdown, and each traded symbol's price with the
 * strategy's buys and sells.
 */
import { formatScenarioTime } from '../csv/index.js';
import type { EquitySampler } from './equity-sampler.js';
import { drawdowns } from './metrics.js';
import type { StrategyFill } from './strategy.js';
import type { Summary } from './summary.js';
import { summaryTable } from './summary-table.js';
import { escapeHtml, lineChart, type Marker } from './svg-chart.js';

/** Markers kept per symbol; beyond it every other one is dropped, and the stride doubles. */
export const MAX_MARKERS = 2000;

/** The fills to mark on the price charts, thinned deterministically to at most MAX_MARKERS. */
export class FillMarkers {
  readonly #bySymbol = new Map<string, { markers: Marker[]; stride: number; seen: number }>();

  add(fill: StrategyFill): void {
    let entry = this.#bySymbol.get(fill.symbol);
    if (entry === undefined)
      this.#bySymbol.set(fill.symbol, (entry = { markers: [], stride: 1, seen: 0 }));
    if (entry.seen++ % entry.stride !== 0) return;
    entry.markers.push({ time: fill.timestamp, value: Number(fill.price), kind: fill.side });
    if (entry.markers.length > MAX_MARKERS) {
      entry.markers = entry.markers.filter((_, index) => index % 2 === 0);
      entry.stride *= 2;
    }
  }

  of(symbol: string): { markers: readonly Marker[]; stride: number } {
    return this.#bySymbol.get(symbol) ?? { markers: [], stride: 1 };
  }
}

const COLORS = ['#0969da', '#8250df', '#bf8700', '#1a7f37', '#cf222e'];

export function reportHtml(summary: Summary, sampler: EquitySampler, fills: FillMarkers): string {
  const time = (ms: number) => formatScenarioTime(ms).replace('T', ' ').replace('Z', '');
  const series = (values: readonly bigint[], scale: number) =>
    sampler.times.map((t, i): [number, number] => [t, Number(values[i]!) / 10 ** scale]);
  const totals = sampler.totals();
  const equity = lineChart(
    'Equity (net PnL)',
    totals.map((scope, i) => ({
      name: `total ${scope.quote}`,
      color: COLORS[i % COLORS.length]!,
      points: series(scope.equity, scope.ledgers[0]!.moneyScale),
    })),
    [],
    time,
  );
  const drawdown = lineChart(
    'Drawdown',
    totals.map((scope, i) => ({
      name: `total ${scope.quote}`,
      color: COLORS[(i + 4) % COLORS.length]!,
      points: series(
        drawdowns(scope.equity).map((value) => -value),
        scope.ledgers[0]!.moneyScale,
      ),
    })),
    [],
    time,
  );
  const prices = sampler.ledgers
    .map((ledger, index) => {
      const { symbol } = ledger.instrument;
      const { markers, stride } = fills.of(symbol);
      if (markers.length === 0) return '';
      const note = stride > 1 ? ` (every ${stride}th fill marked)` : '';
      const points = sampler.times.map((t, i): [number, number | null] => {
        const mark = sampler.marks[index]![i];
        return [t, mark === null || mark === undefined ? null : Number(mark)];
      });
      return lineChart(
        `${symbol}: last trade price, buys ▲ and sells ▼${note}`,
        [{ name: symbol, color: '#57606a', points }],
        markers,
        time,
      );
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>simex backtest: ${escapeHtml(String(summary.header['strategy']))}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #24292f; }
pre { background: #f6f8fa; padding: 1em; overflow-x: auto; }
.legend { font-size: 12px; margin-bottom: 4px; }
svg { display: block; max-width: 100%; height: auto; }
</style>
</head>
<body>
<h1>Backtest report</h1>
<pre>${escapeHtml(summaryTable(summary))}</pre>
${equity}
${drawdown}
${prices}
</body>
</html>
`;
}
