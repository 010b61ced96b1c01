import { invalidParameter, type Failure } from './result.js';

/**
 * The words of a new order's refusals, by a finer code than the core's (numeric.ts): the field
 * and the message. The string API (validateOrderRequest) and the words of a core refusal of a
 * decoded command (commandError, grid-command-error.ts) both take them from here; the messages that
 * name an instrument's numbers (a size out of range, a price off the grid) are the instrument's
 * (instrument.ts).
 */
export const ORDER_REFUSALS = {
  account_empty: ['account', 'account must be a non-empty string'],
  side_unknown: ['side', 'side must be "buy" or "sell"'],
  type_unknown: ['type', 'type must be "market" or "limit"'],
  price_required: ['price', 'price is required for limit orders'],
  price_for_limit_only: ['price', 'price is refused for market orders'],
  time_in_force_for_limit_only: ['time_in_force', 'time_in_force is for limit orders only'],
  time_in_force_unknown: ['time_in_force', 'time_in_force must be "gtc", "ioc", "fok" or "gtd"'],
  expire_at_required: ['expire_at', 'expire_at is required for gtd orders'],
  expire_at_for_gtd_only: ['expire_at', 'expire_at is for gtd orders only'],
  expire_at_not_ms: ['expire_at', 'expire_at must be milliseconds since the epoch'],
  expire_at_not_later: ['expire_at', "expire_at must be later than the venue's time"],
  post_only_not_boolean: ['post_only', 'post_only must be a boolean'],
  post_only_not_limit_gtc: ['post_only', 'post_only is for limit gtc orders only'],
  stp_unknown: ['stp', 'stp must be "none", "cancel_taker", "cancel_maker" or "cancel_both"'],
  client_order_id_malformed: ['client_order_id', 'client_order_id must be 1-64 of A-Z a-z 0-9 _ -'],
  quote_size_for_market_buys_only: ['quote_size', 'quote_size is for market buys only'],
  quote_size_below_minimum: [
    'quote_size',
    'quote_size buys less than the minimum size from the book',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export type OrderRefusal = keyof typeof ORDER_REFUSALS;

/** The refusal `code` as the string API answers it (invalid_parameter, its field and message). */
export function orderRefusal(code: OrderRefusal): Failure {
  const [field, message] = ORDER_REFUSALS[code];
  return invalidParameter(field, message);
}

/** The refusal of a quote size that is not a positive decimal with at most `decimals` decimals. */
export function quoteSizeMalformed(decimals: number): Failure {
  return invalidParameter(
    'quote_size',
    `quote_size must be a positive decimal string with at most ${decimals} decimals`,
  );
}
