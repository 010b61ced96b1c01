/**
 * An Arrow flow's rows fed in file order, each as an OrderCommand when it is a plain row (FlowCodes
 * classes a block's rows by decodeRowCommand's rules, a column at a time) that the target takes,
 * else decoded and checked by the FlowRowDecoder (which reports a malformed row in the format's
 * own words) and given as a ParsedScenarioRow. Only the rows decoded build a record; a plain row
 * the core refuses is decoded for its message, not submitted again.
 */
import {
  ACTION_NEW,
  ACTION_REDUCE,
  type Lots,
  type OrderCommand,
  type Ticks,
  type VenueCore,
} from '../../../src/index.js';
import { ROW_DECLINED, ROW_TAKEN, type ParsedScenarioRow } from '../index.js';
import { BLOCK_ROWS, DECLINED, FlowCodes, NEW_NAME } from './flow-codes.js';
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
}

/** Feeds every row; false when `feed.row` or `feed.refused` stopped it. */
export async function feedFlow(
  flow: ArrowBatches,
  core: VenueCore,
  feed: FlowFeed,
): Promise<boolean> {
  const codes = new FlowCodes(flow.schema, core);
  const command = core.newCommand();
  const decoder = flow.decoder;
  const { times, actions } = codes;
  for await (const batch of flow.batches) {
    codes.load(batch);
    let cells: ReturnType<typeof decoder.cells> | null = null;
    for (let first = 0; first < batch.numRows; first += BLOCK_ROWS) {
      const count = Math.min(BLOCK_ROWS, batch.numRows - first);
      codes.read(first, count);
      // The rows taken since the decoder last counted, and the time of the last one.
      let taken = 0;
      let previousTs = decoder.previousTs;
      for (let row = 0; row < count; row++) {
        const ts = times[row]!;
        const answer =
          actions[row] !== DECLINED && ts >= previousTs
            ? submitRow(codes, first, row, core, command, feed)
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
    }
  }
  return true;
}

/**
 * Fills `command` from the block's plain row `row` (the batch's row `first + row`) and gives it to
 * the feed: the feed's answer, or ROW_DECLINED when its account has no id. An account the row
 * interned is forgotten unless the row is taken.
 */
function submitRow(
  codes: FlowCodes,
  first: number,
  row: number,
  core: VenueCore,
  command: OrderCommand,
  feed: FlowFeed,
): number {
  const action = codes.actions[row]!;
  command.clear();
  command.action = action;
  let account = codes.account.codes[row]!;
  const accounts = core.accountCount;
  if (account === NEW_NAME) {
    account = codes.account.intern(row, action === ACTION_NEW);
    if (account < 0) return ROW_DECLINED;
  }
  command.account = account;
  if (action === ACTION_NEW) {
    command.book = codes.book.codes[row]!;
    command.side = codes.side.codes[row]!;
    command.type = codes.type.codes[row]!;
    command.timeInForce = codes.orderTimeInForce[row]!;
    command.flags = codes.flags[row]!;
    command.size = codes.size.steps[row]! as Lots;
    const price = codes.price.steps[row]!;
    if (price > 0) command.price = price as Ticks;
  } else if (action === ACTION_REDUCE) {
    command.book = codes.book.codes[row]!;
    command.size = codes.size.steps[row]! as Lots;
  }
  const { id } = codes;
  const at = first + row;
  const answer = feed.submit(codes.times, row, id.bytes, id.start(at), id.end(at), command);
  if (answer !== ROW_TAKEN && account === accounts) {
    // Interned for this row, which the core refused: forgotten (test/DECISIONS.md).
    core.forgetAccount(account);
    codes.account.forget(row);
  }
  return answer;
}
