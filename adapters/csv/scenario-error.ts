/**
 * A malformed scenario file: where (1-based line and character column) and why. The message is
 * `file:line:column: reason`, the form editors and terminals link to.
 */
export class ScenarioSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = 'ScenarioSyntaxError';
  }
}
