/**
 * Malformed input in a file: where (1-based line and character column) and why. The message is
 * `file:line:column: reason`, the form editors and terminals link to.
 */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = new.target.name;
  }
}

/** The 1-based character column where cell `index` of a CSV record starts (cells unquoted). */
export function columnOf(record: readonly string[], index: number): number {
  let column = 1;
  for (let i = 0; i < index && i < record.length; i++) column += record[i]!.length + 1;
  return column;
}
