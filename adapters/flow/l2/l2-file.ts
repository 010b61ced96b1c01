/**
 * Opens an L2 flow file, Arrow or CSV form, told apart by its first bytes (Arrow's `ARROW1`), not
 * its name. apache-arrow is loaded only for an Arrow file.
 */
import { isArrowFile } from '../arrow/flow-file.js';
import { statSync } from 'node:fs';
import { asFileError, FileError } from '../../file-errors.js';
import { openL2CsvFile } from './l2-csv-reader.js';
import type { L2Source } from './l2-source.js';

export async function openL2File(path: string): Promise<L2Source> {
  let arrowForm: boolean;
  try {
    // Its instruments are read in a first pass over its rows.
    if (statSync(path).isFIFO())
      throw new FileError(path, 'is a pipe; an L2 flow is read twice, so it must be a file');
    arrowForm = isArrowFile(path);
  } catch (error) {
    throw asFileError(error, path) ?? error;
  }
  if (!arrowForm) return openL2CsvFile(path);
  const { openL2ArrowFile } = await import('./l2-arrow-reader.js');
  return openL2ArrowFile(path);
}
