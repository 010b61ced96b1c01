/** Malformed LOBSTER input: where (1-based line and character column) and why, as `file:line:column: reason`. */
export class LobsterInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = 'LobsterInputError';
  }
}

/** Reports problems in one record: the column is the character position of the cell at fault. */
export class RecordErrors {
  constructor(
    private readonly file: string,
    private readonly line: number,
    private readonly record: readonly string[],
  ) {}

  fail(cell: number, reason: string): never {
    let column = 1;
    for (let i = 0; i < cell && i < this.record.length; i++) column += this.record[i]!.length + 1;
    throw new LobsterInputError(this.file, this.line, column, reason);
  }
}
