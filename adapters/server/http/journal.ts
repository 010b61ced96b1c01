import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import {
  Venue,
  type BalanceOptions,
  type InstrumentSpec,
  type OrderRecord,
} from '../../../src/index.js';
import {
  formatInstrumentDirective,
  formatScenarioHeader,
  formatScenarioRow,
  ScenarioClock,
  ScenarioSyntaxError,
  type ParsedScenarioRow,
  type ScenarioLayout,
  type ScenarioRow,
} from '../../flow/index.js';
import { openScenario } from '../../flow/csv/index.js';
import { ScenarioDriver } from '../../flow/driver/index.js';
import { chainStart, ChainError, ChainVerifier, ChainWriter } from './journal-chain.js';
import { openJournalFile, writeNewJournal, type OpenJournalFile } from './journal-file.js';
import { JournalWriter } from './journal-writer.js';
import { idempotencyScope, type IdempotencyStore } from './idempotency-store.js';
import {
  orderResponse,
  type AcceptedCommand,
  type CommandGroup,
  type IdempotencyTag,
} from './route-context.js';
import { dropTornLastLine } from './torn-line.js';

/** A new journal's columns; one started before the order features keeps its own. */
const LAYOUT: ScenarioLayout = { clientOrderId: true, orderFeatures: true, journal: true };

/** A journal that cannot be replayed or started; the message names the file (and line). */
export class JournalError extends Error {}

export interface JournalOptions {
  readonly instruments: readonly InstrumentSpec[];
  readonly clock: () => number;
  readonly orderRetention: number;
  /** The venue's balances for its instruments (the same on every start: the replay relies on it). */
  readonly balances?: (instruments: readonly InstrumentSpec[]) => BalanceOptions;
  /** Orders a new venue starts with (the demo liquidity), journaled like any other. */
  readonly seed: (venue: Venue) => OrderRecord[];
  readonly log: (line: string) => void;
  /** The file operations (a test makes them fail); default the real ones. */
  readonly openFile?: OpenJournalFile;
  /** Given the first response of every order the journal tags with an Idempotency-Key. */
  readonly idempotency?: IdempotencyStore;
}

export interface JournaledVenue {
  readonly venue: Venue;
  /** False for a journal started before the stop_price, stp and expire_at columns. */
  readonly recordsOrderFeatures: boolean;
  readonly writer: JournalWriter;
  /** Appends an accepted command's row; `writer.durable()` puts it on disk. */
  readonly record: (command: AcceptedCommand) => void;
}

/**
 * Opens the journal at `path`: a new (missing or empty) one is started with the instrument
 * directives, the header and the seed orders; an existing one is checked (its checksum chain) and
 * replayed, and nothing is seeded.
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
  const verifier = new ChainVerifier(path);
  const scenario = replaying
    ? await openScenario(
        pipeline(createReadStream(path), verifier, () => {}),
        path,
      ).catch((error: unknown) => asJournalError(error, path))
    : undefined;
  const instruments =
    scenario !== undefined && scenario.instruments.length > 0
      ? scenario.instruments
      : options.instruments;
  const created = Venue.create({
    instruments,
    clock,
    orderRetention: options.orderRetention,
    ...(options.balances !== undefined && { balances: options.balances(instruments) }),
  });
  if (!created.ok) throw new JournalError(`${path}: ${created.error.message}`);
  const venue = created.value;
  try {
    if (scenario !== undefined) {
      const driver = new ScenarioDriver(venue, replayClock, {}, { venueIds: true });
      const apply = (row: ParsedScenarioRow, cell: string) => {
        const refusal = driver.apply(row);
        if (refusal !== null)
          throw new JournalError(`${path}:${row.line}: refused on replay: ${refusal.message}`);
        const order = driver.lastOrder!;
        if (row.action === 'new' && order.id !== row.id)
          throw new JournalError(`${path}:${row.line}: replay gave ${order.id} for ${row.id}`);
        const tag = parseTag(cell, `${path}:${row.line}`);
        if (tag !== undefined && options.idempotency !== undefined) {
          const scope = idempotencyScope(row.account, tag.key);
          const response = orderResponse(201, order);
          options.idempotency.store(scope, tag.fingerprint, response, row.ts);
        }
      };
      // The rows of a group so far: applied once its last row is read.
      const group: ParsedScenarioRow[] = [];
      const dropUnfinished = () => {
        if (group.length === 0) return;
        const first = group[0]!.line;
        options.log(
          `journal ${path}:${first}: dropped an unfinished group of ${group.length} rows (a cancel-all cut off by a crash, never acknowledged)`,
        );
        group.length = 0;
      };
      for await (const row of scenario.rows) {
        const cell = verifier.takeCell(row.line);
        const member = parseGroup(cell);
        if (member?.index !== group.length + 1) dropUnfinished();
        if (member === undefined) {
          apply(row, cell);
          continue;
        }
        if (member.index !== group.length + 1)
          throw new JournalError(
            `${path}:${row.line}: group row ${member.index} without its first`,
          );
        group.push(row);
        if (member.index < member.size) continue;
        for (const held of group) apply(held, '');
        group.length = 0;
      }
      dropUnfinished();
    }
  } catch (error) {
    asJournalError(error, path);
  }
  replaying = false;
  const openFile = options.openFile ?? openJournalFile;
  let chain: ChainWriter;
  let initial = '';
  if (scenario === undefined) {
    initial = instruments.map(formatInstrumentDirective).join('') + formatScenarioHeader(LAYOUT);
    chain = new ChainWriter(chainStart(initial));
    for (const order of options.seed(venue)) {
      initial += rowLine(chain, { action: 'new', order }, LAYOUT);
    }
    await writeNewJournal(path, initial, openFile).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new JournalError(`journal ${path}: cannot be written: ${reason}`);
    });
  } else {
    chain = new ChainWriter(verifier.last);
  }
  const writer = await JournalWriter.open(path, {
    size: size + Buffer.byteLength(initial),
    openFile,
    log: options.log,
  });
  const layout = scenario?.layout ?? LAYOUT;
  const record = (command: AcceptedCommand) => writer.append(rowLine(chain, command, layout));
  return { venue, writer, record, recordsOrderFeatures: layout.orderFeatures === true };
}

/**
 * The row's line: its journal cell holds the Idempotency-Key (URI-encoded) and the body's
 * fingerprint, when the order had a key, then the checksum.
 */
function rowLine(chain: ChainWriter, command: AcceptedCommand, layout: ScenarioLayout): string {
  return chain.seal(
    formatScenarioRow(journalRow(command), layout).slice(0, -1) + ',' + cellOf(command),
  );
}

/** A row's journal cell: an order's Idempotency-Key, or a grouped cancel's place in its group. */
function cellOf(command: AcceptedCommand): string {
  if (command.action === 'cancel')
    return command.group === undefined ? '' : `group ${command.group.index}/${command.group.size} `;
  const tag = command.action === 'new' ? command.idempotency : undefined;
  return tag === undefined ? '' : `${encodeURIComponent(tag.key)} ${tag.fingerprint} `;
}

const GROUP = /^group ([1-9][0-9]{0,8})\/([1-9][0-9]{0,8}) $/;

function parseGroup(cell: string): CommandGroup | undefined {
  const match = GROUP.exec(cell);
  if (match === null) return undefined;
  const index = Number(match[1]);
  const size = Number(match[2]);
  return index <= size ? { index, size } : undefined;
}

const TAG = /^([A-Za-z0-9!'()*._~%-]{1,765}) ([A-Za-z0-9+/]{43}=) $/;

function parseTag(cell: string, where: string): IdempotencyTag | undefined {
  if (cell === '') return undefined;
  const match = TAG.exec(cell);
  const key = match === null ? undefined : decodeKey(match[1]!);
  if (key === undefined) throw new JournalError(`${where}: the journal cell is malformed`);
  return { key, fingerprint: match![2]! };
}

function decodeKey(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function asJournalError(error: unknown, path: string): never {
  if (error instanceof ScenarioSyntaxError || error instanceof ChainError)
    throw new JournalError(error.message);
  if (error instanceof Error && 'code' in error)
    throw new JournalError(`journal ${path}: cannot be read: ${error.message}`);
  throw error;
}

/** The scenario row that replays a command exactly: the venue's own id, the order's own time. */
export function journalRow(command: AcceptedCommand): ScenarioRow {
  const { order } = command;
  const common = { id: order.id, account: order.account, symbol: order.symbol };
  if (command.action === 'cancel') return { ...common, action: 'cancel', ts: command.at };
  if (command.action === 'reduce')
    return { ...common, action: 'reduce', ts: command.at, size: command.size };
  if (command.action === 'amend')
    return { ...common, action: 'amend', ts: command.at, ...command.request };
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
    ...(order.stopPrice !== null && { stopPrice: order.stopPrice }),
    ...(order.stp !== 'none' && { stp: order.stp }),
    ...(order.expireAt !== null && { expireAt: order.expireAt }),
  };
}
