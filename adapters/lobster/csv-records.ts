/**
 * Streams a headerless CSV file as records with their 1-based line numbers, via csv-parse. Empty
 * lines are records (`[""]`) so that the record count is the line number (LOBSTER files quote
 * nothing); counting is much faster than csv-parse's `info`.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { asFileError } from '../cli/file-errors.js';
import { LobsterInputError } from './lobster-error.js';

export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

export async function* csvRecords(input: Readable, file: string): AsyncGenerator<CsvRecord> {
  const parser = parse({ relax_column_count: true });
  pipeline(input, parser, () => {});
  let line = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      line += 1;
      yield { line, cells };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const { lines = 0, column } = error as CsvError & { lines?: number; column?: number };
      throw new LobsterInputError(
        file,
        lines,
        typeof column === 'number' ? column + 1 : 1,
        error.message,
      );
    }
    throw asFileError(error, file) ?? error;
  }
}
