/**
 * Where a replay with outputs writes its trades.csv and orders.csv lines: on the main thread, or,
 * for a large input, through the output worker on the second core (worker-lines.ts). Both write
 * the same bytes.
 */
import type { Venue } from '../../../src/index.js';
import type { OutputDirectory } from '../../output/output-files.js';
import { LineFormatter, type LineSink, type ReplaySinks } from './line-formatter.js';
import { WorkerLines } from './worker-lines.js';

export interface ReplayLines extends LineSink {
  /** `text` appended to the file, after every line before it. */
  write(file: keyof ReplaySinks, text: string): void;
  /** Every line written and both files closed, before the output directory commits. */
  finish(): void;
  /** Stops writing: the replay ends without outputs. */
  stop(): void;
}

class DirectLines extends LineFormatter implements ReplayLines {
  write(file: keyof ReplaySinks, text: string): void {
    this.sinks[file].write(text);
  }

  finish(): void {}

  stop(): void {}
}

export function openReplayLines(
  output: OutputDirectory,
  venue: Venue,
  inWorker: boolean,
): ReplayLines {
  const books = venue.instruments().map(({ symbol, priceDecimals, sizeDecimals }) => ({
    symbol,
    priceDecimals,
    sizeDecimals,
  }));
  if (inWorker) {
    const trades = output.reserve('trades.csv');
    return new WorkerLines(books, { trades, orders: output.reserve('orders.csv') });
  }
  return new DirectLines(books, {
    trades: output.open('trades.csv'),
    orders: output.open('orders.csv'),
  });
}
