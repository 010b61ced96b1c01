/** LOBSTER (lobsterdata.com) message and orderbook files as scenarios. */
export { LobsterInputError } from './lobster-error.js';
export { readLobsterMessages } from './message-reader.js';
export type { LobsterMessage, MessageType } from './message-reader.js';
export { readLobsterOrderbook } from './orderbook-reader.js';
export type { OrderbookRow, UnitLevel } from './orderbook-reader.js';
export { convertLobster } from './convert-lobster.js';
export type { ConvertOptions, ConvertedMessage } from './convert-lobster.js';
export { emptyCounts } from './message-converter.js';
export type { ImportCounts } from './message-converter.js';
export { BOOK_ACCOUNT, TAKER_ACCOUNT, DEPTH_ACCOUNT } from './book-rows.js';
export { formatLobsterPrice, parseTradingDate, dateInFileName } from './lobster-values.js';
export { writeScenario, lobsterInstrument } from './write-scenario.js';
export { importLobster, describeCounts, ImportUsageError } from './import-lobster.js';
export type { ImportLobsterOptions } from './import-lobster.js';
