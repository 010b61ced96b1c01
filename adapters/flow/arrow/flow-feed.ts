/**
 * An Arrow flow's rows fed in file order, each as an OrderCommand when it is a plain row
 * (decodeRowCommand, over the batch's columns) that the target takes, else decoded and checked by the FlowRowDecoder
 * (which reports a malformed row in the format's own words) and given as a ParsedScenarioRow. Only
 * the rows decoded build a record; a plain row the core refuses is decoded for its message, not
 * submitted again.
 */
import type { OrderCommand, VenueCore } from '../../../src/index.js';
import {
  BAD,
  decodeRowCommand,
  EMPTY,
  ROW_DECLINED,
  ROW_TAKEN,
  type CommandFields,
  type ParsedScenarioRow,
} from '../index.js';
import { FlowCodes } from './flow-codes.js';
import type { ArrowBatches } from './flow-reader.js';

/**
 * Where the rows go (the scenario driver's `submitBytes`, and its `apply` for the others). A
 * row's scenario id is its UTF-8 bytes `id[idStart, idEnd)`, valid during the call, as is the
 * command.
 */
export interface FlowFeed {
  /**
   * A plain row's command (see ScenarioDriver.submitBytes): ROW_TAKEN; ROW_DECLINED, nothing
   * changed: give the row to `row`; or the core's refusal code (< 0), nothing changed: give the
   * row to `refused`.
   */
  submit(ts: number, id: Uint8Array, idStart: number, idEnd: number, command: OrderCommand): number;
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
  const fields = flowRowFields(codes);
  const decoder = flow.decoder;
  for await (const batch of flow.batches) {
    codes.load(batch);
    let cells: ReturnType<typeof decoder.cells> | null = null;
    for (let i = 0; i < batch.numRows; i++) {
      // One time value for every call: a time (beyond 2^31) is boxed when passed.
      const ts = codes.ts(i);
      const answer =
        ts >= decoder.previousTs ? feedCodes(fields, i, ts, command, feed) : ROW_DECLINED;
      if (answer === ROW_TAKEN) {
        decoder.countChecked(ts);
        continue;
      }
      cells ??= decoder.cells(batch);
      const row = decoder.row(cells, i);
      if (!(answer === ROW_DECLINED ? feed.row(row) : feed.refused(row, answer))) return false;
    }
  }
  return true;
}

/** A cursor on the loaded batch's columns: row `row`'s fields, read for decodeRowCommand. */
interface FlowRowFields extends CommandFields {
  row: number;
  readonly codes: FlowCodes;
}

function flowRowFields(codes: FlowCodes): FlowRowFields {
  const { clientOrderId, quoteSize } = codes;
  const fields: FlowRowFields = {
    row: 0,
    codes,
    action: () => codes.action.code(fields.row),
    // Accounts are interned as the batch's words load (FlowCodes).
    account: () => codes.account.code(fields.row),
    book: () => codes.book.code(fields.row),
    side: () => codes.side.code(fields.row),
    type: () => codes.type.code(fields.row),
    timeInForce: () => codes.timeInForce.code(fields.row),
    price: (decimals) => codes.price.units(fields.row, decimals),
    size: (decimals) => codes.size.units(fields.row, decimals),
    postOnly: () => codes.postOnly(fields.row),
    // A client order id (its text) and a quote size (a bigint) are left to the row decoder and the
    // driver's `feed`; the other extras are not columns here.
    extras: () =>
      (clientOrderId !== null && !clientOrderId.isEmpty(fields.row)) ||
      (quoteSize !== null && !quoteSize.isEmpty(fields.row))
        ? BAD
        : 0,
    quote: () => 0n,
    stopPrice: () => EMPTY,
    stp: () => EMPTY,
    expireAt: () => EMPTY,
    clientOrderId: () => null,
  };
  return fields;
}

/**
 * Fills `command` from row `i` (at `ts`, not before the previous row's) and gives it to the feed
 * when it is a plain row (decodeRowCommand) with an id: the feed's answer, else ROW_DECLINED.
 */
function feedCodes(
  fields: FlowRowFields,
  i: number,
  ts: number,
  command: OrderCommand,
  feed: FlowFeed,
): number {
  const { id } = fields.codes;
  fields.row = i;
  return !id.isEmpty(i) && decodeRowCommand(fields, fields.codes.instruments, command)
    ? feed.submit(ts, id.bytes, id.start(i), id.end(i), command)
    : ROW_DECLINED;
}
