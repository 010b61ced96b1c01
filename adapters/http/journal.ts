import { open, stat, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Venue, type InstrumentSpec, type OrderRecord } from '../../src/index.js';
import {
  applyScenarioRow,
  formatInstrumentDirective,
  formatScenarioHeader,
  formatScenarioRow,
  openScenarioFile,
  ScenarioClock,
  ScenarioSyntaxError,
  type ParsedScenarioRow,
  type ScenarioLayout,
  type ScenarioRow,
} from '../csv/index.js';
import { dropTornLastLine } from './torn-line.js';
import { openJournalFile, type OpenJournalFile } from './journal-file.js';
import { JournalWriter } from './journal-writer.js';
import type { AcceptedCommand } from './route-context.js';

const LAYOUT: ScenarioLayout = { clientOrderId: true };

/** A journal that cannot be replayed; the message names the file and line. */
export class JournalError extends Error {}

export interface JournalOptions {
  readonly instruments: readonly InstrumentSpec[];
  readonly clock: () => number;
  readonly orderRetention: number;
  /** Orders a new venue starts with (the demo liquidity), journaled like any other. */
  readonly seed: (venue: Venue) => OrderRecord[];
  readonly log: (line: string) => void;
  /** The file operations (a test makes them fail); default the real ones. */
  readonly openFile?: OpenJournalFile;
}

export interface JournaledVenue {
  readonly venue: Venue;
  readonly writer: JournalWriter;
  /** Appends an accepted command's row; `writer.durable()` puts it on disk. */
  readonly record: (command: AcceptedCommand) => void;
}

/**
 * Opens the journal at `path`: a new (missing or empty) one is started with the instrument
 * directives, the header and the seed orders; an existing one is replayed, and nothing is seeded.
 */
export async function openJournal(path: string, options: JournalOptions): Promise<JournaledVenue> {
  const torn = await dropTornLastLine(path);
  if (torn !== null) {
    options.log(
      `journal ${path}: dropped the torn last line ${torn.line} (never acknowledged): ${torn.text}`,
    );
  }
  const size = await stat(path).then(
    (info) => info.size,
    () => 0,
  );
  const replayClock = new ScenarioClock();
  let replaying = size > 0;
  const clock = () => (replaying ? replayClock.now : options.clock());
  let instruments = options.instruments;
  let rows: AsyncIterable<ParsedScenarioRow> | undefined;
  if (replaying) {
    const scenario = await openScenarioFile(path).catch(asJournalError);
    if (!scenario.layout.clientOrderId)
      throw new JournalError(`${path}: the header has no client_order_id column`);
    if (scenario.instruments.length > 0) instruments = scenario.instruments;
    rows = scenario.rows;
  }
  const created = Venue.create({ instruments, clock, orderRetention: options.orderRetention });
  if (!created.ok) throw new JournalError(`${path}: ${created.error.message}`);
  const venue = created.value;
  try {
    for await (const row of rows ?? []) {
      const applied = applyScenarioRow(venue, row, { clock: replayClock });
      if (!applied.ok)
        throw new JournalError(`${path}:${row.line}: refused on replay: ${applied.error.message}`);
      if (row.action === 'new' && applied.value.id !== row.id) {
        throw new JournalError(
          `${path}:${row.line}: replay gave ${applied.value.id} for ${row.id}`,
        );
      }
    }
  } catch (error) {
    asJournalError(error);
  }
  replaying = false;
  const openFile = options.openFile ?? openJournalFile;
  let initial = '';
  if (size === 0) {
    initial = instruments.map(formatInstrumentDirective).join('') + formatScenarioHeader(LAYOUT);
    for (const order of options.seed(venue)) initial += rowLine({ action: 'new', order });
    await writeInitial(path, initial, openFile);
  }
  const writer = await JournalWriter.open(path, {
    size: size + Buffer.byteLength(initial),
    openFile,
    log: options.log,
  });
  const record = (command: AcceptedCommand) => writer.append(rowLine(command));
  return { venue, writer, record };
}

function rowLine(command: AcceptedCommand): string {
  return formatScenarioRow(journalRow(command), LAYOUT);
}

/** A new journal's first lines, on disk before anything is served; on failure the file is left empty. */
async function writeInitial(path: string, text: string, openFile: OpenJournalFile): Promise<void> {
  try {
    const file = await openFile(path);
    try {
      await file.write(Buffer.from(text), 0);
      await file.sync();
    } finally {
      await file.close();
    }
    await syncDirectory(dirname(path));
  } catch (error) {
    await truncate(path, 0).catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new JournalError(`journal ${path}: cannot be written: ${reason}`);
  }
}

function asJournalError(error: unknown): never {
  if (error instanceof ScenarioSyntaxError) throw new JournalError(error.message);
  throw error;
}

/** The scenario row that replays a command exactly: the venue's own id, the order's own time. */
export function journalRow(command: AcceptedCommand): ScenarioRow {
  const { order } = command;
  const common = { id: order.id, account: order.account, symbol: order.symbol };
  if (command.action === 'cancel') return { ...common, action: 'cancel', ts: command.at };
  return {
    ...common,
    action: 'new',
    ts: order.createdAt,
    side: order.side,
    type: order.type,
    size: order.size,
    ...(order.price !== null && { price: order.price }),
    ...(order.type === 'limit' && { timeInForce: order.timeInForce, postOnly: order.postOnly }),
    ...(order.clientOrderId !== null && { clientOrderId: order.clientOrderId }),
  };
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } catch {
    // Some file systems cannot sync a directory; the file's own sync still holds.
  } finally {
    await directory.close();
  }
}
