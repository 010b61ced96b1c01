/**
 * Imports a LOBSTER day in-process, replays the scenario text through the venue, and compares the
 * venue's book with LOBSTER's orderbook file after the messages chosen.
 */
import { Readable, Writable } from 'node:stream';
import { openScenario, ScenarioClock } from '../../adapters/csv/index.js';
import { ScenarioDriver } from '../../adapters/driver/index.js';
import {
  convertLobster,
  emptyCounts,
  readLobsterMessages,
  readLobsterOrderbook,
  writeScenario,
  type ImportCounts,
} from '../../adapters/lobster/index.js';
import { Venue, type BookLevel } from '../../src/index.js';

export interface ReplayCheck {
  readonly counts: ImportCounts;
  readonly checked: number;
  readonly refusedRows: number;
  /** `line N: expected ... got ...`, at most a few. */
  readonly mismatches: string[];
  readonly mismatchCount: number;
}

export interface DayFiles {
  readonly symbol: string;
  readonly dayMs: number;
  readonly messages: Buffer;
  readonly orderbook: Buffer;
}

/** Checks the book after every message line for which `check(line, isLast)` is true. */
export async function replayAndCompare(
  day: DayFiles,
  check: (line: number, isLast: boolean) => boolean,
): Promise<ReplayCheck> {
  const counts = emptyCounts();
  const rowsAfterLine: number[] = [0];
  const converted = convertLobster(
    readLobsterMessages(Readable.from([day.messages]), 'message.csv'),
    {
      symbol: day.symbol,
      dayMs: day.dayMs,
      messageFile: 'message.csv',
      orderbook: {
        rows: readLobsterOrderbook(Readable.from([day.orderbook]), 'orderbook.csv'),
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
  await writeScenario(day.symbol, recorded, sink);

  const expectedRows = day.orderbook.toString().split('\n');
  const lines = rowsAfterLine.length - 1;
  const scenario = await openScenario(Readable.from([chunks.join('')]), 'imported.csv');
  const clock = new ScenarioClock();
  const created = Venue.create({ clock: clock.read, instruments: scenario.instruments });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const driver = new ScenarioDriver(venue, clock);
  let applied = 0;
  let line = 1;
  let checked = 0;
  let refusedRows = 0;
  const mismatches: string[] = [];
  let mismatchCount = 0;
  const compareThrough = (rowCount: number) => {
    for (; line <= lines && rowsAfterLine[line]! <= rowCount; line++) {
      if (!check(line, line === lines)) continue;
      checked += 1;
      const book = venue.orderBook(day.symbol, 10);
      if (!book.ok) throw new Error(book.error.message);
      const got = JSON.stringify({ asks: book.value.asks, bids: book.value.bids });
      const want = JSON.stringify(expectedBook(expectedRows[line - 1]!));
      if (got === want) continue;
      mismatchCount += 1;
      if (mismatches.length < 3) mismatches.push(`line ${line}: expected ${want} got ${got}`);
    }
  };
  for await (const row of scenario.rows) {
    if (driver.apply(row) !== null) refusedRows += 1;
    applied += 1;
    compareThrough(applied);
  }
  compareThrough(applied);
  return { counts, checked, refusedRows, mismatches, mismatchCount };
}

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
