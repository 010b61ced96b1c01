/** The report's HTML tables: the statistics per symbol and per total, and the round trips. */
import { ROUND_TRIP_COLUMNS, roundTripCells } from './records.js';
import type { RoundTrip } from './round-trips.js';
import type { Figures, Summary } from './summary.js';

/** Round trips listed on the page; round_trips.csv has them all. */
export const MAX_TABLE_TRIPS = 1000;

type Format = 'text' | 'percent' | 'duration';

const GROUPS: readonly (readonly [string, readonly (readonly [string, string, Format?])[]])[] = [
  [
    'PnL',
    [
      ['net PnL', 'net_pnl'],
      ['realized PnL', 'realized_pnl'],
      ['unrealized PnL', 'unrealized_pnl'],
      ['fees', 'fees'],
      ['return on max exposure', 'return', 'percent'],
      ['max exposure', 'max_exposure'],
      ['exposure time', 'exposure_time', 'percent'],
    ],
  ],
  [
    'Round trips',
    [
      ['round trips', 'round_trips'],
      ['win rate', 'win_rate', 'percent'],
      ['profit factor', 'profit_factor'],
      ['expectancy (in average losses)', 'expectancy'],
      ['best trade', 'best_trade'],
      ['worst trade', 'worst_trade'],
      ['average trade', 'average_trade'],
      ['average win', 'average_win'],
      ['average loss', 'average_loss'],
      ['average duration', 'average_trip_ms', 'duration'],
      ['longest', 'max_trip_ms', 'duration'],
      ['SQN', 'sqn'],
    ],
  ],
  [
    'Risk',
    [
      ['max drawdown', 'max_drawdown'],
      ['max drawdown duration', 'max_drawdown_duration_ms', 'duration'],
      ['Calmar (net PnL / max drawdown)', 'calmar'],
      ['Sharpe (per sample)', 'sharpe'],
      ['Sortino (per sample)', 'sortino'],
    ],
  ],
  [
    'Orders and position',
    [
      ['orders', 'orders'],
      ['fills', 'fills'],
      ['maker fills', 'maker_fills'],
      ['taker fills', 'taker_fills'],
      ['fill ratio (orders filled)', 'fill_ratio', 'percent'],
      ['maker share (of volume)', 'maker_share', 'percent'],
      ['traded volume', 'traded_volume'],
      ['traded size', 'traded_size'],
      ['position', 'position'],
      ['average entry', 'average_entry'],
      ['mark price', 'mark_price'],
    ],
  ],
];

export function statisticsTable(summary: Summary): string {
  const columns: [string, Figures][] = [
    ...summary.symbols.map((f): [string, Figures] => [String(f['symbol']), f]),
    ...summary.totals.map((f): [string, Figures] => [`total ${String(f['quote'])}`, f]),
  ];
  const head = `<tr><th></th>${columns.map(([name]) => `<th>${escapeHtml(name)}</th>`).join('')}</tr>`;
  const body = GROUPS.map(([group, rows]) => {
    const title = `<tr class="group"><th colspan="${columns.length + 1}">${group}</th></tr>`;
    const lines = rows.map(([label, key, format = 'text']) => {
      const cells = columns.map(([, figures]) => `<td>${cell(figures[key], format)}</td>`);
      return `<tr><th>${escapeHtml(label)}</th>${cells.join('')}</tr>`;
    });
    return title + lines.join('');
  });
  return `<table class="statistics">${head}${body.join('')}</table>`;
}

export function roundTripsTable(trips: readonly RoundTrip[]): string {
  if (trips.length === 0) return '<p>No closed round trips.</p>';
  const shown = trips.slice(0, MAX_TABLE_TRIPS);
  const note =
    trips.length > shown.length
      ? `<p>The first ${shown.length} of ${trips.length} round trips; round_trips.csv lists them all.</p>`
      : '';
  const names = ROUND_TRIP_COLUMNS.map((name) => (name === 'duration_ms' ? 'duration' : name));
  const head = `<tr>${names.map((name) => `<th>${name}</th>`).join('')}</tr>`;
  const rows = shown.map((trip) => {
    const cells = roundTripCells(trip);
    cells[4] = duration(trip.exitTime - trip.entryTime);
    const sign = trip.pnl > 0n ? 'win' : 'loss';
    return `<tr class="${sign}">${cells.map((text) => `<td>${escapeHtml(text)}</td>`).join('')}</tr>`;
  });
  return `${note}<table class="trips">${head}${rows.join('')}</table>`;
}

function cell(value: string | number | null | undefined, format: Format): string {
  if (value === null || value === undefined) return '–';
  if (format === 'percent') return `${(Number(value) * 100).toFixed(4)} %`;
  if (format === 'duration') return duration(Number(value));
  return escapeHtml(String(value));
}

/** 93784005 ms as "1d 02:03:04.005". */
export function duration(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const clock =
    `${pad(Math.floor(ms / 3_600_000) % 24)}:${pad(Math.floor(ms / 60_000) % 60)}:` +
    `${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
