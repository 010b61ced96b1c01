/**
 * The numeric vocabulary of the venue's fast path (see VenueCore): small integer codes for
 * sides, types, times in force, flags and statuses, and the closed set of refusal codes with the
 * contract's error each one stands for.
 */
import type { VenueError } from './result.js';

/** Command actions: indexes of ACTION_CODES (OrderCommand). */
export const ACTION_NEW = 0;
export const ACTION_CANCEL = 1;
export const ACTION_REDUCE = 2;
export const ACTION_AMEND = 3;
export const SIDE_BUY = 0;
export const SIDE_SELL = 1;
export const TYPE_LIMIT = 0;
export const TYPE_MARKET = 1;
export const TIF_GTC = 0;
export const TIF_IOC = 1;
export const TIF_FOK = 2;
/** Good till a date: limit orders only, with an `expireAt` (docs/order-types.md). */
export const TIF_GTD = 3;
/** The one flag: limit gtc orders only. */
export const FLAG_POST_ONLY = 1;

/** Self-trade prevention modes: indexes of STP_MODES (docs/order-types.md). */
export const STP_NONE = 0;
export const STP_CANCEL_TAKER = 1;
export const STP_CANCEL_MAKER = 2;
export const STP_CANCEL_BOTH = 3;

/** Status codes: indexes of ORDER_STATUSES. */
export const STATUS_OPEN = 0;
export const STATUS_PARTIALLY_FILLED = 1;
export const STATUS_FILLED = 2;
export const STATUS_CANCELLED = 3;
export const STATUS_EXPIRED = 4;
export const STATUS_REJECTED = 5;
/** A stop order waiting for its trigger. */
export const STATUS_PENDING = 6;

/** Reason codes: indexes of ORDER_REASON_CODES (0: no reason). */
export const REASON_NONE = 0;
export const REASON_POST_ONLY_WOULD_TAKE = 1;
export const REASON_SELF_TRADE_PREVENTED = 2;
export const REASON_EXPIRE_AT_REACHED = 3;
export const REASON_LEVEL_FULL = 4;
/** A market buy stop that triggered while its account could not fund it (invariant 14). */
export const REASON_INSUFFICIENT_BALANCE = 5;

/** Refusals are negative, so that a command's result is a sequence number (> 0) or one of these. */
export const REFUSED_UNKNOWN_SYMBOL = -1;
export const REFUSED_ACCOUNT = -2;
export const REFUSED_SIDE = -3;
export const REFUSED_TYPE = -4;
export const REFUSED_SIZE = -5;
export const REFUSED_PRICE = -6;
export const REFUSED_TIME_IN_FORCE = -7;
export const REFUSED_POST_ONLY = -8;
export const REFUSED_CLIENT_ORDER_ID = -9;
/** The price level would hold more than 2^53 units (reported on the `size` field). */
export const REFUSED_LEVEL_FULL = -10;
export const REFUSED_ORDER_NOT_FOUND = -11;
export const REFUSED_ORDER_NOT_OPEN = -12;
export const REFUSED_STOP_PRICE = -13;
export const REFUSED_EXPIRE_AT = -14;
export const REFUSED_STP = -15;
/** A post-only order's amend to a price that would take liquidity (the order stays as it was). */
export const REFUSED_POST_ONLY_WOULD_TAKE = -16;
/** The account cannot fund the order (invariant 14; venues with balances only). */
export const REFUSED_INSUFFICIENT_BALANCE = -17;
/** A quote amount on anything but a market buy with no size, or that buys less than the minimum size. */
export const REFUSED_QUOTE_SIZE = -18;

const invalid = (field: string, message: string): VenueError => ({
  code: 'invalid_parameter',
  field,
  message,
});

/** By -code: the contract's error of each refusal (messages name no value). */
const REFUSALS: readonly VenueError[] = [
  invalid('', ''),
  { code: 'unknown_symbol', field: 'symbol', message: 'no instrument has this book index' },
  invalid('account', 'account must be an account id from accountId'),
  invalid('side', 'side must be SIDE_BUY or SIDE_SELL'),
  invalid('type', 'type must be TYPE_LIMIT or TYPE_MARKET'),
  invalid('size', 'size must be a whole number of lots within the min and max size'),
  invalid('price', 'price must be a positive whole number of ticks (0 for market orders)'),
  invalid(
    'time_in_force',
    'time_in_force must be TIF_GTC, TIF_IOC, TIF_FOK or TIF_GTD (TIF_IOC for market)',
  ),
  invalid('post_only', 'FLAG_POST_ONLY is the only flag, for limit gtc orders only'),
  invalid('client_order_id', 'client_order_id must be 1-64 of A-Z a-z 0-9 _ -'),
  invalid('size', 'the price level would hold more than can be counted exactly'),
  { code: 'order_not_found', message: 'no order with this sequence for this account' },
  { code: 'order_not_open', message: 'the order is no longer open' },
  invalid('stop_price', 'stop_price must be a positive whole number of ticks (0: no stop)'),
  invalid('expire_at', 'expire_at must be a time after now, for TIF_GTD orders only'),
  invalid('stp', 'stp must be STP_NONE, STP_CANCEL_TAKER, STP_CANCEL_MAKER or STP_CANCEL_BOTH'),
  invalid('price', 'a post-only order cannot be amended to a price that would take liquidity'),
  { code: 'insufficient_balance', message: 'the account cannot fund this order' },
  invalid(
    'quote_size',
    'quote must be positive, for a market buy with size 0, and buy at least the minimum size',
  ),
];

/** The contract's error for a refusal code (< 0); throws on anything else (a caller's bug). */
export function refusalError(code: number): VenueError {
  const error = code < 0 ? REFUSALS[-code] : undefined;
  if (error === undefined) throw new RangeError(`${code} is not a refusal code`);
  return error;
}
