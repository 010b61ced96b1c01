/** The summary as a plain-text table for stdout: one column per symbol and per total. */
import { latencyText } from './latency/latency-options.js';
import type { Figures, Summary } from './summary.js';

const ROWS: readonly [label: string, figure: (figures: Figures) => string][] = [
  ['position', (f) => text(f['position'])],
  ['average entry', (f) => text(f['average_entry'])],
  ['realized PnL', (f) => text(f['realized_pnl'])],
  ['unrealized PnL', (f) => text(f['unrealized_pnl'])],
  ['fees', (f) => text(f['fees'])],
  ['net PnL', (f) => text(f['net_pnl'])],
  ['orders', (f) => text(f['orders'])],
  [
    'fills (maker/taker)',
    (f) => `${text(f['fills'])} (${text(f['maker_fills'])}/${text(f['taker_fills'])})`,
  ],
  ['traded volume', (f) => text(f['traded_volume'])],
  ['max drawdown', (f) => text(f['max_drawdown'])],
  ['sharpe', (f) => text(f['sharpe'])],
  ['sortino', (f) => text(f['sortino'])],
];

export function summaryTable(summary: Summary): string {
  const { header } = summary;
  const columns: [string, Figures][] = [
    ...summary.symbols.map((figures): [string, Figures] => [String(figures['symbol']), figures]),
    ...summary.totals.map((figures): [string, Figures] => [
      `total ${String(figures['quote'])}`,
      figures,
    ]),
  ];
  const table = [
    ['', ...columns.map(([name]) => name)],
    ...ROWS.map(([label, figure]) => [label, ...columns.map(([, figures]) => figure(figures))]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const lines = table.map((row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
      )
      .join('  '),
  );
  const sampling = header['sampling'] as { interval_ms: number };
  return (
    `${String(header['strategy'])} on ${String(header['data'])}: ${String(header['flow_rows'])} rows, ` +
    `${String(header['start'])} to ${String(header['end'])}\n` +
    `latency: ${latencyText(header['latency'])}\n` +
    `maker fee ${String(header['maker_fee'])}, ` +
    `taker fee ${String(header['taker_fee'])}, equity sampled every ${sampling.interval_ms} ms ` +
    `(ratios per sample, not annualised)\n` +
    `${refusals(header)}\n\n` +
    lines.join('\n') +
    '\n'
  );
}

/** What the venue refused, and what was never sent, by error code: `refused actions: 2 (...)`. */
function refusals(header: Summary['header']): string {
  const counted = (label: string, byCode: unknown) => {
    const entries = Object.entries(byCode as Record<string, number>);
    const total = entries.reduce((sum, [, count]) => sum + count, 0);
    const codes = entries.map(([code, count]) => `${code} ${count}`).join(', ');
    return `${label} ${total}${total === 0 ? '' : ` (${codes})`}`;
  };
  return [
    counted('refused actions', header['refused_actions']),
    `unsent actions ${String(header['unsent_actions'])}`,
    counted('refused flow rows', header['refused_flow_rows']),
  ].join(', ');
}

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '-' : String(value);
}
