/**
 * Scenario bytes to typed rows, a chunk at a time: the prelude (directives), the header, then
 * rows parsed by csv-parse and checked by the RowParser, with their line numbers. Every
 * malformation, csv-parse's own included, becomes a ScenarioSyntaxError, handed back after the
 * rows that preceded it. The same decoder runs in the replay's parsing worker and in-thread.
 */
import { CsvError } from 'csv-parse';
import type { InstrumentSpec } from '../../src/index.js';
import { columnOf } from '../input-error.js';
import { csvEngine, type CsvEngine } from './csv-engine.js';
import { parseDirective } from './directives.js';
import { PreludeSplitter } from './prelude-splitter.js';
import { ScenarioSyntaxError } from './scenario-error.js';
import {
  CLIENT_ORDER_ID_COLUMN,
  JOURNAL_COLUMN,
  ORDER_FEATURE_COLUMNS,
  SCENARIO_COLUMNS,
} from './scenario-row.js';
import type { ParsedScenarioRow, ScenarioLayout } from './scenario-row.js';
import { RowParser } from './row-parser.js';

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

export class ScenarioDecoder {
  header: ScenarioHeader | null = null;
  readonly #splitter = new PreludeSplitter();
  readonly #engine: CsvEngine = csvEngine({ relax_column_count: true, skip_empty_lines: true });
  #rowParser: RowParser | null = null;
  #rows: ParsedScenarioRow[] = [];

  constructor(readonly file: string) {}

  /** Decodes the next chunk of the file; `null` when the input ended. */
  decode(chunk: Buffer | null): DecodedChunk {
    const rows: ParsedScenarioRow[] = (this.#rows = []);
    try {
      if (chunk !== null) {
        const bytes = this.#splitter.split(chunk);
        if (bytes.length > 0) this.#write(bytes);
      } else {
        this.#splitter.end();
        this.#write(null);
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

  #write(bytes: Buffer | null): void {
    const error = this.#engine.write(bytes, this.#onRecord);
    if (error !== undefined) throw error;
  }

  readonly #onRecord = (record: string[]): void => {
    const line = this.#engine.info.lines + this.#splitter.prelude.length;
    if (this.#rowParser !== null) {
      this.#rows.push(this.#rowParser.parse(record, line));
      return;
    }
    const instruments = readDirectives(this.#splitter, this.file);
    const layout = readHeader(record, this.file, line);
    this.#rowParser = new RowParser(this.file, layout);
    this.header = { instruments, layout };
  };

  #syntaxError(error: unknown): ScenarioSyntaxError {
    if (error instanceof ScenarioSyntaxError) return error;
    if (error instanceof CsvError) {
      const lines = typeof error['lines'] === 'number' ? error['lines'] : 1;
      const reason = error.message.replace(/ at line \d+/, '');
      return new ScenarioSyntaxError(this.file, lines + this.#splitter.prelude.length, 1, reason);
    }
    throw error;
  }
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
  // The 11 columns, then optionally client_order_id, the order features, and journal, in order.
  const optional = (at: number, columns: readonly string[]) =>
    columns.every((column, i) => record[at + i] === column) ? columns.length : 0;
  let at = SCENARIO_COLUMNS.length;
  const clientOrderId = optional(at, [CLIENT_ORDER_ID_COLUMN]) > 0;
  at += clientOrderId ? 1 : 0;
  const orderFeatures = optional(at, ORDER_FEATURE_COLUMNS) > 0;
  at += orderFeatures ? ORDER_FEATURE_COLUMNS.length : 0;
  const journal = clientOrderId && optional(at, [JOURNAL_COLUMN]) > 0;
  const expected: string[] = [...SCENARIO_COLUMNS];
  if (clientOrderId) expected.push(CLIENT_ORDER_ID_COLUMN);
  if (orderFeatures) expected.push(...ORDER_FEATURE_COLUMNS);
  if (journal) expected.push(JOURNAL_COLUMN);
  for (let i = 0; i < Math.max(record.length, expected.length); i++) {
    if (record[i] !== expected[i]) {
      const reason = `header must be ${SCENARIO_COLUMNS.join(',')}[,${CLIENT_ORDER_ID_COLUMN}][,${ORDER_FEATURE_COLUMNS.join(',')}]`;
      throw new ScenarioSyntaxError(file, line, columnOf(record, i), reason);
    }
  }
  return {
    clientOrderId,
    ...(orderFeatures && { orderFeatures }),
    ...(journal && { journal }),
  };
}
