/** L2 flows (docs/l2.md): price levels and trades, no orders; their two file forms and importers. */
export { L2_KINDS, type L2Kind, type L2Row, type L2Side } from './l2-row.js';
export type { L2Source } from './l2-source.js';
export { openL2File } from './l2-file.js';
export { L2InputError } from './l2-input-error.js';
export { L2_COLUMNS, L2_CSV_HEADER, formatL2Row } from './l2-csv-format.js';
export type { L2Sink } from './l2-sink.js';
export { openL2Sink, ImportOptionError, type L2Format } from './import-options.js';
export { compareDecimals, canonicalDecimal } from './l2-decimal.js';
export { importTardis, type ImportTardisOptions, type TardisCounts } from './import-tardis.js';
export { importBinance, type ImportBinanceOptions, type BinanceCounts } from './import-binance.js';
