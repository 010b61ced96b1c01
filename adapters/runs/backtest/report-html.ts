/**
 * report.html: one self-contained page that fetches nothing. The statistics, interactive charts
 * (uPlot, its script and style inlined from the installed package), the round trips, and the run's
 * inputs and formulas. The same inputs give the same bytes.
 */
import { uplotAssets } from '../../output/uplot-assets.js';
import type { EquitySampler } from './equity-sampler.js';
import { latencyText } from './latency/latency-options.js';
import { reportCharts, type FillMarkers } from './report-charts.js';
import { REPORT_SCRIPT } from './report-script.js';
import { escapeHtml, roundTripsTable, statisticsTable } from './report-tables.js';
import type { RoundTrip } from './round-trips.js';
import type { Summary } from './summary.js';

const STYLE = `body { font-family: system-ui, sans-serif; margin: 2em; color: #24292f; max-width: 1200px; }
table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { padding: 2px 10px; border-bottom: 1px solid #eaeef2; text-align: right; white-space: nowrap; }
th:first-child { text-align: left; }
tr.group th { text-align: left; background: #f6f8fa; padding-top: 8px; }
.trips-box { max-height: 480px; overflow: auto; }
tr.win td:nth-child(9) { color: #1a7f37; }
tr.loss td:nth-child(9) { color: #cf222e; }
.chart { margin-bottom: 1.5em; }
.chart p { font-size: 12px; color: #57606a; margin: 2px 0 6px; }
.help, .run { font-size: 13px; color: #57606a; }
pre { background: #f6f8fa; padding: 1em; overflow-x: auto; font-size: 12px; }`;

export function reportHtml(
  summary: Summary,
  sampler: EquitySampler,
  markers: FillMarkers,
  trips: readonly RoundTrip[],
): string {
  const { header } = summary;
  const { js, css } = uplotAssets();
  const charts = reportCharts(sampler, markers, trips);
  const chartDivs = charts
    .map(
      (chart) =>
        `<div class="chart"><h3>${escapeHtml(chart.title)}</h3><p>${escapeHtml(chart.caption)}</p>` +
        `<div id="${chart.id}"></div></div>`,
    )
    .join('\n');
  const text = (key: string) => escapeHtml(String(header[key]));
  // In a script element only "</" could end it early; JSON allows "<" escaped as \u003c.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>simex backtest: ${text('strategy')}</title>
<style>
${css}
${STYLE}
</style>
</head>
<body>
<h1>Backtest report</h1>
<p class="run">${text('strategy')} on ${text('data')}: ${text('flow_rows')} rows from ${text('start')} to ${text('end')} (UTC).
Latency: ${escapeHtml(latencyText(header['latency']))}. Maker fee ${text('maker_fee')}, taker fee ${text('taker_fee')}, equity sampled every
${escapeHtml(String((header['sampling'] as { interval_ms: number }).interval_ms))} ms. Money in the quote currency, exact.</p>
<h2>Statistics</h2>
${statisticsTable(summary)}
<h2>Charts</h2>
<p class="help">Times are UTC. Drag across a chart to zoom in, turn the mouse wheel to zoom around the pointer,
shift-drag (or drag with the middle button) to pan, double-click to zoom out; every chart follows. Hover to read the values.</p>
${chartDivs}
<h2>Round trips</h2>
<div class="trips-box">${roundTripsTable(trips)}</div>
<h2>Run inputs and formulas</h2>
<pre>${escapeHtml(JSON.stringify(header, null, 2))}</pre>
<script>
${js}
</script>
<script type="application/json" id="report-data">${json({ charts })}</script>
<script>
${REPORT_SCRIPT}</script>
</body>
</html>
`;
}
