/**
 * Streams a LOBSTER file line by line, with 1-based line numbers. LOBSTER writes numbers separated
 * by commas and never quotes, so the readers split or scan each line themselves: a general CSV
 * parser is over 10 times slower on the orderbook files. A last line without its newline counts;
 * `\r\n` endings and a byte-order mark at the start are accepted.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { asFileError } from '../../file-errors.js';
import { LobsterInputError } from './lobster-error.js';

export interface FileLine {
  readonly line: number;
  /** Without its line ending. */
  readonly text: string;
}

/** Far longer than any LOBSTER line (a 200-level orderbook row is under 20k characters). */
export const MAX_LINE_CHARS = 1 << 20;

/** A byte-order mark, skipped at the start of a file (spreadsheets write it). */
const BOM = 0xfeff;

export async function* fileLines(input: Readable, file: string): AsyncGenerator<FileLine> {
  const decoder = new StringDecoder('utf8');
  let line = 0;
  let rest = '';
  let atStart = true;
  try {
    for await (const chunk of input) {
      let text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
      if (atStart && text.length > 0) {
        atStart = false;
        if (text.charCodeAt(0) === BOM) text = text.slice(1);
      }
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        line += 1;
        yield { line, text: lineText(text, start, end) };
        start = end + 1;
      }
      rest = text.slice(start);
      if (rest.length > MAX_LINE_CHARS) {
        throw new LobsterInputError(
          file,
          line + 1,
          1,
          `line longer than ${MAX_LINE_CHARS} characters`,
        );
      }
    }
  } catch (error) {
    throw asFileError(error, file) ?? error;
  }
  rest += decoder.end();
  if (rest !== '') yield { line: line + 1, text: lineText(rest, 0, rest.length) };
}

const lineText = (text: string, start: number, end: number): string =>
  text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
