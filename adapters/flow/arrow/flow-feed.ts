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
import { BLOCK_ROWS, FlowCodes } from './flow-codes.js';
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
  const fields = new FlowRowFields(codes);
  const decoder = flow.decoder;
  const times = codes.times;
  for await (const batch of flow.batches) {
    codes.load(batch);
    let cells: ReturnType<typeof decoder.cells> | null = null;
    for (let first = 0; first < batch.numRows; first += BLOCK_ROWS) {
      const count = Math.min(BLOCK_ROWS, batch.numRows - first);
      codes.read(first, count);
      fields.first = first;
      // The rows taken since the decoder last counted, and the time of the last one.
      let taken = 0;
      let previousTs = decoder.previousTs;
      for (let row = 0; row < count; row++) {
        const ts = times[row]!;
        const answer =
          ts >= previousTs ? feedCodes(fields, row, times, command, feed) : ROW_DECLINED;
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
 * A cursor on the block FlowCodes read: the fields of its row `row` (the batch's row
 * `first + row`), read for decodeRowCommand straight from the block's arrays.
 */
class FlowRowFields implements CommandFields {
  first = 0;
  row = 0;
  readonly codes: FlowCodes;
  readonly #action: Int32Array;
  readonly #book: Int32Array;
  readonly #side: Int32Array;
  readonly #type: Int32Array;
  readonly #timeInForce: Int32Array;
  readonly #postOnly: Int8Array;

  constructor(codes: FlowCodes) {
    this.codes = codes;
    this.#action = codes.action.codes;
    this.#book = codes.book.codes;
    this.#side = codes.side.codes;
    this.#type = codes.type.codes;
    this.#timeInForce = codes.timeInForce.codes;
    this.#postOnly = codes.postOnly;
  }

  action(): number {
    return this.#action[this.row]!;
  }

  /** A new name is interned by the row placing an order under it (FlowCodes.account). */
  account(create: boolean): number {
    return this.codes.account.account(this.row, create);
  }

  book(): number {
    return this.#book[this.row]!;
  }

  side(): number {
    return this.#side[this.row]!;
  }

  type(): number {
    return this.#type[this.row]!;
  }

  timeInForce(): number {
    return this.#timeInForce[this.row]!;
  }

  price(decimals: number): number {
    return this.codes.price.unitsAt(this.row, decimals);
  }

  size(decimals: number): number {
    return this.codes.size.unitsAt(this.row, decimals);
  }

  postOnly(): number {
    return this.#postOnly[this.row]!;
  }

  /**
   * A client order id (its text) and a quote size (a bigint) are left to the row decoder and the
   * driver's `feed`; the other extras are not columns here.
   */
  extras(): number {
    const { clientOrderId, quoteSize } = this.codes;
    const at = this.first + this.row;
    return (clientOrderId !== null && !clientOrderId.isEmpty(at)) ||
      (quoteSize !== null && !quoteSize.isEmpty(at))
      ? BAD
      : 0;
  }

  quote(): bigint {
    return 0n;
  }

  stopPrice(): number {
    return EMPTY;
  }

  stp(): number {
    return EMPTY;
  }

  expireAt(): number {
    return EMPTY;
  }

  clientOrderId(): string | null {
    return null;
  }
}

/**
 * Fills `command` from the block's row `row` (at `times[row]`, not before the previous row's) and
 * gives it to the feed when it is a plain row (decodeRowCommand) with an id: the feed's answer,
 * else ROW_DECLINED.
 */
function feedCodes(
  fields: FlowRowFields,
  row: number,
  times: Float64Array,
  command: OrderCommand,
  feed: FlowFeed,
): number {
  const { id, account } = fields.codes;
  const at = fields.first + row;
  fields.row = row;
  // A row not decoded interned no account: a new order's is read last.
  if (id.isEmpty(at) || !decodeRowCommand(fields, fields.codes.instruments, command))
    return ROW_DECLINED;
  const answer = feed.submit(times, row, id.bytes, id.start(at), id.end(at), command);
  // A refused row leaves no account behind.
  if (answer !== ROW_TAKEN && account.internedRow === row) account.forget(row);
  return answer;
}
