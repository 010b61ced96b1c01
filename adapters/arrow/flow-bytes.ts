/**
 * An Arrow flow already in memory (a sweep's SharedArrayBuffer, read once by the main thread and
 * shared by its workers), decoded with the same checks as openArrowFlow: the instruments and every
 * row, in file order. Every problem is an ArrowFlowError naming the file as given.
 */

import { arrow } from './arrow-library.js';
import type { InstrumentSpec } from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { ArrowFlowError } from './flow-error.js';
import { instrumentsOf } from './flow-reader.js';
import { FlowRowDecoder } from './flow-rows.js';

const { RecordBatchReader } = arrow;

export interface DecodedFlow {
  readonly instruments: readonly InstrumentSpec[];
  readonly batches: readonly (readonly ParsedScenarioRow[])[];
}

export function decodeArrowFlow(path: string, bytes: Uint8Array): DecodedFlow {
  const fail = (row: number, error: unknown, what: string) =>
    new ArrowFlowError(
      path,
      row,
      null,
      `${what}: ${error instanceof Error ? error.message : String(error)}`,
    );
  let reader;
  try {
    reader = RecordBatchReader.from(bytes).open();
    if (!reader.isFile()) throw new Error('not the IPC file format');
  } catch (error) {
    throw fail(0, error, 'not a readable Arrow IPC file (truncated?)');
  }
  const instruments = instrumentsOf(path, reader.schema);
  const decoder = new FlowRowDecoder(path, reader.schema);
  const batches: (readonly ParsedScenarioRow[])[] = [];
  for (let index = 0; index < reader.numRecordBatches; index++) {
    let batch;
    try {
      batch = reader.readRecordBatch(index);
    } catch (error) {
      throw fail(decoder.rowCount + 1, error, 'unreadable record batch');
    }
    if (batch !== null && batch.numRows > 0) batches.push(decoder.decode(batch));
  }
  return { instruments, batches };
}
