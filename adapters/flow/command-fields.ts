/**
 * One decoder of a row's command over a small field reader, which each form of a row implements:
 * a ScenarioRow's strings (adapters/flow/driver/plain-row.ts) and an Arrow batch's columns
 * (adapters/flow/arrow/flow-feed.ts). It decodes a `new` row (its price, size and stop price exact
 * decimals on the instrument's grid, a limit order's price possibly missing; its client order id,
 * stp and gtd expiry as given; a market order without price or time in force), and a `cancel` or
 * `reduce` row (its size on the grid); the core's checks then judge the command, and
 * gridCommandError words their refusal. Any other row (an amend, a quote size, a decimal off the
 * grid, an unknown symbol) is left to the string API, which refuses it in words.
 */
import {
  ACTION_AMEND,
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
  /** An action code (ACTION_CODES); a reader may answer BAD for one it leaves to the string API. */
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
  /** A reader that reads no expiry answers BAD for TIF_GTD. */
  timeInForce(): number;
  /** The decimals as units at `decimals` by parseUnits's rules. */
  price(decimals: number): number;
  size(decimals: number): number;
  /** 1, 0 or EMPTY. */
  postOnly(): number;
  /**
   * 0 when the row has none of the fields below; 1 when it has some (they are read); BAD when it
   * has a field the decoder does not read (a quote size), and the row is not decoded.
   */
  extras(): number;
  /** A new order's stop price as units at `decimals`, EMPTY or BAD. */
  stopPrice(decimals: number): number;
  /** A new order's stp code, or EMPTY. */
  stp(): number;
  /** A new order's expiry in milliseconds since the epoch (> 0), EMPTY or BAD. */
  expireAt(): number;
  clientOrderId(): string | null;
}

/** Fills `command` from a row's fields; false (the command half filled) when not decoded. */
export function decodeRowCommand(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
): boolean {
  const action = fields.action();
  const extras = fields.extras();
  if (extras === BAD) return false;
  command.clear();
  command.action = action;
  if (action === ACTION_NEW) return decodeNew(fields, instruments, command, extras !== 0);
  if (extras !== 0) return false;
  const plain =
    fields.side() === EMPTY &&
    fields.type() === EMPTY &&
    fields.timeInForce() === EMPTY &&
    (action === ACTION_AMEND || fields.price(0) === EMPTY) &&
    fields.postOnly() === EMPTY;
  if (!plain) return false;
  command.account = fields.account(false);
  if (command.account < 0) return false;
  if (action === ACTION_CANCEL) return fields.size(0) === EMPTY;
  if (action === ACTION_REDUCE) return decodeSize(fields, instruments, command);
  return action === ACTION_AMEND && decodeAmend(fields, instruments, command);
}

/** An amend's new size (lots) and/or price (ticks), each on the grid; 0 leaves one as it is. */
function decodeAmend(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
): boolean {
  command.book = fields.book();
  const instrument = instruments[command.book];
  if (instrument === undefined) return false;
  const size = fields.size(instrument.sizeDecimals);
  const price = fields.price(instrument.priceDecimals);
  if (size === EMPTY && price === EMPTY) return false;
  if (size !== EMPTY) {
    if (size <= 0 || size % instrument.lotUnits !== 0) return false;
    command.size = (size / instrument.lotUnits) as Lots;
  }
  if (price !== EMPTY) {
    if (price <= 0 || price % instrument.tickUnits !== 0) return false;
    command.price = (price / instrument.tickUnits) as Ticks;
  }
  return true;
}

function decodeNew(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
  extras: boolean,
): boolean {
  const side = fields.side();
  const type = fields.type();
  const timeInForce = fields.timeInForce();
  if (side < 0 || type < 0 || timeInForce === BAD) return false;
  if (!decodeSize(fields, instruments, command)) return false;
  const instrument = instruments[command.book]!;
  if (extras && !decodeExtras(fields, instrument, command)) return false;
  if (type === TYPE_LIMIT) {
    const price = fields.price(instrument.priceDecimals);
    // A missing price is the core's to refuse (price_required); one off the grid the string API's.
    if (price !== EMPTY) {
      if (price <= 0 || price % instrument.tickUnits !== 0) return false;
      command.price = (price / instrument.tickUnits) as Ticks;
    }
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

/** A new order's stop price, stp, expiry and client order id into `command`; false when not decoded. */
function decodeExtras(
  fields: CommandFields,
  instrument: Instrument,
  command: OrderCommand,
): boolean {
  const stopPrice = fields.stopPrice(instrument.priceDecimals);
  if (stopPrice !== EMPTY) {
    if (stopPrice <= 0 || stopPrice % instrument.tickUnits !== 0) return false;
    command.stopPrice = (stopPrice / instrument.tickUnits) as Ticks;
  }
  const stp = fields.stp();
  if (stp === BAD) return false;
  if (stp !== EMPTY) command.stp = stp;
  const expireAt = fields.expireAt();
  if (expireAt === BAD) return false;
  if (expireAt !== EMPTY) command.expireAt = expireAt;
  command.clientOrderId = fields.clientOrderId();
  return true;
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
