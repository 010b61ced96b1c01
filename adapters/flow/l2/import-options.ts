/** What every L2 importer is asked, and the errors found before reading. */
import type { Writable } from 'node:stream';
import { SYMBOL_PATTERN } from '../../../src/index.js';
import { L2CsvWriter } from './l2-csv-writer.js';
import type { L2Sink } from './l2-sink.js';

export type L2Format = 'csv' | 'arrow';

/** A problem with an importer's arguments, found before reading. */
export class ImportOptionError extends Error {}

export function requireSymbol(symbol: string): void {
  if (!SYMBOL_PATTERN.test(symbol))
    throw new ImportOptionError(
      `--symbol must look like BASE-QUOTE (e.g. BTC-USDT), got "${symbol}"`,
    );
}

/** The writer of the chosen form (apache-arrow is loaded only for the Arrow form). */
export async function openL2Sink(out: Writable, format: L2Format): Promise<L2Sink> {
  if (format === 'csv') return new L2CsvWriter(out);
  const { L2ArrowWriter } = await import('./l2-arrow-writer.js');
  return new L2ArrowWriter(out);
}
