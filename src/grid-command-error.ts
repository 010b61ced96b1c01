import { sizeOutOfRange } from './instrument.js';
import {
  ACTION_AMEND,
  REFUSED_ACCOUNT,
  REFUSED_CLIENT_ORDER_ID,
  REFUSED_EXPIRE_AT,
  REFUSED_INSUFFICIENT_BALANCE,
  REFUSED_LEVEL_FULL,
  REFUSED_ORDER_NOT_FOUND,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_POST_ONLY,
  REFUSED_POST_ONLY_WOULD_TAKE,
  REFUSED_PRICE,
  REFUSED_QUOTE_SIZE,
  REFUSED_SIZE,
  refusalError,
  TIF_GTD,
  TYPE_LIMIT,
} from './numeric.js';
import { sizeNotAboveFilled } from './order-amend.js';
import type { OrderCommand } from './order-command.js';
import { orderRefusal, type OrderRefusal } from './order-refusals.js';
import { lotsToUnits } from './quantities.js';
import { orderNotFound, orderNotOpen, type VenueError } from './result.js';
import { ORDER_STATUSES } from './types.js';
import type { VenueCore } from './venue-core.js';

/**
 * The string API's error for the core's refusal (`code`) of a command decoded from a row whose
 * decimals were on the instrument's grid and whose words were known (adapters/flow/command-fields.ts),
 * so that the check that failed is the one the string API finds first, and its words are the
 * string API's (ORDER_REFUSALS, the instrument's): an empty account, a quote size that buys less
 * than the minimum size, a new order's size out of range, a limit order
 * without a price, a gtd order's expiry missing or not later than the venue's time (or an expiry on
 * an order that is not gtd), post-only on an order that is not limit gtc, a malformed client order
 * id; an amend's size not above the filled size, or new price for a market order, or a post-only
 * order's price that would take; a cancel's, reduce's or amend's order not found or not open (`id` names it, as the caller knows it); a
 * full level or an unfunded order. Any other refusal of such a command is a bug of its decoder
 * (RangeError).
 */
export function gridCommandError(
  core: VenueCore,
  command: OrderCommand,
  code: number,
  id: string,
): VenueError {
  switch (code) {
    case REFUSED_QUOTE_SIZE:
      return orderRefusal('quote_size_below_minimum').error;
    case REFUSED_ACCOUNT:
      return orderRefusal('account_empty').error;
    case REFUSED_SIZE: {
      const { instrument } = core.books[command.book]!;
      const units = lotsToUnits(command.size, instrument.lotUnits);
      const refused = sizeOutOfRange(instrument, units, 'size');
      if (refused !== undefined) return refused.error;
      if (command.action !== ACTION_AMEND) break;
      const filled = core.store.filledColumn[core.orders.slot(command.target)]!;
      return sizeNotAboveFilled(instrument, filled).error;
    }
    case REFUSED_PRICE:
      if (command.action === ACTION_AMEND) return orderRefusal('price_for_limit_only').error;
      if (command.type !== TYPE_LIMIT || command.price !== 0) break;
      return orderRefusal('price_required').error;
    case REFUSED_EXPIRE_AT:
      return orderRefusal(expiryRefusal(command)).error;
    case REFUSED_POST_ONLY:
      return orderRefusal('post_only_not_limit_gtc').error;
    case REFUSED_CLIENT_ORDER_ID:
      return orderRefusal('client_order_id_malformed').error;
    case REFUSED_ORDER_NOT_FOUND:
      return orderNotFound(id).error;
    case REFUSED_ORDER_NOT_OPEN: {
      const status = core.store.statusColumn[core.orders.slot(command.target)]!;
      return orderNotOpen(id, ORDER_STATUSES[status]!).error;
    }
    case REFUSED_POST_ONLY_WOULD_TAKE:
    case REFUSED_LEVEL_FULL:
    case REFUSED_INSUFFICIENT_BALANCE:
      return refusalError(code);
  }
  throw new RangeError(`${code} is not a refusal of a command on the grid`);
}

/** Which expiry check a command refused with REFUSED_EXPIRE_AT failed (0: no expiry given). */
function expiryRefusal(command: OrderCommand): OrderRefusal {
  if (command.timeInForce !== TIF_GTD) return 'expire_at_for_gtd_only';
  if (command.expireAt === 0) return 'expire_at_required';
  return Number.isSafeInteger(command.expireAt) ? 'expire_at_not_later' : 'expire_at_not_ms';
}
