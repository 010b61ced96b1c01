/**
 * An Arrow flow's rows fed in file order, each as an OrderCommand when it is a plain row that the
 * target takes (decoded a block at a time into CommandBlocks: DecodedBlocks), else decoded and
 * checked by the FlowRowDecoder (which reports a malformed row in the format's own words) and
 * given as a ParsedScenarioRow. The rows' accounts and ids are read here, on the venue's thread,
 * which interns the accounts. A target that reads no id back gets them numbered where the blocks
 * are decoded (IdNumbering, `numbered`). Only the rows decoded build a record; a plain row the
 * core refuses is decoded for its message, not submitted again.
 */
import type { Data } from 'apache-arrow';
import { ACTION_NEW, type OrderCommand, type VenueCore } from '../../../src/index.js';
import { ROW_DECLINED, ROW_TAKEN, type ParsedScenarioRow } from '../index.js';
import { NOT_DECODED, type CommandBlock } from './command-block.js';
import { DecodedBlocks } from './decoded-blocks.js';
import { AccountColumn, BLOCK_ROWS, Utf8Column } from './flow-codes.js';
import type { ArrowBatches } from './flow-reader.js';

/**
 * Where the rows go (the scenario driver's `submitBytes`, and its `apply` for the others). A
 * row's scenario id is its UTF-8 bytes `id[idStart, idEnd)`, valid during the call, as is the
 * command.
 */
export interface FlowFeed {
  /**
   * A plain row's command (see ScenarioDriver.submitBytes), at the time `times[at]` (read from an
   * array, a time beyond 2^31 is not boxed): ROW_TAKEN; ROW_DECLINED, nothing changed: give the
   * row to `row`; or the core's refusal code (< 0), nothing changed: give the row to `refused`.
   */
  submit(
    times: Float64Array,
    at: number,
    id: Uint8Array,
    idStart: number,
    idEnd: number,
    command: OrderCommand,
  ): number;
  /** Any other row (and a plain one `submit` declined), decoded; false stops the feed. */
  row(row: ParsedScenarioRow): boolean;
  /**
   * A plain row the core refused (`code`), decoded for its words, with the command `submit` was
   * given still as it was; false stops the feed.
   */
  refused(row: ParsedScenarioRow, code: number): boolean;
  /**
   * The target's ids known from now on by the entries the feed numbers them with, or null when
   * it finds them by their bytes (it reads them back, or has ids mapped already).
   */
  numbered(): NumberedIds | null;
}

/** Scenario ids known by their entries (IdNumbering): ScenarioIds.numbered. */
export interface NumberedIds {
  /** The entry of the row fed next (CommandBlock.entries; id-entry.ts says what it holds). */
  set rowEntry(entry: number);
  /** Hands each entry whose id names no order now, of those that stopped naming one, to `release`. */
  releaseDead(release: (entry: number) => void): void;
}

/** Feeds every row; false when `feed.row` or `feed.refused` stopped it. */
export async function feedFlow(
  flow: ArrowBatches,
  core: VenueCore,
  feed: FlowFeed,
): Promise<boolean> {
  const ids = feed.numbered();
  const blocks = new DecodedBlocks(
    flow,
    core.books.map((book) => book.instrument),
    ids !== null,
  );
  const release = (entry: number) => blocks.release(entry);
  try {
    const keys = new RowKeys(flow, core);
    const command = core.newCommand();
    const decoder = flow.decoder;
    for await (const batch of flow.batches) {
      keys.load(batch.data.children);
      let cells: ReturnType<typeof decoder.cells> | null = null;
      for (let first = 0; first < batch.numRows; first += BLOCK_ROWS) {
        const count = Math.min(BLOCK_ROWS, batch.numRows - first);
        const block = blocks.next(batch, first, count);
        keys.account.read(first, count);
        keys.first = first;
        const { times, kinds, entries } = block;
        // The rows taken since the decoder last counted, and the time of the last one.
        let taken = 0;
        let previousTs = decoder.previousTs;
        for (let row = 0; row < count; row++) {
          if (ids !== null) ids.rowEntry = entries[row]!;
          const ts = times[row]!;
          const answer =
            ts >= previousTs && kinds[row] !== NOT_DECODED
              ? feedCommand(block, row, keys, command, feed)
              : ROW_DECLINED;
          if (answer === ROW_TAKEN) {
            taken++;
            previousTs = ts;
            continue;
          }
          if (taken > 0) decoder.countChecked(taken, previousTs);
          taken = 0;
          cells ??= decoder.cells(batch);
          const parsed = decoder.row(cells, first + row);
          if (!(answer === ROW_DECLINED ? feed.row(parsed) : feed.refused(parsed, answer)))
            return false;
          previousTs = decoder.previousTs;
        }
        if (taken > 0) decoder.countChecked(taken, previousTs);
        ids?.releaseDead(release);
      }
    }
    return true;
  } finally {
    blocks.close();
  }
}

/** A batch's account and id columns, read on the venue's thread; `first`: the block's first row. */
class RowKeys {
  first = 0;
  readonly account: AccountColumn;
  readonly id = new Utf8Column();
  readonly #accountAt: number;
  readonly #idAt: number;

  constructor(flow: ArrowBatches, core: VenueCore) {
    const at = (name: string) => flow.schema.fields.findIndex((field) => field.name === name);
    this.account = new AccountColumn(core);
    this.#accountAt = at('account');
    this.#idAt = at('id');
  }

  load(columns: readonly Data[]): void {
    this.account.load(columns[this.#accountAt]!);
    this.id.load(columns[this.#idAt]!);
  }
}

/**
 * Gives the feed the block's row `row`, decoded, as `command` with its account (the row's
 * ROW_DECLINED when the account is not found, or cannot be made for a new order): the feed's
 * answer. A refused row leaves no account behind.
 */
function feedCommand(
  block: CommandBlock,
  row: number,
  keys: RowKeys,
  command: OrderCommand,
  feed: FlowFeed,
): number {
  block.take(row, command);
  const { account, id } = keys;
  command.account = account.account(row, command.action === ACTION_NEW);
  if (command.account < 0) return ROW_DECLINED;
  const at = keys.first + row;
  const answer = feed.submit(block.times, row, id.bytes, id.start(at), id.end(at), command);
  if (answer !== ROW_TAKEN && account.internedRow === row) account.forget(row);
  return answer;
}
