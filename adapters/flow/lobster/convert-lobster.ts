/**
 * LOBSTER messages (and optionally their orderbook rows) → scenario rows, message by message, in
 * constant memory: only the resting orders are held.
 */
import type { ScenarioRow } from '../index.js';
import { BookRows } from './book-rows.js';
import { seedBook, syncDepth } from './depth-sync.js';
import { LobsterInputError } from './lobster-error.js';
import { nanosToMs } from './lobster-values.js';
import { MessageConverter, type ImportCounts } from './message-converter.js';
import type { LobsterMessage } from './message-reader.js';
import type { OrderbookRow } from './orderbook-reader.js';

export interface ConvertOptions {
  readonly symbol: string;
  /** Midnight UTC of the trading day, epoch milliseconds. */
  readonly dayMs: number;
  /** Names the message file in errors. */
  readonly messageFile: string;
  /** The orderbook file's rows: they seed the book and keep it in step, row i after message i. */
  readonly orderbook?: { readonly rows: AsyncIterable<OrderbookRow>; readonly file: string };
}

/** The rows one message became (the seeds come with the first), in order. */
export interface ConvertedMessage {
  /** The message's line, which is also its orderbook row. */
  readonly line: number;
  readonly rows: readonly ScenarioRow[];
}

export async function* convertLobster(
  messages: AsyncIterable<LobsterMessage>,
  options: ConvertOptions,
  counts: ImportCounts,
): AsyncGenerator<ConvertedMessage> {
  const rows = new BookRows(options.symbol);
  const converter = new MessageConverter(
    rows,
    counts,
    options.orderbook !== undefined,
    options.messageFile,
  );
  const books = options.orderbook?.rows[Symbol.asyncIterator]();
  for await (const message of messages) {
    rows.ts = options.dayMs + nanosToMs(message.timeNs);
    const book = books === undefined ? undefined : await nextBook(books, options, message);
    if (book !== undefined && counts.messages === 0) seedBook(rows, message, book, counts);
    converter.apply(message);
    if (book !== undefined) syncDepth(rows, message.line, book, counts);
    counts.messages += 1;
    const converted = rows.drain();
    counts.rows += converted.length;
    yield { line: message.line, rows: converted };
  }
  if (books !== undefined && (await books.next()).done !== true) {
    throw new LobsterInputError(
      options.orderbook!.file,
      counts.messages + 1,
      1,
      'more rows than the message file has messages',
    );
  }
}

async function nextBook(
  books: AsyncIterator<OrderbookRow>,
  options: ConvertOptions,
  message: LobsterMessage,
): Promise<OrderbookRow> {
  const next = await books.next();
  if (next.done === true) {
    throw new LobsterInputError(
      options.orderbook!.file,
      message.line,
      1,
      `no row for message line ${message.line}: the orderbook file ends early`,
    );
  }
  return next.value;
}
