/**
 * An Arrow flow's rows fed in file order, each as numbers when it is a plainly valid `new` or
 * `cancel` row that the target takes, else decoded and checked by the FlowRowDecoder (which
 * reports a malformed row in the format's own words) and given as a ParsedScenarioRow. Only the
 * rows decoded build a record.
 */
import { FLAG_POST_ONLY, TIF_GTC, TIF_IOC, TYPE_LIMIT, type VenueCore } from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { ACTION_CANCEL, ACTION_NEW, EMPTY, FlowCodes } from './flow-codes.js';
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
      if (feedCodes(codes, i, decoder.previousTs, feed)) {
        decoder.countChecked(codes.ts(i));
      } else {
        cells ??= decoder.cells(batch);
        if (!feed.row(decoder.row(cells, i))) return false;
      }
    }
  }
  return true;
}

/**
 * Gives row `i` to the feed as numbers when it is a plainly valid `new` or `cancel` row (by the
 * format's rules, with times never going back from `previousTs`); true when the feed took it.
 */
function feedCodes(codes: FlowCodes, i: number, previousTs: number, feed: FlowFeed): boolean {
  const ts = codes.ts(i);
  if (!(ts >= previousTs)) return false;
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
  if (action === ACTION_CANCEL) {
    const plain =
      codes.side.code(i) === EMPTY &&
      codes.type.code(i) === EMPTY &&
      codes.timeInForce.code(i) === EMPTY &&
      codes.price.isEmpty(i) &&
      codes.size.isEmpty(i) &&
      codes.postOnly(i) === EMPTY;
    return plain && feed.cancel(ts, codes.id.bytes, codes.id.start(i), codes.id.end(i), account);
  }
  return false;
}
