/**
 * Reads the Arrow form of an L2 flow a record batch at a time (adapters/flow/arrow's block reader),
 * each row checked by the same rules as the CSV form (l2-row-check.ts). Columns are found by
 * name; times may be any timestamp unit or int64 milliseconds, text utf8 or a dictionary of it.
 */
import { open } from 'node:fs/promises';
import type { RecordBatch, Schema } from 'apache-arrow';
import {
  arrow,
  DictionaryWords,
  readRecordBatches,
  TextCells,
  TimeCells,
  typeProblem,
} from '../arrow/index.js';
import { L2_COLUMN_KINDS } from './l2-arrow-schema.js';
import { L2_COLUMNS } from './l2-csv-format.js';
import { L2InputError } from './l2-input-error.js';
import { isProblem, L2RowChecker } from './l2-row-check.js';
import type { L2Row } from './l2-row.js';
import type { L2Source } from './l2-source.js';

const { RecordBatchReader } = arrow;

/** A problem in an Arrow file: `file: row N, column NAME: reason` (row 0: the whole file). */
export class L2ArrowError extends L2InputError {
  constructor(file: string, row: number, column: string | null, reason: string) {
    super(file, row, 0, reason);
    const place = [row > 0 ? `row ${row}` : '', column === null ? '' : `column ${column}`]
      .filter((part) => part !== '')
      .join(', ');
    this.message = `${file}: ${place === '' ? '' : `${place}: `}${reason}`;
  }
}

export async function openL2ArrowFile(file: string): Promise<L2Source> {
  const handle = await open(file, 'r');
  let schema: Schema;
  try {
    const reader = await (await RecordBatchReader.from(handle)).open();
    if (!reader.isFile()) throw new Error('not the IPC file format');
    schema = reader.schema;
  } catch (error) {
    await handle.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new L2ArrowError(file, 0, null, `not a readable Arrow IPC file (truncated?): ${reason}`);
  }
  let positions: number[];
  try {
    positions = columnPositions(file, schema);
  } catch (error) {
    await handle.close();
    throw error;
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void handle.close();
  };
  async function* batches(): AsyncGenerator<readonly L2Row[]> {
    const checker = new L2RowChecker();
    const words = L2_COLUMNS.map(() => new DictionaryWords());
    let rowCount = 0;
    try {
      const blocks = readRecordBatches(handle.fd, schema);
      for (;;) {
        let next: IteratorResult<RecordBatch>;
        try {
          next = blocks.next();
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new L2ArrowError(file, rowCount + 1, null, `unreadable record batch: ${reason}`);
        }
        if (next.done === true) break;
        const rows = batchRows(file, next.value, positions, words, checker, rowCount);
        rowCount += rows.length;
        if (rows.length > 0) yield rows;
      }
    } finally {
      close();
    }
  }
  return { file, batches: batches(), close };
}

/** Each L2 column's position in the schema; a missing column or one of the wrong type fails. */
function columnPositions(file: string, schema: Schema): number[] {
  return L2_COLUMNS.map((name, index) => {
    const position = schema.fields.findIndex((field) => field.name === name);
    if (position === -1)
      throw new L2ArrowError(file, 0, name, `missing; an L2 flow has ${L2_COLUMNS.join(', ')}`);
    const problem = typeProblem(schema.fields[position]!, L2_COLUMN_KINDS[index]!);
    if (problem !== null) throw new L2ArrowError(file, 0, name, problem);
    return position;
  });
}

function batchRows(
  file: string,
  batch: RecordBatch,
  positions: readonly number[],
  words: readonly DictionaryWords[],
  checker: L2RowChecker,
  rowsBefore: number,
): L2Row[] {
  const data = batch.data.children;
  const times = [0, 1].map((i) => new TimeCells(data[positions[i]!]!));
  let row = 0;
  // A dictionary index outside its dictionary is found while the loop below reads `row`.
  const fail =
    (column: number) =>
    (reason: string): never => {
      throw new L2ArrowError(file, rowsBefore + row + 1, L2_COLUMNS[column]!, reason);
    };
  const texts = [2, 3, 4, 5, 6].map((i) => new TextCells(data[positions[i]!]!, words[i]!, fail(i)));
  const [exchangeTs, localTs] = times as [TimeCells, TimeCells];
  const [symbol, kind, side, price, size] = texts as [
    TextCells,
    TextCells,
    TextCells,
    TextCells,
    TextCells,
  ];
  const rows = new Array<L2Row>(batch.numRows);
  for (let i = 0; i < batch.numRows; i++) {
    row = i;
    const result = checker.check(
      exchangeTs.ms(i),
      localTs.ms(i),
      symbol.text(i),
      kind.text(i),
      side.text(i),
      price.text(i),
      size.text(i),
    );
    if (isProblem(result))
      throw new L2ArrowError(file, rowsBefore + i + 1, L2_COLUMNS[result.column]!, result.reason);
    rows[i] = result;
  }
  return rows;
}
