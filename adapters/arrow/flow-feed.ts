/**
 * An Arrow flow's rows fed in file order, each as an OrderCommand when it is a plainly valid
 * `new`, `cancel` or `reduce` row that the target takes, else decoded and checked by the FlowRowDecoder
 * (which reports a malformed row in the format's own words) and given as a ParsedScenarioRow. Only
 * the rows decoded build a record.
 */
import {
  ACTION_CANCEL,
  ACTION_NEW,
  ACTION_REDUCE,
  FLAG_POST_ONLY,
  type OrderCommand,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  type Instrument,
  type Lots,
  type Ticks,
  type VenueCore,
} from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { EMPTY, FlowCodes } from './flow-codes.js';
import type { ArrowBatches } from './flow-reader.js';

/**
 * Where the rows go (the scenario driver's `submitBytes`, and its `apply` for the others). A
 * row's scenario id is its UTF-8 bytes `id[idStart, idEnd)`, valid during the call, as is the
 * command.
 */
export interface FlowFeed {
  /** A plain row's command (see ScenarioDriver.submitBytes); false: give the row to `row`. */
  submit(
    ts: number,
    id: Uint8Array,
    idStart: number,
    idEnd: number,
    command: OrderCommand,
  ): boolean;
  /** Any other row (and a plain one `submit` declined), decoded; false stops the feed. */
  row(row: ParsedScenarioRow): boolean;
}

/** Feeds every row; false when `feed.row` stopped it. */
export async function feedFlow(
  flow: ArrowBatches,
  core: VenueCore,
  feed: FlowFeed,
): Promise<boolean> {
  const codes = new FlowCodes(flow.schema, core);
  const command = core.newCommand();
  const decoder = flow.decoder;
  for await (const batch of flow.batches) {
    codes.load(batch);
    let cells: ReturnType<typeof decoder.cells> | null = null;
    for (let i = 0; i < batch.numRows; i++) {
      // One time value for every call: a time (beyond 2^31) is boxed when passed.
      const ts = codes.ts(i);
      if (ts >= decoder.previousTs && feedCodes(codes, i, ts, command, feed)) {
        decoder.countChecked(ts);
      } else {
        cells ??= decoder.cells(batch);
        if (!feed.row(decoder.row(cells, i))) return false;
      }
    }
  }
  return true;
}

/**
 * Fills `command` from row `i` (at `ts`, not before the previous row's) and gives it to the feed
 * when it is a plainly valid `new`, `cancel` or `reduce` row by the format's rules; true when the
 * feed took it.
 */
function feedCodes(
  codes: FlowCodes,
  i: number,
  ts: number,
  command: OrderCommand,
  feed: FlowFeed,
): boolean {
  const action = codes.action.code(i);
  const account = codes.account.code(i);
  const book = codes.book.code(i);
  if (account < 0 || book < 0 || codes.id.isEmpty(i)) return false;
  if (codes.clientOrderId !== null && !codes.clientOrderId.isEmpty(i)) return false;
  command.clear();
  command.account = account;
  command.book = book;
  const instrument = codes.instruments[book]!;
  if (action === ACTION_NEW) {
    const side = codes.side.code(i);
    const type = codes.type.code(i);
    const timeInForce = codes.timeInForce.code(i);
    if (side < 0 || type < 0 || timeInForce === -1) return false;
    if (!lotsInto(codes, i, instrument, command)) return false;
    if (type === TYPE_LIMIT) {
      const price = codes.price.units(i, instrument.priceDecimals);
      if (price <= 0 || price % instrument.tickUnits !== 0) return false;
      command.price = (price / instrument.tickUnits) as Ticks;
    } else if (!codes.price.isEmpty(i) || timeInForce !== EMPTY) {
      return false;
    }
    command.side = side;
    command.type = type;
    command.timeInForce =
      timeInForce === EMPTY ? (type === TYPE_LIMIT ? TIF_GTC : TIF_IOC) : timeInForce;
    command.flags = codes.postOnly(i) === 1 ? FLAG_POST_ONLY : 0;
  } else {
    const plain =
      codes.side.code(i) === EMPTY &&
      codes.type.code(i) === EMPTY &&
      codes.timeInForce.code(i) === EMPTY &&
      codes.price.isEmpty(i) &&
      codes.postOnly(i) === EMPTY;
    if (!plain) return false;
    if (action === ACTION_CANCEL) {
      if (!codes.size.isEmpty(i)) return false;
    } else if (action !== ACTION_REDUCE || !lotsInto(codes, i, instrument, command)) {
      return false;
    }
    command.action = action;
  }
  const { id } = codes;
  return feed.submit(ts, id.bytes, id.start(i), id.end(i), command);
}

/** Row `i`'s size as lots into `command`; false when it is not a positive whole number of lots. */
function lotsInto(codes: FlowCodes, i: number, instrument: Instrument, command: OrderCommand) {
  const size = codes.size.units(i, instrument.sizeDecimals);
  if (size <= 0 || size % instrument.lotUnits !== 0) return false;
  command.size = (size / instrument.lotUnits) as Lots;
  return true;
}
