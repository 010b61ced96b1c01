/**
 * report.html of a sweep: one self-contained page (inline style and SVG, no script, nothing
 * fetched). The sweep's inputs, a heatmap of the ranking metric over the --x and --y keys (each
 * cell holds the best combination with those two values, whatever the other keys), and the ranked
 * table. The same results give the same bytes.
 */
import { Exact } from '../../../units/units.js';
import { higherIsBetter, type RankedResult } from './ranking.js';
import type { SweepHeader } from './sweep-outputs.js';

/** Rows of the ranked table; results.csv has them all. */
export const REPORT_ROWS = 1000;
/** Metrics shown beside the ranking one, when present. */
const SHOWN = ['net_pnl', 'return', 'max_drawdown', 'sharpe', 'win_rate', 'round_trips', 'fills'];
const CELL_W = 72;
const CELL_H = 26;
const LABEL_W = 110;

const STYLE = `body { font-family: system-ui, sans-serif; margin: 2em; color: #24292f; max-width: 1200px; }
table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { padding: 2px 10px; border-bottom: 1px solid #eaeef2; text-align: right; white-space: nowrap; }
td.error { text-align: left; color: #cf222e; white-space: normal; }
.box { max-height: 640px; overflow: auto; }
.help { font-size: 13px; color: #57606a; }
svg text { font-size: 11px; font-family: system-ui, sans-serif; }
pre { background: #f6f8fa; padding: 1em; overflow-x: auto; font-size: 12px; }`;

export function sweepReportHtml(header: SweepHeader, ranked: readonly RankedResult[]): string {
  const failed = ranked.filter((result) => result.error !== null).length;
  const strategy = escapeHtml(String(header.backtest['strategy']));
  const data = escapeHtml(String(header.backtest['data']));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>simex sweep: ${strategy}</title>
<style>
${STYLE}
</style>
</head>
<body>
<h1>Sweep report</h1>
<p class="help">${strategy} on ${data}: ${ranked.length} of ${header.combinations} combinations${failed > 0 ? `, ${failed} failed` : ''}.
Ranked by ${escapeHtml(header.rank)}${header.holdout === null ? '' : ` on the first part of the flow; the last ${escapeHtml(header.holdout)} of its time is held out (oos columns)`}.</p>
<h2>Heatmap</h2>
${heatmap(header, ranked)}
<h2>Ranked combinations</h2>
<div class="box">${rankedTable(header, ranked)}</div>
<h2>Inputs</h2>
<pre>${escapeHtml(JSON.stringify(header, null, 2))}</pre>
</body>
</html>
`;
}

function heatmap(header: SweepHeader, ranked: readonly RankedResult[]): string {
  const { x, y, rank } = header;
  const xs = header.grid[x]!;
  const ys = y === null ? [''] : header.grid[y]!;
  const best = new Map<string, RankedResult>();
  for (const result of ranked) {
    const key = `${result.params[x]}\n${y === null ? '' : result.params[y]}`;
    const value = result.metrics?.[rank];
    if (!best.has(key) && value !== null && value !== undefined) best.set(key, result);
  }
  const values = [...best.values()].map((result) => new Exact(result.metrics![rank]!));
  const low = values.length > 0 ? Exact.min(...values) : new Exact(0);
  const high = values.length > 0 ? Exact.max(...values) : new Exact(0);
  const width = LABEL_W + CELL_W * xs.length;
  const height = CELL_H * (ys.length + 2);
  const cells = ys.flatMap((yValue, row) =>
    xs.map((xValue, column) => {
      const result = best.get(`${xValue}\n${yValue}`);
      const left = LABEL_W + column * CELL_W;
      const top = row * CELL_H;
      const value = result?.metrics?.[rank];
      const fill =
        value === undefined || value === null
          ? '#eaeef2'
          : colour(new Exact(value), low, high, higherIsBetter(rank));
      const title =
        result === undefined
          ? 'no result'
          : `combination ${result.combination}, rank ${result.rank}`;
      return (
        `<rect x="${left}" y="${top}" width="${CELL_W - 2}" height="${CELL_H - 2}" fill="${fill}"><title>${escapeHtml(title)}</title></rect>` +
        `<text x="${left + CELL_W / 2 - 1}" y="${top + CELL_H / 2 + 3}" text-anchor="middle">${escapeHtml(value === undefined || value === null ? '-' : String(value))}</text>`
      );
    }),
  );
  const yLabels = ys.map(
    (value, row) =>
      `<text x="${LABEL_W - 6}" y="${row * CELL_H + CELL_H / 2 + 3}" text-anchor="end">${escapeHtml(value)}</text>`,
  );
  const xLabels = xs.map(
    (value, column) =>
      `<text x="${LABEL_W + column * CELL_W + CELL_W / 2 - 1}" y="${ys.length * CELL_H + 14}" text-anchor="middle">${escapeHtml(value)}</text>`,
  );
  const axisNames =
    `<text x="${LABEL_W + (CELL_W * xs.length) / 2}" y="${height - 4}" text-anchor="middle">${escapeHtml(x)}</text>` +
    (y === null ? '' : `<text x="4" y="${(ys.length * CELL_H) / 2}">${escapeHtml(y)}</text>`);
  return (
    `<p class="help">${escapeHtml(rank)} of the best combination for each ${escapeHtml(x)}${y === null ? '' : ` and ${escapeHtml(y)}`}; green is better. Hover a cell for its combination.</p>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    [...cells, ...yLabels, ...xLabels, axisNames].join('') +
    '</svg>'
  );
}

/** Red (worst) through yellow to green (best); the hue is rounded, so the bytes are stable. */
function colour(
  value: InstanceType<typeof Exact>,
  low: InstanceType<typeof Exact>,
  high: InstanceType<typeof Exact>,
  higherBetter: boolean,
): string {
  const span = high.minus(low);
  const share = span.isZero() ? new Exact(1) : value.minus(low).dividedBy(span);
  const good = higherBetter ? share : new Exact(1).minus(share);
  return `hsl(${good.times(120).round().toNumber()}, 70%, 75%)`;
}

function rankedTable(header: SweepHeader, ranked: readonly RankedResult[]): string {
  const keys = Object.keys(header.grid);
  const first = ranked.find((result) => result.metrics !== null)?.metrics ?? {};
  const metrics = [header.rank, ...SHOWN.filter((name) => name !== header.rank && name in first)];
  const heldOut = header.holdout === null ? [] : [header.rank];
  const head = [
    'rank',
    'combination',
    ...keys,
    ...metrics,
    ...heldOut.map((name) => `oos ${name}`),
    'error',
  ];
  const cell = (value: string | number | null | undefined) =>
    `<td>${value === null || value === undefined ? '' : escapeHtml(String(value))}</td>`;
  const rows = ranked
    .slice(0, REPORT_ROWS)
    .map(
      (result) =>
        '<tr>' +
        [
          cell(result.rank),
          cell(result.combination),
          ...keys.map((key) => cell(result.params[key])),
          ...metrics.map((name) => cell(result.metrics?.[name])),
          ...heldOut.map((name) => cell(result.outOfSample?.[name])),
          `<td class="error">${escapeHtml(result.error ?? '')}</td>`,
        ].join('') +
        '</tr>',
    );
  const more =
    ranked.length > REPORT_ROWS
      ? `<p class="help">The first ${REPORT_ROWS} of ${ranked.length}; results.csv has them all.</p>`
      : '';
  return `<table><tr>${head.map((name) => `<th>${escapeHtml(name)}</th>`).join('')}</tr>\n${rows.join('\n')}</table>${more}`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
