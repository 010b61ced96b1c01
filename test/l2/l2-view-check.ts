/**
 * A LOBSTER day replayed twice, message by message: its L3 flow (the scenario rows of `simex
 * import lobster`) through a ScenarioDriver, and its L2 view through an L2Feed; the two venues'
 * books compared to 10 levels after every message.
 */
import { Readable } from 'node:stream';
import { ScenarioClock } from '../../adapters/flow/index.js';
import { ScenarioDriver } from '../../adapters/flow/driver/index.js';
import { L2Feed } from '../../adapters/flow/l2/l2-feed.js';
import { lobsterL2View } from '../../adapters/flow/l2/lobster-l2-view.js';
import { RISK_AVERSE } from '../../adapters/flow/l2/queue-model.js';
import {
  convertLobster,
  emptyCounts,
  lobsterInstrument,
  readLobsterMessages,
  readLobsterOrderbook,
} from '../../adapters/flow/lobster/index.js';
import { Venue } from '../../src/index.js';
import type { DayFiles } from '../lobster/replay-check.js';

export interface ViewCheck {
  readonly checked: number;
  readonly l2Rows: number;
  readonly refusedRows: number;
  /** `line N: L3 ... L2 ...`, at most three. */
  readonly mismatches: string[];
}

export async function compareL2ViewWithL3(day: DayFiles): Promise<ViewCheck> {
  const l3 = convertLobster(
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
    emptyCounts(),
  )[Symbol.asyncIterator]();
  const l2 = lobsterL2View(
    readLobsterMessages(Readable.from([day.messages]), 'message.csv'),
    readLobsterOrderbook(Readable.from([day.orderbook]), 'orderbook.csv'),
    { symbol: day.symbol, dayMs: day.dayMs, orderbookFile: 'orderbook.csv' },
  );
  const l3Clock = new ScenarioClock();
  const l3Venue = venue(day.symbol, l3Clock.read);
  const driver = new ScenarioDriver(l3Venue, l3Clock);
  let l2Now = 0;
  const l2Venue = venue(day.symbol, () => l2Now);
  const feed = new L2Feed(l2Venue, RISK_AVERSE);
  const depth = 10; // the top 10 levels, below a level-1 or level-5 file's own depth too
  let checked = 0;
  let l2Rows = 0;
  let refusedRows = 0;
  const mismatches: string[] = [];
  for await (const view of l2) {
    const converted = await l3.next();
    if (converted.done === true || converted.value.line !== view.line)
      throw new Error(`the L3 flow and the L2 view part at line ${view.line}`);
    for (const row of converted.value.rows) if (driver.feed(row) !== null) refusedRows++;
    for (const row of view.rows) {
      l2Now = row.exchangeTs;
      feed.apply(row);
      l2Rows++;
    }
    checked++;
    const want = bookText(l3Venue, day.symbol, depth);
    const got = bookText(l2Venue, day.symbol, depth);
    if (want !== got && mismatches.length < 3)
      mismatches.push(`line ${view.line}: L3 ${want} L2 ${got}`);
  }
  return { checked, l2Rows, refusedRows, mismatches };
}

function venue(symbol: string, clock: () => number): Venue {
  const created = Venue.create({ clock, instruments: [lobsterInstrument(symbol)] });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function bookText(venue: Venue, symbol: string, depth: number): string {
  const book = venue.orderBookTicks(symbol, depth);
  if (!book.ok) throw new Error(book.error.message);
  return JSON.stringify([book.value.bids, book.value.asks]);
}
