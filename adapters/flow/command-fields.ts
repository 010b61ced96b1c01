/**
 * One decoder of a plain row's command over a small field reader, which each form of a row
 * implements: a ScenarioRow's strings (adapters/flow/driver/plain-row.ts) and an Arrow batch's columns
 * (adapters/flow/arrow/flow-feed.ts). A plain row is a `new` (no client order id, stop price, stp or
 * expiry; price and size exact decimals on the instrument's grid, no gtd), `cancel` or `reduce`
 * (its size on the grid) row; anything else is left to the string API, which refuses it in words.
 */
import {
  ACTION_CANCEL,
  ACTION_NEW,
  ACTION_REDUCE,
  FLAG_POST_ONLY,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  type Instrument,
  type Lots,
  type OrderCommand,
  type Ticks,
} from '../../src/index.js';

/** A row's command the target took (ScenarioDriver.submitBytes, FlowFeed.submit). */
export const ROW_TAKEN = 1;
/** A row's command the target declined, nothing changed: the row goes on as a record. */
export const ROW_DECLINED = 0;
// Any other answer of a target is the core's refusal code (< 0): nothing changed either.

/** A field the row leaves empty. */
export const EMPTY = -2;
/** A field the reader does not take (an unknown word, a malformed or unsafe number). */
export const BAD = -1;

/** One row's fields as codes: each a code, EMPTY or BAD unless said otherwise. */
export interface CommandFields {
  /** ACTION_NEW, ACTION_CANCEL or ACTION_REDUCE; BAD for any other. */
  action(): number;
  /**
   * The account's index, < 0 when it has none; `create` (a new order's, read last): an account
   * seen for the first time is made.
   */
  account(create: boolean): number;
  /** The symbol's book index, < 0 when it names none. */
  book(): number;
  side(): number;
  type(): number;
  /** TIF_GTD reads as BAD: it needs an expiry, which a plain row has not. */
  timeInForce(): number;
  /** The decimals as units at `decimals` by parseUnits's rules. */
  price(decimals: number): number;
  size(decimals: number): number;
  /** 1, 0 or EMPTY. */
  postOnly(): number;
  /** Whether the row has a client order id, stop price, stp or expiry. */
  hasExtras(): boolean;
}

/** Fills `command` from a plain row's fields; false (the command half filled) when not plain. */
export function decodePlainCommand(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
): boolean {
  const action = fields.action();
  if (fields.hasExtras()) return false;
  command.clear();
  command.action = action;
  if (action === ACTION_NEW) return decodeNew(fields, instruments, command);
  const plain =
    fields.side() === EMPTY &&
    fields.type() === EMPTY &&
    fields.timeInForce() === EMPTY &&
    fields.price(0) === EMPTY &&
    fields.postOnly() === EMPTY;
  if (!plain) return false;
  command.account = fields.account(false);
  if (command.account < 0) return false;
  if (action === ACTION_CANCEL) return fields.size(0) === EMPTY;
  return action === ACTION_REDUCE && decodeSize(fields, instruments, command);
}

function decodeNew(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
): boolean {
  const side = fields.side();
  const type = fields.type();
  const timeInForce = fields.timeInForce();
  if (side < 0 || type < 0 || timeInForce === BAD) return false;
  if (!decodeSize(fields, instruments, command)) return false;
  const instrument = instruments[command.book]!;
  if (type === TYPE_LIMIT) {
    const price = fields.price(instrument.priceDecimals);
    if (price <= 0 || price % instrument.tickUnits !== 0) return false;
    command.price = (price / instrument.tickUnits) as Ticks;
    command.timeInForce = timeInForce === EMPTY ? TIF_GTC : timeInForce;
  } else if (fields.price(0) !== EMPTY || timeInForce !== EMPTY) {
    return false;
  } else {
    command.timeInForce = TIF_IOC;
  }
  command.side = side;
  command.type = type;
  command.flags = fields.postOnly() === 1 ? FLAG_POST_ONLY : 0;
  command.account = fields.account(true);
  return command.account >= 0;
}

/** The row's book and its size in lots into `command`; false unless a positive whole number of lots. */
function decodeSize(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
): boolean {
  command.book = fields.book();
  const instrument = instruments[command.book];
  if (instrument === undefined) return false;
  const size = fields.size(instrument.sizeDecimals);
  if (size <= 0 || size % instrument.lotUnits !== 0) return false;
  command.size = (size / instrument.lotUnits) as Lots;
  return true;
}
