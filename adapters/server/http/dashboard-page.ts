/**
 * GET /: one self-contained page (uPlot's script and style inlined, as in the backtest report),
 * fed by /v1/stream. It asks for the API key (or reads it from the #key= fragment) and keeps it in
 * memory only.
 */
import { uplotAssets } from '../../output/uplot-assets.js';
import { DASHBOARD_SCRIPT } from './dashboard-script.js';

const STYLE = `body { font-family: system-ui, sans-serif; margin: 1.5em; color: #24292f; }
h1 { font-size: 20px; margin: 0 0 0.5em; }
#status { color: #57606a; font-size: 13px; }
form { margin: 1em 0; }
.grid { display: grid; grid-template-columns: minmax(280px, 1fr) minmax(280px, 1fr) 2fr; gap: 1.5em; align-items: start; }
table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; width: 100%; }
th, td { padding: 1px 8px; text-align: right; white-space: nowrap; }
th { border-bottom: 1px solid #d0d7de; font-weight: 600; }
tr.bid .price, tr.buy .price { color: #1a7f37; }
tr.ask .price, tr.sell .price { color: #cf222e; }
#last-price { font-size: 24px; font-variant-numeric: tabular-nums; }
.chart { margin-bottom: 1em; }`;

export function dashboardHtml(): string {
  const { js, css } = uplotAssets();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>simex market</title>
<style>
${css}
${STYLE}
</style>
</head>
<body>
<h1>simex market <span id="last-price">-</span></h1>
<p id="status">Enter an API key (it stays in this page's memory and goes to this server only).</p>
<form id="setup" autocomplete="off">
<label>API key <input id="key" type="password" required size="40"></label>
<button type="submit">Connect</button>
</form>
<div id="market" hidden>
<p><label>Symbol <select id="symbol"></select></label></p>
<div class="grid">
<section><h2>Book</h2><table id="ladder"><thead><tr><th>bid size</th><th>price</th><th>ask size</th></tr></thead><tbody></tbody></table></section>
<section><h2>Trades</h2><table id="tape"><thead><tr><th>time (UTC)</th><th>side</th><th>price</th><th>size</th></tr></thead><tbody></tbody></table></section>
<section><h2>Depth</h2><div class="chart" id="depth-chart"></div><h2>Last price</h2><div class="chart" id="price-chart"></div></section>
</div>
</div>
<script>
${js}
</script>
<script>
${DASHBOARD_SCRIPT}</script>
</body>
</html>
`;
}
