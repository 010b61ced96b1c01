/** Arrow flows (docs/flows.md): scenario rows as an Arrow IPC file, written and read. */
export { ArrowFlowError } from './flow-error.js';
export { ArrowFlowWriter, BATCH_ROWS } from './flow-writer.js';
export type { ArrowBatches } from './flow-reader.js';
export { readsAsCodes } from './flow-codes.js';
export { feedFlow, type FlowFeed } from './flow-feed.js';
export { decodeArrowFlow, type DecodedFlow } from './flow-bytes.js';
export { ARROW_MAGIC, isArrowFile, openFlowFile, openFlowSource } from './flow-file.js';
export { DECIMALS_KEY, INSTRUMENTS_KEY, flowSchema, unitsLayout } from './flow-schema.js';
export { convertFlowFile } from './convert-flow.js';
export { arrow } from './arrow-library.js';
export { readRecordBatches } from './block-reader.js';
export { DictionaryWords, TextCells, TimeCells, typeProblem } from './column-cells.js';
export type { ColumnKind } from './flow-schema.js';
