/**
 * The CSV files importers read (Tardis's): a header naming the columns, then unquoted cells split
 * at commas, read a chunk of lines at a time. Columns are found by name, in any order; columns
 * not named are ignored.
 */
import { columnOf } from '../../input-error.js';
import { L2InputError } from './l2-input-error.js';
import { lineChunks, type LineChunk } from './l2-lines.js';

export class NamedColumnsFile {
  readonly #chunks: AsyncGenerator<LineChunk>;
  readonly #wanted: readonly string[];
  /** Where each wanted column is in a record; set by the header. */
  #at: number[] | null = null;
  #width = 0;

  constructor(
    readonly file: string,
    wanted: readonly string[],
  ) {
    this.#chunks = lineChunks(file);
    this.#wanted = wanted;
  }

  /** Where each wanted column is in a record (valid once the first records are read). */
  get columns(): readonly number[] {
    return this.#at ?? [];
  }

  /** The next chunk's records, with their line numbers; null at the end of the file. */
  async nextRecords(): Promise<{ lines: number[]; records: string[][] } | null> {
    for (;;) {
      const next = await this.#chunks.next();
      if (next.done === true) {
        if (this.#at === null)
          throw new L2InputError(
            this.file,
            1,
            1,
            `empty file: expected a header naming ${this.#wanted.join(', ')}`,
          );
        return null;
      }
      const { first, lines } = next.value;
      const records = { lines: [] as number[], records: [] as string[][] };
      for (let i = 0; i < lines.length; i++) {
        const line = first + i;
        const record = lines[i]!.split(',');
        if (this.#at === null) {
          this.#header(record, line);
          continue;
        }
        if (record.length !== this.#width)
          throw new L2InputError(
            this.file,
            line,
            1,
            `expected ${this.#width} cells, found ${record.length}`,
          );
        records.lines.push(line);
        records.records.push(record);
      }
      if (records.lines.length > 0) return records;
    }
  }

  /** The error for wanted column `column` (an index into `wanted`) of `record`, on `line`. */
  fail(line: number, record: readonly string[], column: number, reason: string): L2InputError {
    return new L2InputError(this.file, line, columnOf(record, this.#at![column]!), reason);
  }

  close(): void {
    void this.#chunks.return(undefined);
  }

  #header(record: string[], line: number): void {
    const names = record.map((name, i) => (i === 0 ? name.replace(/^\uFEFF/, '') : name));
    const missing = this.#wanted.filter((name) => !names.includes(name));
    if (missing.length > 0)
      throw new L2InputError(this.file, line, 1, `the header has no column ${missing.join(', ')}`);
    this.#at = this.#wanted.map((name) => names.indexOf(name));
    this.#width = names.length;
  }
}
