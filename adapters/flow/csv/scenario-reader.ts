/**
 * Opens a scenario: reads up to the header, then gives the rows in file order, in batches (one
 * per chunk read) or one by one, in constant memory. A file can be parsed in a worker thread
 * (openScenarioFile with `parallel`), anything else in this thread; both run the same
 * ScenarioDecoder. Every malformation is a ScenarioSyntaxError (`file:line:column: reason`)
 * thrown by the opening or by the iteration, after the rows that preceded it.
 */
import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { InstrumentSpec } from '../../../src/index.js';
import { ScenarioDecoder, type DecodedChunk, type ScenarioHeader } from './scenario-decoder.js';
import type { ParsedScenarioRow, ScenarioLayout } from '../scenario-row.js';
import { decodeInWorker } from './worker-decoder.js';

export interface Scenario {
  readonly file: string;
  /** The instruments the directives list; empty when there are none (use the default venue). */
  readonly instruments: readonly InstrumentSpec[];
  readonly layout: ScenarioLayout;
  /** The rows in file order, a chunk's worth at a time; iterate once, this or `rows`. */
  readonly batches: AsyncIterable<readonly ParsedScenarioRow[]>;
  /** The rows in file order; iterate once, this or `batches`. */
  readonly rows: AsyncIterable<ParsedScenarioRow>;
  /** Bytes of the input read so far. */
  readonly bytesRead: () => number;
  /** Stops reading, for a consumer that leaves before the end (iterating to the end closes). */
  readonly close: () => void;
  /** Where a row is, for messages: `file:line` (CSV), `file: row N` (Arrow). */
  readonly locate: (line: number) => string;
}

/** What a decoding source gives: decoded chunks, the header once known, the bytes read. */
export interface DecodedSource {
  readonly chunks: AsyncIterator<DecodedChunk, undefined>;
  readonly header: () => ScenarioHeader | null;
  readonly bytesRead: () => number;
  readonly close: () => void;
}

/** Files at least this large are parsed in a worker when asked (`parallel`); smaller ones are
 * parsed faster than a worker starts. */
export const PARALLEL_MIN_BYTES = 1 << 20;

/** Reads `input` up to and including the header; `file` names the source in error messages. */
export function openScenario(input: Readable, file: string): Promise<Scenario> {
  const decoder = new ScenarioDecoder(file);
  let bytes = 0;
  async function* chunks(): AsyncGenerator<DecodedChunk, undefined> {
    for await (const chunk of input) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      bytes += buffer.length;
      yield decoder.decode(buffer);
    }
    yield decoder.decode(null);
    return undefined;
  }
  return openSource(file, {
    chunks: chunks(),
    header: () => decoder.header,
    bytesRead: () => bytes,
    close: () => input.destroy(),
  });
}

/**
 * Opens the file at `path` (errors name it as given); with `parallel`, a file of at least
 * PARALLEL_MIN_BYTES is read and parsed in a worker thread while this one uses the rows.
 */
export async function openScenarioFile(
  path: string,
  options: { readonly parallel?: boolean } = {},
): Promise<Scenario> {
  if (options.parallel === true && statSync(path).size >= PARALLEL_MIN_BYTES)
    return openSource(path, decodeInWorker(path));
  return openScenario(createReadStream(path), path);
}

async function openSource(file: string, source: DecodedSource): Promise<Scenario> {
  let first: DecodedChunk | undefined;
  try {
    while (source.header() === null) {
      const next = await source.chunks.next();
      if (next.done === true) throw new Error(`${file}: the input ended before the header`);
      if (next.value.error !== null && source.header() === null) throw next.value.error;
      first = next.value;
    }
  } catch (error) {
    source.close();
    throw error;
  }
  const { instruments, layout } = source.header()!;
  const batches = batchesOf(first, source);
  return {
    file,
    instruments,
    layout,
    batches,
    rows: rowsOf(batches),
    bytesRead: source.bytesRead,
    close: source.close,
    locate: (line) => `${file}:${line}`,
  };
}

async function* batchesOf(
  first: DecodedChunk | undefined,
  source: DecodedSource,
): AsyncGenerator<readonly ParsedScenarioRow[]> {
  try {
    for (let chunk = first; ;) {
      if (chunk !== undefined) {
        if (chunk.rows.length > 0) yield chunk.rows;
        if (chunk.error !== null) throw chunk.error;
      }
      const next = await source.chunks.next();
      if (next.done === true) return;
      chunk = next.value;
    }
  } finally {
    source.close();
  }
}

async function* rowsOf(
  batches: AsyncIterable<readonly ParsedScenarioRow[]>,
): AsyncGenerator<ParsedScenarioRow> {
  for await (const batch of batches) yield* batch;
}
