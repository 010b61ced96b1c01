/**
 * The LOBSTER sample days (zips of one message and one orderbook file each), read in place, and a
 * check at the file's own depth: replay-check.ts compares 10 levels, which only a level-10 file
 * shows; a level-N file says nothing about the book below its Nth level.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { applyScenarioRow, openScenario, ScenarioClock } from '../../adapters/csv/index.js';
import {
  convertLobster,
  emptyCounts,
  readLobsterMessages,
  readLobsterOrderbook,
  writeScenario,
  type ImportCounts,
} from '../../adapters/lobster/index.js';
import { Venue, type BookLevel } from '../../src/index.js';

const SAMPLE_DIR = fileURLToPath(new URL('../../../shared/data/lobster/', import.meta.url));
const DAY_MS = Date.UTC(2012, 5, 21);

export interface Sample {
  readonly ticker: string;
  readonly levels: number;
  /** What its import makes, as the stderr note counts it. */
  readonly counts: ImportCounts;
}

const sample = (ticker: string, levels: number, counts: Partial<ImportCounts>): Sample => ({
  ticker,
  levels,
  counts: { ...emptyCounts(), ...counts },
});

/** The sample zips. None has a cross trade or a halt. */
export const SAMPLES: readonly Sample[] = [
  sample('AAPL', 1, {
    messages: 118_497,
    rows: 139_672,
    hiddenExecutions: 11_332,
    unknownOnLevel: 14_980,
    seedOrders: 1,
    depthOrders: 10_301,
    depthReductions: 15_599,
  }),
  sample('AMZN', 1, {
    messages: 57_515,
    rows: 70_891,
    hiddenExecutions: 2445,
    unknownOnLevel: 7467,
    seedOrders: 2,
    depthOrders: 5114,
    depthReductions: 5856,
  }),
  sample('AMZN', 5, {
    messages: 155_935,
    rows: 175_889,
    hiddenExecutions: 2445,
    unknownOnLevel: 8491,
    seedOrders: 10,
    depthOrders: 6865,
    depthReductions: 8462,
  }),
  sample('GOOG', 1, {
    messages: 49_482,
    rows: 58_884,
    hiddenExecutions: 3913,
    unknownOnLevel: 4476,
    seedOrders: 2,
    depthOrders: 3690,
    depthReductions: 5942,
  }),
  sample('GOOG', 5, {
    messages: 112_673,
    rows: 124_088,
    hiddenExecutions: 3913,
    unknownOnLevel: 4951,
    seedOrders: 10,
    depthOrders: 5485,
    depthReductions: 7617,
  }),
  sample('GOOG', 10, {
    messages: 147_916,
    rows: 153_091,
    hiddenExecutions: 3913,
    unknownOnLevel: 3363,
    seedOrders: 20,
    depthOrders: 3939,
    depthReductions: 4393,
  }),
];

const zipOf = (sample: Sample): string =>
  `${SAMPLE_DIR}LOBSTER_SampleFile_${sample.ticker}_2012-06-21_${sample.levels}.zip`;

/**
 * One test per sample: imported with its orderbook file and replayed, the venue's book equals the
 * orderbook row after every message, to the file's depth; skipped, with the reason, without the zip.
 */
export function testSamples(samples: readonly Sample[]): void {
  for (const sample of samples) {
    const zip = zipOf(sample);
    const skipped = existsSync(zip) ? '' : ` (skipped: LOBSTER sample not found at ${zip})`;
    it.skipIf(skipped !== '')(
      `${sample.ticker} full day, ${sample.levels} level(s): the book after every one of its ${sample.counts.messages} messages${skipped}`,
      async () => {
        const result = await checkSample(sample);
        expect(result.mismatches).toEqual([]);
        expect(result.checked).toBe(sample.counts.messages);
        expect(result.refusedRows).toBe(0);
        expect(result.counts).toEqual(sample.counts);
      },
      300_000,
    );
  }
}

interface SampleCheck {
  readonly counts: ImportCounts;
  /** Messages after which the book was compared. */
  readonly checked: number;
  readonly refusedRows: number;
  /** `line N: expected ... got ...`, the first few. */
  readonly mismatches: string[];
}

/** Imports the sample (with its orderbook file), replays it, and compares after every message. */
async function checkSample(sample: Sample): Promise<SampleCheck> {
  const files = unzipSync(readFileSync(zipOf(sample)));
  const entry = (part: string) => {
    const name = Object.keys(files).find((file) => file.includes(part));
    if (name === undefined) throw new Error(`no ${part} file in ${zipOf(sample)}`);
    return Buffer.from(files[name]!);
  };
  const messages = entry('_message_');
  const orderbook = entry('_orderbook_');
  const symbol = `${sample.ticker}-USD`;
  const counts = emptyCounts();
  const rowsAfterLine: number[] = [0];
  const converted = convertLobster(
    readLobsterMessages(Readable.from([messages]), 'message.csv'),
    {
      symbol,
      dayMs: DAY_MS,
      messageFile: 'message.csv',
      orderbook: {
        rows: readLobsterOrderbook(Readable.from([orderbook]), 'orderbook.csv'),
        file: 'orderbook.csv',
      },
    },
    counts,
  );
  const recorded = (async function* () {
    for await (const message of converted) {
      rowsAfterLine[message.line] = rowsAfterLine[message.line - 1]! + message.rows.length;
      yield message;
    }
  })();
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  await writeScenario(symbol, recorded, sink);

  const expected = orderbookLines(orderbook.toString());
  const scenario = await openScenario(Readable.from([chunks.join('')]), 'imported.csv');
  const clock = new ScenarioClock();
  const created = Venue.create({ clock: clock.read, instruments: scenario.instruments });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const venueIds = new Map<string, string>();
  let applied = 0;
  let line = 1;
  let refusedRows = 0;
  const mismatches: string[] = [];
  const compareThrough = (rowCount: number) => {
    for (; line < rowsAfterLine.length && rowsAfterLine[line]! <= rowCount; line++) {
      const want = expectedBook(expected.next().value as string);
      const book = venue.orderBook(symbol, sample.levels);
      if (!book.ok) throw new Error(book.error.message);
      const got = { asks: book.value.asks, bids: book.value.bids };
      if (sameLevels(got.asks, want.asks) && sameLevels(got.bids, want.bids)) continue;
      if (mismatches.length < 3)
        mismatches.push(
          `line ${line}: expected ${JSON.stringify(want)} got ${JSON.stringify(got)}`,
        );
    }
  };
  for await (const row of scenario.rows) {
    const result = applyScenarioRow(venue, row, { clock, venueOrderId: (id) => venueIds.get(id) });
    if (!result.ok) refusedRows += 1;
    else if (row.action === 'new') venueIds.set(row.id, result.value.id);
    applied += 1;
    compareThrough(applied);
  }
  compareThrough(applied);
  return { counts, checked: line - 1, refusedRows, mismatches };
}

function* orderbookLines(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    yield text.slice(start, stop);
    start = stop + 1;
  }
}

const sameLevels = (a: readonly BookLevel[], b: readonly BookLevel[]) =>
  a.length === b.length && a.every((level, i) => level[0] === b[i]![0] && level[1] === b[i]![1]);

/** An orderbook row parsed on its own, by string slicing: `5853300` → `585.33`. */
function expectedBook(text: string): { asks: BookLevel[]; bids: BookLevel[] } {
  const cells = text.trim().split(',');
  const asks: BookLevel[] = [];
  const bids: BookLevel[] = [];
  for (let i = 0; i < cells.length; i += 4) {
    if (cells[i + 1] !== '0') asks.push([dollars(cells[i]!), cells[i + 1]!]);
    if (cells[i + 3] !== '0') bids.push([dollars(cells[i + 2]!), cells[i + 3]!]);
  }
  return { asks, bids };
}

function dollars(units: string): string {
  if (!units.endsWith('00')) throw new Error(`price ${units} is not on the cent grid`);
  const padded = units.padStart(6, '0');
  return `${Number(padded.slice(0, -4))}.${padded.slice(-4, -2)}`;
}
