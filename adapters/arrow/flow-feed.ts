/**
 * An Arrow flow's rows fed in file order, each as numbers when it is a plainly valid `new`,
 * `cancel` or `reduce` row that the target takes, else decoded and checked by the FlowRowDecoder
 * (which reports a malformed row in the format's own words) and given as a ParsedScenarioRow. Only
 * the rows decoded build a record.
 */
import { FLAG_POST_ONLY, TIF_GTC, TIF_IOC, TYPE_LIMIT, type VenueCore } from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { ACTION_CANCEL, ACTION_NEW, ACTION_REDUCE, EMPTY, FlowCodes } from './flow-codes.js';
import type { ArrowBatches } from './flow-reader.js';

/**
 * Where the rows go (the scenario driver's numeric entries, and its `apply` for the others). A
 * row's scenario id is its UTF-8 bytes `id[idStart, idEnd)`, valid during the call.
 */
export interface FlowFeed {
  place(
    ts: number,
    id: Uint8Array,
    idStart: number,
    idEnd: number,
    account: number,
    book: number,
    side: number,
    type: number,
    timeInForce: number,
    flags: number,
    priceTicks: number,
    sizeLots: number,
  ): boolean;
  cancel(ts: number, id: Uint8Array, idStart: number, idEnd: number, account: number): boolean;
  /** `sizeLots` in lots of `book`, the row's symbol. */
  reduce(
    ts: number,
    id: Uint8Array,
    idStart: number,
    idEnd: number,
    account: number,
    book: number,
    sizeLots: number,
  ): boolean;
  /** Any other row (and a plain one `place` or `cancel` declined), decoded; false stops the feed. */
  row(row: ParsedScenarioRow): boolean;
}

/** Feeds every row; false when `feed.row` stopped it. */
export async function feedFlow(
  flow: ArrowBatches,
  core: VenueCore,
  feed: FlowFeed,
): Promise<boolean> {
  const codes = new FlowCodes(flow.schema, core);
  const decoder = flow.decoder;
  for await (const batch of flow.batches) {
    codes.load(batch);
    let cells: ReturnType<typeof decoder.cells> | null = null;
    for (let i = 0; i < batch.numRows; i++) {
      // One time value for every call: a time (beyond 2^31) is boxed when passed.
      const ts = codes.ts(i);
      if (ts >= decoder.previousTs && feedCodes(codes, i, ts, feed)) {
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
 * Gives row `i` (at `ts`, not before the previous row's) to the feed as numbers when it is a
 * plainly valid `new`, `cancel` or `reduce` row by the format's rules; true when the feed took it.
 */
function feedCodes(codes: FlowCodes, i: number, ts: number, feed: FlowFeed): boolean {
  const action = codes.action.code(i);
  const account = codes.account.code(i);
  const book = codes.book.code(i);
  if (account < 0 || book < 0 || codes.id.isEmpty(i)) return false;
  if (codes.clientOrderId !== null && !codes.clientOrderId.isEmpty(i)) return false;
  if (action === ACTION_NEW) {
    const side = codes.side.code(i);
    const type = codes.type.code(i);
    const timeInForce = codes.timeInForce.code(i);
    if (side < 0 || type < 0 || timeInForce === -1) return false;
    const instrument = codes.instruments[book]!;
    const size = codes.size.units(i, instrument.sizeDecimals);
    if (size <= 0 || size % instrument.lotUnits !== 0) return false;
    let ticks = 0;
    if (type === TYPE_LIMIT) {
      const price = codes.price.units(i, instrument.priceDecimals);
      if (price <= 0 || price % instrument.tickUnits !== 0) return false;
      ticks = price / instrument.tickUnits;
    } else if (!codes.price.isEmpty(i) || timeInForce !== EMPTY) {
      return false;
    }
    const postOnly = codes.postOnly(i);
    return feed.place(
      ts,
      codes.id.bytes,
      codes.id.start(i),
      codes.id.end(i),
      account,
      book,
      side,
      type,
      timeInForce === EMPTY ? (type === TYPE_LIMIT ? TIF_GTC : TIF_IOC) : timeInForce,
      postOnly === 1 ? FLAG_POST_ONLY : 0,
      ticks,
      size / instrument.lotUnits,
    );
  }
  const plain =
    codes.side.code(i) === EMPTY &&
    codes.type.code(i) === EMPTY &&
    codes.timeInForce.code(i) === EMPTY &&
    codes.price.isEmpty(i) &&
    codes.postOnly(i) === EMPTY;
  if (!plain) return false;
  if (action === ACTION_CANCEL) {
    return (
      codes.size.isEmpty(i) &&
      feed.cancel(ts, codes.id.bytes, codes.id.start(i), codes.id.end(i), account)
    );
  }
  if (action !== ACTION_REDUCE) return false;
  const { sizeDecimals, lotUnits } = codes.instruments[book]!;
  const size = codes.size.units(i, sizeDecimals);
  if (size <= 0 || size % lotUnits !== 0) return false;
  const { bytes } = codes.id;
  return feed.reduce(ts, bytes, codes.id.start(i), codes.id.end(i), account, book, size / lotUnits);
}
