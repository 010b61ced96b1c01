/**
 * Streams a scenario file: the directives, the header, then typed rows with their line numbers,
 * parsed by csv-parse in constant memory. Every malformation, including csv-parse's own, is a
 * ScenarioSyntaxError (`file:line:column: reason`) thrown by `openScenario` or by the iteration.
 */
import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import type { InstrumentSpec } from '../../src/index.js';
import { parseDirective } from './directives.js';
import { PreludeSplitter } from './prelude-splitter.js';
import { ScenarioSyntaxError } from './scenario-error.js';
import { CLIENT_ORDER_ID_COLUMN, SCENARIO_COLUMNS } from './scenario-row.js';
import type { ParsedScenarioRow, ScenarioLayout } from './scenario-row.js';
import { RowParser, columnOf } from './row-parser.js';

export interface Scenario {
  readonly file: string;
  /** The instruments the directives list; empty when there are none (use the default venue). */
  readonly instruments: readonly InstrumentSpec[];
  readonly layout: ScenarioLayout;
  /** The rows in file order; iterate once. */
  readonly rows: AsyncIterable<ParsedScenarioRow>;
}

const HEADER = Symbol('header');

/** Reads up to and including the header; `file` names the source in error messages. */
export async function openScenario(input: Readable, file: string): Promise<Scenario> {
  const splitter = new PreludeSplitter();
  let rowParser: RowParser | null = null;
  let instruments: InstrumentSpec[] = [];
  const lineOf = (lines: number) => lines + splitter.prelude.length;
  const options: Options<ParsedScenarioRow | typeof HEADER, string[]> = {
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (record, info) => {
      if (rowParser !== null) return rowParser.parse(record, lineOf(info.lines));
      instruments = readDirectives(splitter, file);
      rowParser = new RowParser(file, readHeader(record, file, lineOf(info.lines)));
      return HEADER;
    },
  };
  const parser = parse(options as unknown as Options);
  pipeline(input, splitter, parser, () => {});
  const records: AsyncIterator<ParsedScenarioRow | typeof HEADER> = parser[Symbol.asyncIterator]();
  const first = await next(records, file, splitter);
  if (first.done === true) {
    throw new ScenarioSyntaxError(file, splitter.prelude.length + 1, 1, 'missing header line');
  }
  return {
    file,
    instruments,
    layout: rowParser!.layout,
    rows: rowsOf(records, file, splitter),
  };
}

/** Opens the file at `path`; errors name it as given. */
export function openScenarioFile(path: string): Promise<Scenario> {
  return openScenario(createReadStream(path), path);
}

async function* rowsOf(
  records: AsyncIterator<ParsedScenarioRow | typeof HEADER>,
  file: string,
  splitter: PreludeSplitter,
): AsyncGenerator<ParsedScenarioRow> {
  for (;;) {
    const result = await next(records, file, splitter);
    if (result.done === true) return;
    yield result.value as ParsedScenarioRow;
  }
}

async function next<T>(
  records: AsyncIterator<T>,
  file: string,
  splitter: PreludeSplitter,
): Promise<IteratorResult<T>> {
  try {
    return await records.next();
  } catch (error) {
    if (error instanceof CsvError) {
      const lines = typeof error['lines'] === 'number' ? error['lines'] : 1;
      const reason = error.message.replace(/ at line \d+/, '');
      throw new ScenarioSyntaxError(file, lines + splitter.prelude.length, 1, reason);
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
  const expected: string[] = [...SCENARIO_COLUMNS];
  if (record.length === expected.length + 1) expected.push(CLIENT_ORDER_ID_COLUMN);
  for (let i = 0; i < Math.max(record.length, expected.length); i++) {
    if (record[i] !== expected[i]) {
      const reason = `header must be ${SCENARIO_COLUMNS.join(',')}[,${CLIENT_ORDER_ID_COLUMN}]`;
      throw new ScenarioSyntaxError(file, line, columnOf(record, i), reason);
    }
  }
  return { clientOrderId: expected.length > SCENARIO_COLUMNS.length };
}
