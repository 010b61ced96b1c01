/**
 * The journal's row checksums: each row ends with the first 16 hex digits of the SHA-256 of the
 * checksum before it followed by the row's own bytes up to its checksum; the chain starts from the
 * same digest of the lines before the first row (the directives and the header). So an edited,
 * deleted, inserted or moved row breaks the chain at the first line out of place.
 */
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export const CHECKSUM_LENGTH = 16;
const NEWLINE = 0x0a;
const HASH = 0x23;
const SEALED = /^[^\n]*[, ][0-9a-f]{16}$/;

export function checksum(previous: string, text: string | Buffer): string {
  return createHash('sha256').update(previous).update(text).digest('hex').slice(0, CHECKSUM_LENGTH);
}

/** The checksum the chain starts from: the digest of the lines before the first row. */
export function chainStart(prelude: string): string {
  return createHash('sha256').update(prelude).digest('hex').slice(0, CHECKSUM_LENGTH);
}

/** Seals rows in the order they are written: each gets the checksum chained from the last. */
export class ChainWriter {
  constructor(public last: string) {}

  /** `row`: the line up to its checksum (it ends with `,` or a space), without a newline. */
  seal(row: string): string {
    this.last = checksum(this.last, row);
    return `${row}${this.last}\n`;
  }
}

/** A line that breaks the chain (or is not a journal line); the message names file:line. */
export class ChainError extends Error {}

/**
 * Passes a journal's bytes through unchanged once each whole line in them has been checked, so
 * whatever reads them never sees a line out of place; `last` is then the chain's last checksum.
 */
export class ChainVerifier extends Transform {
  last = '';
  /** The journal cells before their checksums, by line, until taken (see `takeCell`). */
  readonly #tags = new Map<number, string>();
  #line = 0;
  #inPrelude = true;
  #prelude = createHash('sha256');
  #partial: Buffer = Buffer.alloc(0);

  constructor(readonly file: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: string, done: TransformCallback): void {
    const bytes = this.#partial.length === 0 ? chunk : Buffer.concat([this.#partial, chunk]);
    let start = 0;
    try {
      for (let end = bytes.indexOf(NEWLINE); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
        this.#check(bytes.subarray(start, end + 1));
        start = end + 1;
      }
    } catch (error) {
      return done(error as Error);
    }
    this.#partial = Buffer.from(bytes.subarray(start));
    done(null, chunk);
  }

  #check(line: Buffer): void {
    this.#line++;
    if (this.#inPrelude) {
      this.#prelude.update(line);
      if (line[0] === HASH) return;
      this.#inPrelude = false;
      this.last = this.#prelude.digest('hex').slice(0, CHECKSUM_LENGTH);
      if (!line.toString('utf8').trimEnd().endsWith(',journal'))
        this.#fail('the header has no journal column (not a journal of this simex version)');
      return;
    }
    const text = line.toString('utf8', 0, line.length - 1);
    if (!SEALED.test(text)) this.#fail('the row has no checksum');
    const expected = checksum(this.last, line.subarray(0, line.length - 1 - CHECKSUM_LENGTH));
    if (text.slice(-CHECKSUM_LENGTH) !== expected)
      this.#fail('checksum mismatch: this row, or the order of the rows up to it, was changed');
    this.last = expected;
    const cell = text.slice(text.lastIndexOf(',') + 1, -CHECKSUM_LENGTH);
    if (cell !== '') this.#tags.set(this.#line, cell);
  }

  /** What the journal cell of a checked line holds before its checksum ('' when nothing). */
  takeCell(line: number): string {
    const cell = this.#tags.get(line) ?? '';
    this.#tags.delete(line);
    return cell;
  }

  #fail(reason: string): never {
    throw new ChainError(`${this.file}:${this.#line}: ${reason}`);
  }
}
