/** The ranked combinations as a plain-text table for stdout: the best ones, and what failed. */
import type { SweepOutcome } from './run-sweep.js';

export const TABLE_ROWS = 10;

export function sweepTable({ header, ranked, failed }: SweepOutcome): string {
  const keys = Object.keys(header.grid);
  const heldOut = header.holdout !== null;
  const table = [
    ['rank', ...keys, header.rank, ...(heldOut ? [`oos ${header.rank}`] : []), 'error'],
    ...ranked
      .slice(0, TABLE_ROWS)
      .map((result) => [
        String(result.rank),
        ...keys.map((key) => result.params[key] ?? ''),
        text(result.metrics?.[header.rank]),
        ...(heldOut ? [text(result.outOfSample?.[header.rank])] : []),
        result.error ?? '',
      ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const lines = table.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
  const more =
    ranked.length > TABLE_ROWS
      ? `(the best ${TABLE_ROWS}; results.csv has all ${ranked.length})\n`
      : '';
  return (
    `${String(header.backtest['strategy'])} on ${String(header.backtest['data'])}: ` +
    `${ranked.length} combinations, ${failed} failed, ranked by ${header.rank}` +
    `${heldOut ? ` on the first part (last ${header.holdout} held out)` : ''}\n\n` +
    lines.join('\n') +
    '\n' +
    more
  );
}

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '-' : String(value);
}
