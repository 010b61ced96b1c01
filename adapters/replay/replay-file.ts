/**
 * `simex replay` as a function: reads the file, reports refusals, malformations and invariant
 * violations on stderr, writes outputs or a summary, and returns the exit code:
 * 0 done, 1 a refused row under --strict, 2 a malformed or unreadable file, 3 an invariant broken.
 */
import { statSync } from 'node:fs';
import type { Venue } from '../../src/index.js';
import { openScenarioFile, ScenarioSyntaxError, type Scenario } from '../csv/index.js';
import { progressBar } from './progress-bar.js';
import type { Refusal } from './replayer.js';
import { replaySummary } from './replay-summary.js';
import { runReplay } from './run-replay.js';

export const EXIT_REFUSED = 1;
export const EXIT_MALFORMED = 2;
export const EXIT_VIOLATION = 3;

export interface ReplayFileOptions {
  readonly file: string;
  readonly out: string | null;
  readonly check: boolean;
  /** Rows between two full comparisons of --check. */
  readonly checkEvery?: number | undefined;
  readonly strict: boolean;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean };
  readonly prepareVenue?: (venue: Venue) => void;
}

export async function replayFile(options: ReplayFileOptions): Promise<number> {
  const { file, stderr } = options;
  const refusal = (entry: Refusal) =>
    `${file}:${entry.line}: refused: ${entry.code}: ${entry.message}\n`;
  let totalBytes: number;
  try {
    totalBytes = statSync(file).size;
  } catch (error) {
    stderr.write(
      `${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`,
    );
    return EXIT_MALFORMED;
  }
  let scenario: Scenario | null = null;
  let rows = 0;
  const bar =
    'isTTY' in stderr && stderr.isTTY === true
      ? progressBar(
          { totalBytes, bytesRead: () => scenario?.bytesRead() ?? 0, rows: () => rows },
          stderr as NodeJS.WriteStream,
        )
      : null;
  try {
    scenario = await openScenarioFile(file, { parallel: true });
    const outcome = await runReplay(scenario, {
      out: options.out,
      check: options.check,
      checkEvery: options.checkEvery,
      strict: options.strict,
      onRefused: (entry) => stderr.write(refusal(entry)),
      ...(options.prepareVenue === undefined ? {} : { prepareVenue: options.prepareVenue }),
      ...(bar === null ? {} : { onProgress: () => ((rows += 8192), bar.update()) }),
    });
    bar?.done();
    if (outcome.kind === 'refused') {
      stderr.write(
        refusal(outcome.refusal) +
          `${file}: stopped at the first refused row (--strict); nothing written\n`,
      );
      return EXIT_REFUSED;
    }
    if (outcome.kind === 'violated') {
      const { line, invariant, message } = outcome.violation;
      stderr.write(`${file}:${line}: invariant ${invariant} violated: ${message}\n`);
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
