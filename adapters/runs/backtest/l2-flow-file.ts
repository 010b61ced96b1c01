/**
 * An L2 flow file for `simex backtest --queue-model`: the reader that opens it is given (the L2
 * reader, `openL2File` of adapters/flow/l2), and the instruments come from a first pass over its rows:
 * per symbol, a tick of 10^-d for the most decimals d of its prices, a lot likewise for its sizes.
 */
import type { InstrumentSpec } from '../../../src/index.js';
import type { L2FlowSource } from './in-process.js';
import type { L2Row } from '../../flow/l2/l2-row.js';

/** What an L2 reader gives: the rows a batch at a time, read once. */
export interface L2File {
  readonly batches: AsyncIterable<readonly L2Row[]>;
  close(): void;
}

export type OpenL2File = (path: string) => Promise<L2File>;

/** Opens the file twice: once for its instruments, once for the run. */
export async function openL2Source(path: string, open: OpenL2File): Promise<L2FlowSource & L2File> {
  const first = await open(path);
  const decimals = new Map<string, { price: number; size: number }>();
  try {
    for await (const batch of first.batches)
      for (const row of batch) {
        const seen = decimals.get(row.symbol) ?? { price: 0, size: 0 };
        seen.price = Math.max(seen.price, fractionDigits(row.price));
        seen.size = Math.max(seen.size, fractionDigits(row.size));
        decimals.set(row.symbol, seen);
      }
  } finally {
    first.close();
  }
  const instruments: InstrumentSpec[] = [...decimals]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([symbol, { price, size }]) => ({
      symbol,
      tickSize: step(price),
      lotSize: step(size),
    }));
  const file = await open(path);
  return {
    instruments,
    batches: file.batches,
    locate: (row) => `${path}: row ${row}`,
    close: () => file.close(),
  };
}

function fractionDigits(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/** 10^-decimals as decimal text: 0 -> `1`, 2 -> `0.01`. */
function step(decimals: number): string {
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}
