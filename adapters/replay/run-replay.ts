/**
 * One replay of a scenario: rows through the Replayer, optionally every invariant after every
 * row, outputs to temporary files renamed into place only on success.
 */
import type { Venue } from '../../src/index.js';
import type { Scenario } from '../csv/index.js';
import { InvariantChecker, type Violation } from '../check/invariant-checker.js';
import { OutputDirectory } from './output-files.js';
import {
  aggregateBooks,
  bookJson,
  ORDERS_HEADER,
  orderLine,
  tickerJson,
  TRADES_HEADER,
} from './replay-records.js';
import { Replayer, type Refusal } from './replayer.js';

export interface ReplayOptions {
  /** Output directory; null writes nothing. */
  readonly out: string | null;
  readonly check: boolean;
  /** Rows between two full comparisons of --check (default: the checker's). */
  readonly checkEvery?: number | undefined;
  /** Stop at the first refused row. */
  readonly strict: boolean;
  readonly onRefused: (refusal: Refusal) => void;
  /** Called every `PROGRESS_EVERY` rows. */
  readonly onProgress?: () => void;
  /** Called with the venue before the first row (tests inject faults through it). */
  readonly prepareVenue?: (venue: Venue) => void;
}

export type ReplayOutcome =
  | { readonly kind: 'completed'; readonly replayer: Replayer; readonly refusals: number }
  | { readonly kind: 'refused'; readonly refusal: Refusal }
  | { readonly kind: 'violated'; readonly violation: Violation };

export const PROGRESS_EVERY = 8192;

export async function runReplay(
  scenario: Scenario,
  options: ReplayOptions,
): Promise<ReplayOutcome> {
  const output = options.out === null ? null : new OutputDirectory(options.out, process.pid);
  try {
    const sinks =
      output === null
        ? null
        : { trades: output.open('trades.csv'), orders: output.open('orders.csv') };
    sinks?.trades.write(TRADES_HEADER);
    sinks?.orders.write(ORDERS_HEADER);
    const replayer = new Replayer(scenario.instruments, sinks);
    options.prepareVenue?.(replayer.venue);
    const checker = options.check
      ? new InvariantChecker(replayer.venue, { fullCheckEvery: options.checkEvery })
      : null;
    let refusals = 0;
    for await (const batch of scenario.batches) {
      for (const row of batch) {
        checker?.beforeRow(row);
        const refusal = replayer.apply(row);
        if (refusal !== null) {
          if (options.strict) return { kind: 'refused', refusal };
          refusals++;
          options.onRefused(refusal);
        }
        const violation = checker?.afterRow(row, refusal === null) ?? null;
        if (violation !== null) return { kind: 'violated', violation };
        if (options.onProgress !== undefined && replayer.rowCount % PROGRESS_EVERY === 0)
          options.onProgress();
      }
    }
    const violation = checker?.atEnd(replayer.clock.now) ?? null;
    if (violation !== null) return { kind: 'violated', violation };
    if (output !== null && sinks !== null) {
      const open = [];
      for (const [order, tracked] of replayer.openOrders()) {
        sinks.orders.write(orderLine(order, tracked.scenarioId));
        open.push(order);
      }
      const instruments = replayer.venue.instruments();
      output
        .open('book.json')
        .write(bookJson(aggregateBooks(instruments, open), replayer.clock.now));
      const tickers = instruments.map((instrument) => {
        const ticker = replayer.venue.ticker(instrument.symbol);
        if (!ticker.ok) throw new Error(ticker.error.message);
        return ticker.value;
      });
      output.open('ticker.json').write(tickerJson(tickers));
      output.commit();
    }
    return { kind: 'completed', replayer, refusals };
  } finally {
    output?.discard();
  }
}
