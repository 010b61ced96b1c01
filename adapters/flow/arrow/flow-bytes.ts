/**
 * An Arrow flow already in memory (a sweep's SharedArrayBuffer, read once by the main thread and
 * shared by its workers), decoded with the same checks as openArrowFlow: the instruments and every
 * row, in file order. Every problem is an ArrowFlowError naming the file as given.
 */

import { arrow } from './arrow-library.js';
import type { InstrumentSpec } from '../../../src/index.js';
import type { ParsedScenarioRow } from '../index.js';
import { ArrowFlowError, UNREADABLE_BATCH, unopenableReason } from './flow-error.js';
import { instrumentsOf } from './flow-reader.js';
import { FlowRowDecoder } from './flow-rows.js';

const { RecordBatchReader } = arrow;

export interface DecodedFlow {
  readonly instruments: readonly InstrumentSpec[];
  readonly batches: readonly (readonly ParsedScenarioRow[])[];
}

export function decodeArrowFlow(path: string, bytes: Uint8Array): DecodedFlow {
  let reader;
  try {
    reader = RecordBatchReader.from(bytes).open();
    if (!reader.isFile()) throw new Error('not the IPC file format');
  } catch {
    throw new ArrowFlowError(path, 0, null, unopenableReason(bytes));
  }
  const instruments = instrumentsOf(path, reader.schema);
  const decoder = new FlowRowDecoder(path, reader.schema);
  const batches: (readonly ParsedScenarioRow[])[] = [];
  for (let index = 0; index < reader.numRecordBatches; index++) {
    let batch;
    try {
      batch = reader.readRecordBatch(index);
    } catch {
      throw new ArrowFlowError(path, decoder.rowCount + 1, null, UNREADABLE_BATCH);
    }
    if (batch !== null && batch.numRows > 0) batches.push(decoder.decode(batch));
  }
  return { instruments, batches };
}
