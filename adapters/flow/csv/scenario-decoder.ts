/**
 * Scenario bytes to typed rows, a chunk at a time: the prelude (directives), the header, then
 * rows with their line numbers: plain lines read by the fast path (line-decoder.ts), and from the
 * first other line to the end, records parsed by csv-parse, checked by the RowParser. Every
 * malformation, csv-parse's own included, becomes a ScenarioSyntaxError, handed back after the
 * rows that preceded it. The same decoder runs in the replay's parsing worker and in-thread.
 */
import { CsvError } from 'csv-parse';
import type { InstrumentSpec } from '../../../src/index.js';
import { columnOf } from '../../input-error.js';
import { csvEngine, type CsvEngine } from './csv-engine.js';
import { parseDirective } from './directives.js';
import { PreludeSplitter } from './prelude-splitter.js';
import { l2FlowHint, ScenarioSyntaxError } from '../scenario-error.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  JOURNAL_COLUMN,
  ORDER_FEATURE_COLUMNS,
  QUOTE_SIZE_COLUMN,
  SCENARIO_COLUMNS,
} from '../scenario-row.js';
import type { ParsedScenarioRow, ScenarioLayout } from '../scenario-row.js';
import { RowParser } from './row-parser.js';
import { LineDecoder, plainCells } from './line-decoder.js';

export interface ScenarioHeader {
  /** The instruments the directives list; empty when there are none (use the default venue). */
  readonly instruments: readonly InstrumentSpec[];
  readonly layout: ScenarioLayout;
}

/** The rows one chunk completed, then the malformation that stopped the decoding, if any. */
export interface DecodedChunk {
  readonly rows: ParsedScenarioRow[];
  readonly error: ScenarioSyntaxError | null;
}

const NEWLINE = 0x0a;
/** A longer line (no scenario row is) goes to csv-parse rather than gathered chunk by chunk. */
const MAX_FAST_LINE_BYTES = 1 << 16;
const NOTHING = Buffer.alloc(0);
/** The UTF-8 byte-order mark: skipped at the start of a file (spreadsheets write it). */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/**
 * The longest line (a record: a quoted cell may span lines) a scenario may have, in bytes. A row
 * is about a hundred; a longer line is refused before it is held whole in memory.
 */
export const MAX_LINE_BYTES = 1 << 20;

export class ScenarioDecoder {
  header: ScenarioHeader | null = null;
  readonly #splitter: PreludeSplitter;
  /** The file's first bytes while they may still be a byte-order mark; null once past them. */
  #head: Buffer | null = NOTHING;
  /** csv-parse, from the first line that is not plain (without the fast path, the header) on. */
  #engine: CsvEngine | null = null;
  /** Lines the fast path read (the header's included) before csv-parse took over. */
  #fastLines = 0;
  /** The fast path's incomplete last line. */
  #partial: Buffer = NOTHING;
  #rowParser: RowParser | null = null;
  #lineDecoder: LineDecoder | null = null;
  #rows: ParsedScenarioRow[] = [];

  /** Without the fast path (SIMEX_CSV_FAST_PATH=0, for tests), csv-parse reads every line. */
  readonly #fastPath = process.env['SIMEX_CSV_FAST_PATH'] !== '0';

  constructor(readonly file: string) {
    this.#splitter = new PreludeSplitter(MAX_LINE_BYTES, (line) => {
      throw this.#tooLong(line);
    });
  }

  /** Decodes the next chunk of the file; `null` when the input ended. */
  decode(chunk: Buffer | null): DecodedChunk {
    const rows: ParsedScenarioRow[] = (this.#rows = []);
    try {
      if (chunk !== null) {
        this.#feed(this.#head === null ? chunk : this.#withoutBom(chunk));
      } else {
        if (this.#head !== null) this.#feed(this.#head);
        this.#splitter.end();
        if (this.#engine === null && this.#partial.length > 0) this.#startEngine(this.#partial);
        if (this.#engine !== null) this.#write(null);
        if (this.header === null) {
          const line = this.#splitter.prelude.length + 1;
          throw new ScenarioSyntaxError(this.file, line, 1, 'missing header line');
        }
      }
    } catch (error) {
      return { rows, error: this.#syntaxError(error) };
    }
    return { rows, error: null };
  }

  #feed(chunk: Buffer): void {
    const bytes = this.#splitter.split(chunk);
    if (bytes.length > 0) this.#read(bytes);
  }

  /** The chunk past a byte-order mark at the file's start; nothing while that is undecided. */
  #withoutBom(chunk: Buffer): Buffer {
    const head = this.#head!.length === 0 ? chunk : Buffer.concat([this.#head!, chunk]);
    const compared = Math.min(head.length, BOM.length);
    const matches = head.subarray(0, compared).equals(BOM.subarray(0, compared));
    if (matches && head.length < BOM.length) {
      this.#head = head;
      return NOTHING;
    }
    this.#head = null;
    return matches ? head.subarray(BOM.length) : head;
  }

  #tooLong(line: number): ScenarioSyntaxError {
    const reason = `line longer than ${MAX_LINE_BYTES} bytes (1 MiB), the most a scenario line may be`;
    return new ScenarioSyntaxError(this.file, line, 1, reason);
  }

  #read(bytes: Buffer): void {
    if (this.#engine !== null) return this.#write(bytes);
    if (!this.#fastPath) return this.#startEngine(bytes);
    if (this.#partial.length > 0) {
      const newline = bytes.indexOf(NEWLINE);
      const head = newline < 0 ? bytes : bytes.subarray(0, newline + 1);
      const handedOver = !this.#readLines(Buffer.concat([this.#partial, head]));
      if (newline < 0) return;
      bytes = bytes.subarray(newline + 1);
      if (handedOver) return this.#write(bytes);
    }
    this.#readLines(bytes);
  }

  /** Reads the complete lines of `data`; false when a line was not plain (csv-parse took over). */
  #readLines(data: Buffer): boolean {
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end >= 0; end = data.indexOf(NEWLINE, start)) {
      if (!this.#readLine(data, start, end)) return this.#handOver(data.subarray(start));
      start = end + 1;
    }
    if (data.length - start > MAX_FAST_LINE_BYTES) return this.#handOver(data.subarray(start));
    this.#partial = start === data.length ? NOTHING : Buffer.from(data.subarray(start));
    return true;
  }

  /** csv-parse reads `bytes`, from a line's start, and everything after them; false. */
  #handOver(bytes: Buffer): false {
    this.#partial = NOTHING;
    this.#startEngine(bytes);
    return false;
  }

  /** One line on the fast path; false when it is not plain. */
  #readLine(data: Buffer, start: number, end: number): boolean {
    const line = this.#splitter.prelude.length + this.#fastLines + 1;
    if (this.#lineDecoder !== null) {
      const row = this.#lineDecoder.decode(data, start, end, line);
      if (row === null) return false;
      this.#rows.push(row);
    } else {
      const cells = isAscii(data, start, end) ? plainCells(data, start, end) : null;
      if (cells === null) return false;
      this.#readHeader(cells, line);
      this.#lineDecoder = new LineDecoder(this.#rowParser!);
    }
    this.#fastLines++;
    return true;
  }

  /** A fresh csv-parse reads `bytes`, from a line's start, as its own would be there, and on. */
  #startEngine(bytes: Buffer): void {
    const options = {
      relax_column_count: true,
      skip_empty_lines: true,
      // csv-parse refuses a record only once it is past its limit by two characters.
      max_record_size: MAX_LINE_BYTES - 1,
    };
    // After a first line ending in \n, csv-parse's own parser would have found that delimiter.
    const delimiter = this.#fastLines > 0 ? { record_delimiter: '\n' } : {};
    this.#engine = csvEngine({ ...options, ...delimiter });
    this.#write(bytes);
  }

  #write(bytes: Buffer | null): void {
    const error = this.#engine!.write(bytes, this.#onRecord);
    if (error !== undefined) throw error;
  }

  /** Lines before the engine's first line. */
  get #linesBefore(): number {
    return this.#splitter.prelude.length + this.#fastLines;
  }

  readonly #onRecord = (record: string[]): void => {
    const line = this.#engine!.info.lines + this.#linesBefore;
    if (this.#rowParser !== null) this.#rows.push(this.#rowParser.parse(record, line));
    else this.#readHeader(record, line);
  };

  #readHeader(record: string[], line: number): void {
    const instruments = readDirectives(this.#splitter, this.file);
    const layout = readHeader(record, this.file, line);
    this.#rowParser = new RowParser(this.file, layout);
    this.header = { instruments, layout };
  }

  #syntaxError(error: unknown): ScenarioSyntaxError {
    if (error instanceof ScenarioSyntaxError) return error;
    if (error instanceof CsvError) {
      const lines = typeof error['lines'] === 'number' ? error['lines'] : 1;
      if (error.code === 'CSV_MAX_RECORD_SIZE') return this.#tooLong(lines + this.#linesBefore);
      const reason = error.message.replace(/ at line \d+/, '');
      return new ScenarioSyntaxError(this.file, lines + this.#linesBefore, 1, reason);
    }
    throw error;
  }
}

/** The header takes the fast path only when ASCII. */
function isAscii(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

function readDirectives(splitter: PreludeSplitter, file: string): InstrumentSpec[] {
  const instruments: InstrumentSpec[] = [];
  for (const { line, text } of splitter.prelude) {
    const spec = parseDirective(text, file, line);
    if (spec === null) continue;
    if (instruments.some((listed) => listed.symbol === spec.symbol)) {
      throw new ScenarioSyntaxError(file, line, 1, `instrument ${spec.symbol} is listed twice`);
    }
    instruments.push(spec);
  }
  return instruments;
}

function readHeader(record: string[], file: string, line: number): ScenarioLayout {
  // The 11 columns, then optionally client_order_id, the order features, quote_size and journal,
  // in order.
  const optional = (at: number, columns: readonly string[]) =>
    columns.every((column, i) => record[at + i] === column) ? columns.length : 0;
  let at = SCENARIO_COLUMNS.length;
  const clientOrderId = optional(at, [CLIENT_ORDER_ID_COLUMN]) > 0;
  at += clientOrderId ? 1 : 0;
  const orderFeatures = optional(at, ORDER_FEATURE_COLUMNS) > 0;
  at += orderFeatures ? ORDER_FEATURE_COLUMNS.length : 0;
  const quoteSize = optional(at, [QUOTE_SIZE_COLUMN]) > 0;
  at += quoteSize ? 1 : 0;
  const journal = clientOrderId && optional(at, [JOURNAL_COLUMN]) > 0;
  const expected: string[] = [...SCENARIO_COLUMNS];
  if (clientOrderId) expected.push(CLIENT_ORDER_ID_COLUMN);
  if (orderFeatures) expected.push(...ORDER_FEATURE_COLUMNS);
  if (quoteSize) expected.push(QUOTE_SIZE_COLUMN);
  if (journal) expected.push(JOURNAL_COLUMN);
  for (let i = 0; i < Math.max(record.length, expected.length); i++) {
    if (record[i] !== expected[i]) {
      const reason = `header must be ${SCENARIO_COLUMNS.join(',')}[,${CLIENT_ORDER_ID_COLUMN}][,${ORDER_FEATURE_COLUMNS.join(',')}][,${QUOTE_SIZE_COLUMN}]${l2FlowHint(record[0])}`;
      throw new ScenarioSyntaxError(file, line, columnOf(record, i), reason);
    }
  }
  return {
    clientOrderId,
    ...(orderFeatures && { orderFeatures }),
    ...(quoteSize && { quoteSize }),
    ...(journal && { journal }),
  };
}
