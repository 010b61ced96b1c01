/** `replay --check`: the invariant checker as a replay observer that stops at the first violation. */
import type { Venue } from '../../../src/index.js';
import type { ReplayStop } from '../replay/replay-file.js';
import type { ReplayObserver } from '../replay/run-replay.js';
import { InvariantChecker, type Violation } from './invariant-checker.js';

export function invariantObserver(
  venue: Venue,
  fullCheckEvery?: number,
): ReplayObserver<ReplayStop> {
  const checker = new InvariantChecker(venue, { fullCheckEvery });
  const stop = (violation: Violation | null): ReplayStop | null =>
    violation === null
      ? null
      : {
          line: violation.line,
          message: `invariant ${violation.invariant} violated: ${violation.message}`,
        };
  return {
    beforeRow: (row) => checker.beforeRow(row),
    afterRow: (row, accepted) => stop(checker.afterRow(row, accepted)),
    atEnd: (now) => stop(checker.atEnd(now)),
  };
}
