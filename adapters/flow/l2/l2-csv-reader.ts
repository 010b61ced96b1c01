/** Reads the CSV form of an L2 flow (l2-csv-format.ts) a chunk of lines at a time. */
import { columnOf } from '../../input-error.js';
import { L2_CSV_HEADER } from './l2-csv-format.js';
import { L2InputError } from './l2-input-error.js';
import { lineChunks } from './l2-lines.js';
import { isProblem, L2RowChecker, parseMs } from './l2-row-check.js';
import type { L2Row } from './l2-row.js';
import type { L2Source } from './l2-source.js';

const HEADER = L2_CSV_HEADER.slice(0, -1);

export function openL2CsvFile(file: string): L2Source {
  const chunks = lineChunks(file);
  return {
    file,
    batches: rowBatches(chunks, file),
    close: () => void chunks.return(undefined),
  };
}

async function* rowBatches(
  chunks: AsyncIterable<{ first: number; lines: readonly string[] }>,
  file: string,
): AsyncGenerator<readonly L2Row[]> {
  const checker = new L2RowChecker();
  let headerSeen = false;
  for await (const { first, lines } of chunks) {
    const rows: L2Row[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (!headerSeen) {
        if (line.replace(/^\uFEFF/, '') !== HEADER)
          throw new L2InputError(file, first + i, 1, `expected the header ${HEADER}`);
        headerSeen = true;
        continue;
      }
      const cells = line.split(',');
      if (cells.length !== 7)
        throw new L2InputError(file, first + i, 1, `expected 7 cells, found ${cells.length}`);
      const result = checker.check(
        parseMs(cells[0]!),
        parseMs(cells[1]!),
        cells[2]!,
        cells[3]!,
        cells[4]!,
        cells[5]!,
        cells[6]!,
      );
      if (isProblem(result))
        throw new L2InputError(file, first + i, columnOf(cells, result.column), result.reason);
      rows.push(result);
    }
    if (rows.length > 0) yield rows;
  }
  if (!headerSeen) throw new L2InputError(file, 1, 1, `empty file: expected the header ${HEADER}`);
}
