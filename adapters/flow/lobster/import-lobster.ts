/** `simex import lobster`: a LOBSTER message file (and its orderbook file) → a scenario on `out`. */
import type { Writable } from 'node:stream';
import { openInputStream } from '../../file-errors.js';
import { quote } from '../../quote.js';
import { SYMBOL_PATTERN } from '../../../src/index.js';
import { convertLobster } from './convert-lobster.js';
import { emptyCounts, type ImportCounts } from './message-converter.js';
import { readLobsterMessages } from './message-reader.js';
import { readLobsterOrderbook } from './orderbook-reader.js';
import { dateInFileName, parseTradingDate } from './lobster-values.js';
import { writeScenario } from './write-scenario.js';

export interface ImportLobsterOptions {
  readonly messageFile: string;
  readonly symbol: string;
  readonly orderbookFile?: string;
  /** `YYYY-MM-DD`; default: the date in the message file's name. */
  readonly date?: string;
  /** Default: csv. */
  readonly format?: 'csv' | 'arrow';
}

/** A problem with the arguments, found before reading. */
export class ImportUsageError extends Error {}

export async function importLobster(
  options: ImportLobsterOptions,
  out: Writable,
): Promise<ImportCounts> {
  const { messageFile, symbol, orderbookFile } = options;
  if (!SYMBOL_PATTERN.test(symbol)) {
    throw new ImportUsageError(
      `--symbol must look like BASE-QUOTE (e.g. AAPL-USD), got "${quote(symbol)}"`,
    );
  }
  const date = options.date ?? dateInFileName(messageFile);
  if (date === null) {
    throw new ImportUsageError(`no YYYY-MM-DD in the file name ${messageFile}: give --date`);
  }
  const dayMs = parseTradingDate(date);
  if (dayMs === null) throw new ImportUsageError(`not a date (YYYY-MM-DD): "${date}"`);
  const counts = emptyCounts();
  const messageInput = openInputStream(messageFile);
  const orderbookInput = orderbookFile === undefined ? undefined : openInputStream(orderbookFile);
  const messages = readLobsterMessages(messageInput, messageFile);
  const orderbook =
    orderbookFile === undefined || orderbookInput === undefined
      ? undefined
      : { rows: readLobsterOrderbook(orderbookInput, orderbookFile), file: orderbookFile };
  const converted = convertLobster(
    messages,
    { symbol, dayMs, messageFile, ...(orderbook && { orderbook }) },
    counts,
  );
  await writeScenario(symbol, converted, out, options.format);
  return counts;
}

/** The stderr note: what was skipped or made up, in one line. */
export function describeCounts(counts: ImportCounts): string {
  const parts = [
    `${counts.messages} messages → ${counts.rows} rows`,
    `skipped: ${counts.hiddenExecutions} hidden executions, ${counts.crossTrades} cross trades, ${counts.halts} halt messages`,
  ];
  if (counts.unknownSkipped > 0)
    parts.push(
      `${counts.unknownSkipped} messages about orders placed before the file (no --orderbook)`,
    );
  if (counts.unknownOnLevel > 0)
    parts.push(
      `${counts.unknownOnLevel} messages about orders placed before the file applied to their price level`,
    );
  if (counts.seedOrders > 0) parts.push(`${counts.seedOrders} seed orders`);
  if (counts.depthOrders + counts.depthReductions > 0) {
    parts.push(
      `${counts.depthOrders} depth orders and ${counts.depthReductions} depth reductions for levels with no message`,
    );
  }
  return `simex import lobster: ${parts.join('; ')}\n`;
}
