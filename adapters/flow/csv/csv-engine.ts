/**
 * csv-parse's parsing engine without its stream: the function its Parser's own `_transform` calls
 * (`parser.api.parse`), fed Buffers and handing each record to a callback as it is parsed, while
 * `info.lines` is the record's last line. Going around the stream saves its per-record push and
 * read; the parsing, the options and the errors (CsvError) are csv-parse's own.
 */
import { Parser, type Info, type Options } from 'csv-parse';

export interface CsvEngine {
  /** csv-parse's running counters; `lines` is, inside `onRecord`, the record's last line. */
  readonly info: Info;
  /** Parses `chunk` (`null`: the input ended); returns csv-parse's error, if any. */
  write(chunk: Buffer | null, onRecord: (record: string[]) => void): Error | undefined;
}

interface ParserApi {
  parse(
    chunk: Buffer | undefined,
    end: boolean,
    push: (record: string[]) => void,
    close: () => void,
  ): Error | undefined;
}

const ignore = (): void => {};

export function csvEngine(options: Options): CsvEngine {
  const parser = new Parser(options);
  const api = (parser as unknown as { readonly api: ParserApi }).api;
  return {
    info: parser.info,
    write: (chunk, onRecord) =>
      chunk === null
        ? api.parse(undefined, true, onRecord, ignore)
        : api.parse(chunk, false, onRecord, ignore),
  };
}
