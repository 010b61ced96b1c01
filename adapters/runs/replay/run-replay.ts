/**
 * One replay of a scenario: rows through the Replayer, each row shown to an optional observer
 * (`--check` gives the invariant checker) that can stop the replay, outputs to temporary files
 * renamed into place only on success.
 */
import type { OrderRecord, Venue } from '../../../src/index.js';
import type { ArrowBatches } from '../../flow/arrow/index.js';
import { ROW_TAKEN, type ParsedScenarioRow } from '../../flow/index.js';
import type { Scenario } from '../../flow/csv/index.js';
import { removeOnInterrupt, withSignalTurns } from '../../interrupt-cleanup.js';
import { OutputDirectory } from '../../output/output-files.js';
import { PROGRESS_EVERY } from '../../output/progress-bar.js';
import {
  aggregateBooks,
  bookJson,
  ORDERS_HEADER,
  orderLine,
  tickerFileJson,
  TRADES_HEADER,
} from './replay-records.js';
import { Replayer, type ReplayRefusal } from './replayer.js';
import { openReplayLines, type ReplayLines } from './replay-lines.js';

/** Watches a replay row by row; a `Stop` it returns ends the replay. */
export interface ReplayObserver<Stop> {
  beforeRow(row: ParsedScenarioRow): void;
  afterRow(row: ParsedScenarioRow, accepted: boolean): Stop | null;
  /** After the last row, at the replay's final time. */
  atEnd(now: number): Stop | null;
}

export interface ReplayOptions<Stop> {
  /** Output directory; null writes nothing. */
  readonly out: string | null;
  /** Called with the venue after the replayer subscribed to it, before the first row. */
  readonly observe: ((venue: Venue) => ReplayObserver<Stop>) | null;
  /** Stop at the first refused row. */
  readonly strict: boolean;
  readonly onRefused: (refusal: ReplayRefusal) => void;
  /** Called every `PROGRESS_EVERY` rows. */
  readonly onProgress?: () => void;
  /** Called with the venue before the first row (tests inject faults through it). */
  readonly prepareVenue?: (venue: Venue) => void;
  /** Write trades.csv and orders.csv on the second core (worker-lines.ts). */
  readonly outputWorker?: boolean;
}

export type ReplayOutcome<Stop> =
  | { readonly kind: 'completed'; readonly replayer: Replayer; readonly refusals: number }
  | { readonly kind: 'refused'; readonly refusal: ReplayRefusal }
  | { readonly kind: 'stopped'; readonly stop: Stop };

/**
 * The rows come from a Scenario, or from an Arrow flow of simex's column kinds (readsAsCodes):
 * then its plain rows go to the driver as numbers, the others are decoded and applied as rows.
 */
export type ReplaySource = Scenario | ArrowBatches;

export async function runReplay<Stop>(
  source: ReplaySource,
  options: ReplayOptions<Stop>,
): Promise<ReplayOutcome<Stop>> {
  const output = options.out === null ? null : new OutputDirectory(options.out, process.pid);
  // Ctrl-C removes the temporary outputs; the rows then come with a turn of the event loop between
  // two batches, where the signal's handler runs.
  const forget =
    output === null
      ? null
      : removeOnInterrupt(() => OutputDirectory.discardPartials(output.dir, process.pid));
  const turns: <Batch>(batches: AsyncIterable<Batch>) => AsyncIterable<Batch> =
    output === null ? (batches) => batches : withSignalTurns;
  let lines: ReplayLines | null = null;
  try {
    const replayer = new Replayer(
      source.instruments,
      output === null
        ? null
        : (venue) => (lines = openReplayLines(output, venue, options.outputWorker === true)),
    );
    const opened = lines as ReplayLines | null; // made by the Replayer's call above
    opened?.write('trades', TRADES_HEADER);
    opened?.write('orders', ORDERS_HEADER);
    options.prepareVenue?.(replayer.venue);
    const observer = options.observe?.(replayer.venue) ?? null;
    const { driver } = replayer;
    const { onProgress } = options;
    let refusals = 0;
    let stopped: ReplayOutcome<Stop> | null = null;
    const step = (row: ParsedScenarioRow): boolean => {
      observer?.beforeRow(row);
      return answered(row, replayer.apply(row));
    };
    const answered = (row: ParsedScenarioRow, refusal: ReplayRefusal | null): boolean => {
      if (refusal !== null) {
        if (options.strict) return ((stopped = { kind: 'refused', refusal }), false);
        refusals++;
        options.onRefused(refusal);
      }
      const stop = observer?.afterRow(row, refusal === null) ?? null;
      if (stop !== null) return ((stopped = { kind: 'stopped', stop }), false);
      if (onProgress !== undefined && driver.rowCount % PROGRESS_EVERY === 0) onProgress();
      return true;
    };
    if (!('decoder' in source)) {
      for await (const batch of turns(source.batches)) {
        for (const row of batch) if (!step(row)) return stopped!;
      }
    } else {
      const progress = (answer: number) => {
        if (
          answer === ROW_TAKEN &&
          onProgress !== undefined &&
          driver.rowCount % PROGRESS_EVERY === 0
        )
          onProgress();
        return answer;
      };
      const { feedFlow } = await import('../../flow/arrow/flow-feed.js');
      const fed = await feedFlow(
        { ...source, batches: turns(source.batches) },
        replayer.venue.core,
        {
          submit: (times, at, id, idStart, idEnd, command) =>
            progress(driver.submitBytes(times, at, id, idStart, idEnd, command)),
          row: step,
          refused: (row, code) => answered(row, replayer.refusal(row, code)),
          numbered: () => driver.numberedIds(output !== null),
        },
      );
      if (!fed) return stopped!;
    }
    const stop = observer?.atEnd(replayer.clock.now) ?? null;
    if (stop !== null) return { kind: 'stopped', stop };
    if (output !== null && opened !== null) {
      writeClosingOutputs(
        output,
        opened,
        replayer.venue,
        replayer.driver.restingOrders(),
        replayer.clock.now,
      );
    }
    return { kind: 'completed', replayer, refusals };
  } finally {
    (lines as ReplayLines | null)?.stop();
    output?.discard();
    forget?.();
  }
}

/** After the last row: the resting orders' lines, book.json and ticker.json; then commits. */
export function writeClosingOutputs(
  output: OutputDirectory,
  lines: ReplayLines,
  venue: Venue,
  resting: Iterable<[OrderRecord, string]>,
  now: number,
): void {
  const open = [];
  for (const [order, scenarioId] of resting) {
    lines.write('orders', orderLine(order, scenarioId));
    open.push(order);
  }
  const instruments = venue.instruments();
  output.open('book.json').write(bookJson(aggregateBooks(instruments, open), now));
  const tickers = instruments.map((instrument) => {
    const ticker = venue.ticker(instrument.symbol);
    if (!ticker.ok) throw new Error(ticker.error.message);
    return ticker.value;
  });
  output.open('ticker.json').write(tickerFileJson(tickers));
  lines.finish();
  output.commit();
}
