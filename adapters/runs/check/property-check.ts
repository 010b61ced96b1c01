/**
 * `simex check` as a function: fast-check generates order flows, each is replayed with every
 * invariant checked after every row (the incremental check and the full comparison both, as the
 * flows are small), and the first failing flow is shrunk and written as a scenario CSV that
 * `simex replay --check --check-every 1` reproduces.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { Venue } from '../../../src/index.js';
import {
  formatInstrumentDirective,
  formatScenarioHeader,
  formatScenarioRow,
  type ScenarioRow,
} from '../../flow/index.js';
import { openScenario } from '../../flow/csv/index.js';
import { runReplay } from '../replay/run-replay.js';
import { CHECK_INSTRUMENTS, flowArbitrary, flowRows } from './flow-arbitrary.js';
import { InvariantChecker, type Violation } from './invariant-checker.js';

export interface PropertyCheckOptions {
  readonly runs: number;
  readonly seed: number;
  /** Most rows per generated flow. */
  readonly maxEvents: number;
  /** Where a counterexample is written. */
  readonly outDir: string;
  /** Called with each fresh venue (tests inject faults through it). */
  readonly prepareVenue?: (venue: Venue) => void;
}

export type PropertyCheckReport =
  | { readonly ok: true; readonly runs: number; readonly seed: number }
  | {
      readonly ok: false;
      readonly seed: number;
      readonly path: string;
      readonly rows: number;
      readonly violation: Violation | null;
      readonly error: string;
    };

export async function runPropertyCheck(
  options: PropertyCheckOptions,
): Promise<PropertyCheckReport> {
  const property = fc.asyncProperty(flowArbitrary(options.maxEvents), async (commands) => {
    const text = scenarioText(flowRows(commands), options.seed);
    const violation = await replayText(text, '<generated>', options.prepareVenue);
    if (violation !== null)
      throw new Error(
        `line ${violation.line}: invariant ${violation.invariant}: ${violation.message}`,
      );
  });
  const details = await fc.check(property, { numRuns: options.runs, seed: options.seed });
  if (!details.failed) return { ok: true, runs: details.numRuns, seed: options.seed };
  const rows = flowRows(details.counterexample![0]);
  const path = join(options.outDir, `simex-check-seed-${options.seed}.csv`);
  const text = scenarioText(rows, options.seed);
  writeFileSync(path, text);
  const violation = await replayText(text, path, options.prepareVenue).catch(() => null);
  return {
    ok: false,
    seed: options.seed,
    path,
    rows: rows.length,
    violation,
    error: String(details.errorInstance),
  };
}

/** The counterexample file: a comment saying where it came from, the instruments, the rows. */
export function scenarioText(rows: readonly ScenarioRow[], seed: number): string {
  let text = `# shows: a counterexample found by simex check --seed ${seed}\n`;
  for (const spec of CHECK_INSTRUMENTS) text += formatInstrumentDirective(spec);
  text += formatScenarioHeader();
  for (const row of rows) text += formatScenarioRow(row);
  return text;
}

async function replayText(
  text: string,
  file: string,
  prepareVenue?: (venue: Venue) => void,
): Promise<Violation | null> {
  const scenario = await openScenario(Readable.from([text]), file);
  const outcome = await runReplay(scenario, {
    out: null,
    observe: (venue) => new InvariantChecker(venue, { fullCheckEvery: 1 }),
    strict: false,
    onRefused: () => {},
    ...(prepareVenue === undefined ? {} : { prepareVenue }),
  });
  return outcome.kind === 'stopped' ? outcome.stop : null;
}
