/**
 * A text file's lines, a read's worth at a time (one array per chunk read, not one promise per
 * line), with the 1-based number of the first. A last line without its newline counts; `\r\n`
 * endings are accepted. The file is opened at once, so that a missing file fails before any
 * output is written.
 */
import { StringDecoder } from 'node:string_decoder';
import { asFileError, openInputStream } from '../../file-errors.js';
import { L2InputError } from './l2-input-error.js';

export interface LineChunk {
  /** The number of `lines[0]`. */
  readonly first: number;
  readonly lines: readonly string[];
}

/** Far longer than any line of the formats read here. */
const MAX_LINE_CHARS = 1 << 20;
const READ_BYTES = 1 << 20;

export function lineChunks(file: string): AsyncGenerator<LineChunk> {
  return chunksOf(openInputStream(file, READ_BYTES), file);
}

async function* chunksOf(input: AsyncIterable<Buffer>, file: string): AsyncGenerator<LineChunk> {
  const decoder = new StringDecoder('utf8');
  let next = 1;
  let rest = '';
  try {
    for await (const bytes of input) {
      const text = rest + decoder.write(bytes);
      const lines = text.split('\n');
      rest = lines.pop()!;
      if (rest.length > MAX_LINE_CHARS)
        throw new L2InputError(
          file,
          next + lines.length,
          1,
          `line longer than ${MAX_LINE_CHARS} characters`,
        );
      if (lines.length === 0) continue;
      yield { first: next, lines: text.includes('\r') ? lines.map(withoutReturn) : lines };
      next += lines.length;
    }
  } catch (error) {
    throw asFileError(error, file) ?? error;
  }
  rest += decoder.end();
  if (rest !== '') yield { first: next, lines: [withoutReturn(rest)] };
}

const withoutReturn = (line: string): string =>
  line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
