import { ScenarioSyntaxError } from '../csv/index.js';

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
