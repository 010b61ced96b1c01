/**
 * One decoder of a row's command over a small field reader, which each form of a row implements:
 * a ScenarioRow's strings (adapters/flow/driver/plain-row.ts) and an Arrow batch's columns
 * (adapters/flow/arrow/flow-feed.ts). It reads a `new` row's fields in the string API's order
 * (validateOrderRequest: book, quote size, size, price, stop price, time in force, expiry,
 * post-only, stp, client order id) and a `cancel`, `reduce` or `amend` row's size and price on its
 * book's grid; the core's checks then judge the command, and gridCommandError words their refusal.
 * A field the decoder itself refuses (a decimal off the grid, malformed or too large, a market
 * order's price or time in force, a quote size that is not a market buy's positive decimal) is
 * worded from the string API's tables (gridRefusal, ORDER_REFUSALS) when the caller asks for every
 * row (RowRefusal: the scenario driver's `feed`); otherwise the row is not decoded (the Arrow
 * column feed, which gives it to `feed` as a ScenarioRow).
 */
import {
  gridRefusal,
  orderRefusal,
  quoteSizeMalformed,
  REFUSED_PRICE,
  REFUSED_QUOTE_SIZE,
  REFUSED_SIZE,
  REFUSED_STOP_PRICE,
  REFUSED_STP,
  REFUSED_TIME_IN_FORCE,
  SIDE_BUY,
  TYPE_MARKET,
  type DecimalParseFailure,
  type VenueError,
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
/** A decimal with a digit beyond the decimals read. */
export const TOO_PRECISE = -3;
/** A decimal whose units are beyond 2^53. */
export const TOO_LARGE = -4;

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
  /**
   * The decimals as units at `decimals` by parseUnits's rules; BAD when malformed, TOO_PRECISE or
   * TOO_LARGE (a reader may answer BAD for both).
   */
  price(decimals: number): number;
  size(decimals: number): number;
  /** 1, 0 or EMPTY. */
  postOnly(): number;
  /**
   * 0 when the row has none of the fields below; 1 when it has some (they are read); BAD when it
   * has a field the decoder does not read (a quote size), and the row is not decoded.
   */
  extras(): number;
  /**
   * A new order's quote size as units at `decimals` (a bigint: it may exceed 2^53), 0n when the
   * row has none, -1n when it is not a positive decimal with at most `decimals` decimals.
   */
  quote(decimals: number): bigint;
  /** A new order's stop price as units at `decimals`, EMPTY or BAD. */
  stopPrice(decimals: number): number;
  /** A new order's stp code, or EMPTY. */
  stp(): number;
  /** A new order's expiry in milliseconds since the epoch (> 0), EMPTY or BAD. */
  expireAt(): number;
  clientOrderId(): string | null;
}

/**
 * A refusal the decoder found in a row's field, for a caller that wants every row decoded (a
 * ScenarioRow's, whose words it gives): `code` is the core's refusal of the check at that field,
 * which the decoder makes sure the core answers by a value it refuses (a size or price of 0 or -1,
 * a time in force, stp or quote of -1); `error` is the string API's words for it. The core checks
 * the fields before it first, in the string API's order, so its answer is the string API's first
 * failing check: when it is `code`, the words are `error`, else the core's (gridCommandError).
 */
export class RowRefusal {
  code = 0;
  error: VenueError | null = null;
}

/**
 * Fills `command` from a row's fields. Without `refusal`: false (the command half filled) when
 * the row is not decoded (a field off the grid or unknown, an unknown symbol, a quote size); with
 * it, always true: such a field is recorded in `refusal` (see RowRefusal), an unknown symbol left
 * to the core (REFUSED_UNKNOWN_SYMBOL), and a quote size read into `command.quote`.
 */
export function decodeRowCommand(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
  refusal: RowRefusal | null = null,
): boolean {
  const action = fields.action();
  const extras = fields.extras();
  if (extras === BAD) return false;
  command.clear();
  command.action = action;
  if (refusal !== null) refusal.code = 0;
  if (action === ACTION_NEW) return decodeNew(fields, instruments, command, extras !== 0, refusal);
  if (extras !== 0) return false;
  const plain =
    fields.side() === EMPTY &&
    fields.type() === EMPTY &&
    fields.timeInForce() === EMPTY &&
    (action === ACTION_AMEND || fields.price(0) === EMPTY) &&
    fields.postOnly() === EMPTY;
  if (!plain) return false;
  command.account = fields.account(false);
  // An unknown account owns no order: the core answers order_not_found.
  if (command.account < 0 && refusal === null) return false;
  if (action === ACTION_CANCEL) return fields.size(0) === EMPTY;
  command.book = fields.book();
  const instrument = instruments[command.book];
  // No book: the order is not there, which the core answers before reading a size or price.
  if (instrument === undefined) return refusal !== null;
  if (action === ACTION_REDUCE) return decodeSize(fields, instrument, command, refusal);
  return action === ACTION_AMEND && decodeAmend(fields, instrument, command, refusal);
}

/** An amend's new size (lots) and/or price (ticks), each on the grid; 0 leaves one as it is. */
function decodeAmend(
  fields: CommandFields,
  instrument: Instrument,
  command: OrderCommand,
  refusal: RowRefusal | null,
): boolean {
  const size = fields.size(instrument.sizeDecimals);
  const price = fields.price(instrument.priceDecimals);
  if (size === EMPTY && price === EMPTY) return false;
  if (size !== EMPTY) {
    const lots = gridMultiple(size, instrument.lotUnits);
    if (lots < 0) return refuseDecimal(refusal, command, instrument, size, 'size', -1);
    command.size = lots as Lots;
  }
  if (price !== EMPTY) {
    const ticks = gridMultiple(price, instrument.tickUnits);
    if (ticks < 0) return refuseDecimal(refusal, command, instrument, price, 'price', -1);
    command.price = ticks as Ticks;
  }
  return true;
}

/** A new order's fields in the string API's order (validateOrderRequest), the account last. */
function decodeNew(
  fields: CommandFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
  extras: boolean,
  refusal: RowRefusal | null,
): boolean {
  const side = fields.side();
  const type = fields.type();
  const timeInForce = fields.timeInForce();
  if (refusal === null && (side < 0 || type < 0 || timeInForce === BAD)) return false;
  command.book = fields.book();
  const instrument = instruments[command.book];
  // The core refuses the book first (REFUSED_UNKNOWN_SYMBOL), before any account is made.
  if (instrument === undefined) return refusal !== null;
  command.side = side;
  command.type = type;
  const quote = extras ? fields.quote(instrument.priceDecimals + instrument.sizeDecimals) : 0n;
  if (quote !== 0n) {
    if (refusal === null) return false;
    command.quote = quote;
    if (type !== TYPE_MARKET || side !== SIDE_BUY) {
      command.quote = -1n;
      return refuseField(
        fields,
        command,
        refusal,
        REFUSED_QUOTE_SIZE,
        orderRefusal('quote_size_for_market_buys_only'),
      );
    }
    if (quote < 0n) {
      const decimals = instrument.priceDecimals + instrument.sizeDecimals;
      return refuseField(
        fields,
        command,
        refusal,
        REFUSED_QUOTE_SIZE,
        quoteSizeMalformed(decimals),
      );
    }
  } else {
    const size = fields.size(instrument.sizeDecimals);
    const lots = gridMultiple(size, instrument.lotUnits);
    if (lots < 0) {
      if (refusal === null) return false;
      command.size = 0 as Lots;
      return refuseField(
        fields,
        command,
        refusal,
        REFUSED_SIZE,
        gridRefusal(instrument, parsed(size), 'size')!,
      );
    }
    command.size = lots as Lots;
  }
  const price = fields.price(instrument.priceDecimals);
  if (type === TYPE_LIMIT) {
    // A missing price is the core's to refuse (price_required).
    if (price !== EMPTY) {
      const ticks = gridMultiple(price, instrument.tickUnits);
      if (ticks < 0) {
        if (refusal === null) return false;
        return refuseField(
          fields,
          command,
          refusal,
          REFUSED_PRICE,
          gridRefusal(instrument, parsed(price), 'price')!,
        );
      }
      command.price = ticks as Ticks;
    }
  } else if (price !== EMPTY) {
    if (refusal === null) return false;
    command.price = 1 as Ticks;
    return refuseField(
      fields,
      command,
      refusal,
      REFUSED_PRICE,
      orderRefusal('price_for_limit_only'),
    );
  }
  if (extras) {
    const stopPrice = fields.stopPrice(instrument.priceDecimals);
    if (stopPrice !== EMPTY) {
      const ticks = gridMultiple(stopPrice, instrument.tickUnits);
      if (ticks < 0) {
        if (refusal === null) return false;
        command.stopPrice = -1 as Ticks;
        return refuseField(
          fields,
          command,
          refusal,
          REFUSED_STOP_PRICE,
          gridRefusal(instrument, parsed(stopPrice), 'stop_price')!,
        );
      }
      command.stopPrice = ticks as Ticks;
    }
  }
  if (type === TYPE_LIMIT) {
    command.timeInForce = timeInForce === EMPTY ? TIF_GTC : timeInForce;
    if (timeInForce === BAD)
      return refuseField(
        fields,
        command,
        refusal!,
        REFUSED_TIME_IN_FORCE,
        orderRefusal('time_in_force_unknown'),
      );
  } else if (timeInForce !== EMPTY) {
    if (refusal === null) return false;
    command.timeInForce = TIF_GTC;
    return refuseField(
      fields,
      command,
      refusal,
      REFUSED_TIME_IN_FORCE,
      orderRefusal('time_in_force_for_limit_only'),
    );
  } else {
    command.timeInForce = TIF_IOC;
  }
  command.flags = fields.postOnly() === 1 ? FLAG_POST_ONLY : 0;
  if (extras && !decodeExtras(fields, command, refusal)) return false;
  command.account = fields.account(true);
  return command.account >= 0 || refusal !== null;
}

/**
 * A new order's expiry, stp and client order id into `command`; false when not decoded. An expiry
 * that is not a time is -1, which the core refuses in the words its time in force calls for.
 */
function decodeExtras(
  fields: CommandFields,
  command: OrderCommand,
  refusal: RowRefusal | null,
): boolean {
  const expireAt = fields.expireAt();
  if (expireAt === BAD) {
    if (refusal === null) return false;
    command.expireAt = -1;
  } else if (expireAt !== EMPTY) {
    command.expireAt = expireAt;
  }
  const stp = fields.stp();
  if (stp === BAD) {
    if (refusal === null) return false;
    command.stp = -1;
    // Checked after the expiry and post-only: the core answers those first.
    refusal.code = REFUSED_STP;
    refusal.error = orderRefusal('stp_unknown').error;
  } else if (stp !== EMPTY) {
    command.stp = stp;
  }
  command.clientOrderId = fields.clientOrderId();
  return true;
}

/** The row's size in lots into `command`; false unless a positive whole number of lots. */
function decodeSize(
  fields: CommandFields,
  instrument: Instrument,
  command: OrderCommand,
  refusal: RowRefusal | null,
): boolean {
  const size = fields.size(instrument.sizeDecimals);
  const lots = gridMultiple(size, instrument.lotUnits);
  if (lots < 0) return refuseDecimal(refusal, command, instrument, size, 'size', 0);
  command.size = lots as Lots;
  return true;
}

/**
 * `units` (a reader's answer) in `gridUnits`, or -1 when it is not a positive whole number of
 * them. Both are safe integers, so the quotient's floor times `gridUnits` is `units` exactly when
 * it is one; `%` on numbers V8 holds as doubles is a call to fmod, some 30 ns, twice a new order.
 */
function gridMultiple(units: number, gridUnits: number): number {
  if (units <= 0) return -1;
  const multiple = Math.floor(units / gridUnits);
  return multiple * gridUnits === units ? multiple : -1;
}

/** A reader's decimal answer as parseUnits gives it. */
function parsed(units: number): number | DecimalParseFailure {
  if (units === TOO_PRECISE) return 'too_precise';
  if (units === TOO_LARGE) return 'too_large';
  return units < 0 ? 'malformed' : units;
}

/**
 * A decimal field off the grid of a cancel, reduce or amend: recorded in `refusal`, the field set
 * to `sentinel` (a value the core refuses at that field's check), and the command goes to the
 * core; or false without a `refusal`.
 */
function refuseDecimal(
  refusal: RowRefusal | null,
  command: OrderCommand,
  instrument: Instrument,
  units: number,
  field: 'price' | 'size',
  sentinel: number,
): boolean {
  if (refusal === null) return false;
  if (field === 'size') command.size = sentinel as Lots;
  else command.price = sentinel as Ticks;
  refusal.code = field === 'size' ? REFUSED_SIZE : REFUSED_PRICE;
  refusal.error = gridRefusal(instrument, parsed(units), field)!.error;
  return true;
}

/**
 * A new order's field refused (`code`, `error`) with its sentinel set: the command stops being
 * decoded there, with its account, and goes to the core.
 */
function refuseField(
  fields: CommandFields,
  command: OrderCommand,
  refusal: RowRefusal,
  code: number,
  error: { readonly error: VenueError },
): boolean {
  refusal.code = code;
  refusal.error = error.error;
  command.account = fields.account(true);
  return true;
}
