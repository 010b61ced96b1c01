import { ScenarioSyntaxError } from '../index.js';

/** The last bytes of an Arrow IPC file (its first are the same, padded to 8). */
const ARROW_END = 'ARROW1';

/**
 * A malformed Arrow flow: `file: row N, column NAME: reason` (rows count from 1; a problem with
 * the whole file or a whole column names what it can). `line` is the row, `column` the column's
 * position (1-based), so that it is caught and reported like a CSV file's syntax error.
 */
export class ArrowFlowError extends ScenarioSyntaxError {
  constructor(
    file: string,
    row: number,
    column: { name: string; index: number } | null,
    reason: string,
  ) {
    super(file, row, column === null ? 0 : column.index + 1, reason);
    const where = [row > 0 ? `row ${row}` : '', column === null ? '' : `column ${column.name}`];
    const place = where.filter((part) => part !== '').join(', ');
    this.message = `${file}: ${place === '' ? '' : `${place}: `}${reason}`;
  }
}

/**
 * Why apache-arrow could not open a file that starts like an Arrow IPC file, in words about the
 * file (the library's own messages name its internals): `tail` is the file's last bytes.
 */
export function unopenableReason(tail: Uint8Array): string {
  return Buffer.from(tail.subarray(-ARROW_END.length)).toString('latin1') === ARROW_END
    ? 'not a readable Arrow IPC file: its footer, schema or dictionaries are malformed'
    : `not a complete Arrow IPC file: it does not end with ${ARROW_END} (truncated?)`;
}

/** Why a record batch could not be read, in words about the file. */
export const UNREADABLE_BATCH = 'unreadable record batch: malformed or cut short (a damaged file?)';
