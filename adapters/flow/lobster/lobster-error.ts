import { columnOf, InputError } from '../../input-error.js';

/** Malformed LOBSTER input (`file:line:column: reason`). */
export class LobsterInputError extends InputError {}

/** Reports problems in one record: the column is the character position of the cell at fault. */
export class RecordErrors {
  constructor(
    private readonly file: string,
    private readonly line: number,
    private readonly record: readonly string[],
  ) {}

  fail(cell: number, reason: string): never {
    throw new LobsterInputError(this.file, this.line, columnOf(this.record, cell), reason);
  }
}
