/**
 * `simex replay` as a function: reads the file, reports refusals, malformations and what stopped
 * the replay on stderr, writes outputs or a summary, and returns the exit code: 0 done, 1 a
 * refused row under --strict, 2 a malformed or unreadable file, 3 the observer stopped the replay
 * (with `--check`: an invariant broken).
 */
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import type { Venue } from '../../../src/index.js';
import { EXIT_CODES } from '../../exit-codes.js';
import { openFlowFile, openFlowSource } from '../../flow/arrow/flow-file.js';
import { ScenarioSyntaxError } from '../../flow/index.js';
import { progressBar, PROGRESS_EVERY } from '../../output/progress-bar.js';
import type { ReplayRefusal } from './replayer.js';
import { replaySummary } from './replay-summary.js';
import { runReplay, type ReplayObserver, type ReplaySource } from './run-replay.js';

export const EXIT_REFUSED = EXIT_CODES.run_failed;
export const EXIT_MALFORMED = EXIT_CODES.bad_input;
export const EXIT_VIOLATION = EXIT_CODES.invariant_violated;

/** Why an observer stopped the replay; written as `file:line: message`. */
export interface ReplayStop {
  readonly line: number;
  readonly message: string;
}

export interface ReplayFileOptions {
  readonly file: string;
  readonly out: string | null;
  /** Watches every row (`--check`: the invariant checker); null watches nothing. */
  readonly observe: ((venue: Venue) => ReplayObserver<ReplayStop>) | null;
  readonly strict: boolean;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean };
  readonly prepareVenue?: (venue: Venue) => void;
  /**
   * Write trades.csv and orders.csv on a worker thread. By default, for an Arrow flow read as
   * numbers of at least OUTPUT_WORKER_MIN_BYTES: a large CSV is already parsed on a worker, and a
   * third thread on two cores gained nothing.
   */
  readonly outputWorker?: boolean;
  /**
   * Decode an Arrow flow's plain rows on a worker thread too; by default for one of at least
   * DECODE_WORKER_MIN_BYTES (openFlowSource).
   */
  readonly decodeWorker?: boolean;
  /**
   * Raise V8's inlining budget to DEEP_INLINING_BYTES for the rest of the process before the flow
   * is read; by default for a flow of at least DEEP_INLINING_MIN_BYTES.
   */
  readonly deepInlining?: boolean;
}

export const OUTPUT_WORKER_MIN_BYTES = 16 * 1024 * 1024;
/**
 * V8's inlining budget for a long replay, in bytes of bytecode (V8's default is 920): the hot path
 * compiles into fewer, larger functions and runs faster, for more compile time, which a flow under
 * DEEP_INLINING_MIN_BYTES does not earn back (test/DECISIONS.md).
 */
export const DEEP_INLINING_BYTES = 3000;
export const DEEP_INLINING_MIN_BYTES = 192 * 1024 * 1024;

export async function replayFile(options: ReplayFileOptions): Promise<number> {
  const { file, stderr } = options;
  const refusal = (entry: ReplayRefusal) =>
    `${scenario!.locate(entry.line)}: refused: ${entry.code}: ${entry.message}\n`;
  let totalBytes: number;
  try {
    totalBytes = statSync(file).size;
  } catch (error) {
    stderr.write(
      `${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`,
    );
    return EXIT_MALFORMED;
  }
  if (options.deepInlining ?? totalBytes >= DEEP_INLINING_MIN_BYTES)
    setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${DEEP_INLINING_BYTES}`);
  let scenario: ReplaySource | null = null;
  let rows = 0;
  const bar =
    'isTTY' in stderr && stderr.isTTY === true
      ? progressBar(
          { totalBytes, bytesRead: () => scenario?.bytesRead() ?? 0, rows: () => rows },
          stderr as NodeJS.WriteStream,
        )
      : null;
  try {
    // Without an observer, an Arrow flow of simex's column kinds replays as numbers.
    const { decodeWorker } = options;
    scenario =
      options.observe === null
        ? await openFlowSource(file, decodeWorker === undefined ? {} : { decodeWorker })
        : await openFlowFile(file);
    const outcome = await runReplay(scenario, {
      out: options.out,
      observe: options.observe,
      strict: options.strict,
      onRefused: (entry: ReplayRefusal) => stderr.write(refusal(entry)),
      ...(options.prepareVenue === undefined ? {} : { prepareVenue: options.prepareVenue }),
      outputWorker:
        options.outputWorker ?? ('decoder' in scenario && totalBytes >= OUTPUT_WORKER_MIN_BYTES),
      ...(bar === null ? {} : { onProgress: () => ((rows += PROGRESS_EVERY), bar.update()) }),
    });
    bar?.done();
    if (outcome.kind === 'refused') {
      stderr.write(
        refusal(outcome.refusal) +
          `${file}: stopped at the first refused row (--strict); nothing written\n`,
      );
      return EXIT_REFUSED;
    }
    if (outcome.kind === 'stopped') {
      stderr.write(`${scenario.locate(outcome.stop.line)}: ${outcome.stop.message}\n`);
      return EXIT_VIOLATION;
    }
    if (options.out === null)
      options.stdout.write(replaySummary(file, outcome.replayer, outcome.refusals));
    return 0;
  } catch (error) {
    if (error instanceof ScenarioSyntaxError) {
      stderr.write(`${error.message}\n`);
      return EXIT_MALFORMED;
    }
    throw error;
  } finally {
    scenario?.close();
  }
}
