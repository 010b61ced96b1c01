import { sizeOutOfRange } from './instrument.js';
import {
  REFUSED_INSUFFICIENT_BALANCE,
  REFUSED_LEVEL_FULL,
  REFUSED_ORDER_NOT_FOUND,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_POST_ONLY,
  REFUSED_SIZE,
  refusalError,
} from './numeric.js';
import type { OrderCommand } from './order-command.js';
import { postOnlyNotLimitGtc } from './order-request.js';
import { lotsToUnits } from './quantities.js';
import { orderNotFound, orderNotOpen, type VenueError } from './result.js';
import { ORDER_STATUSES } from './types.js';
import type { VenueCore } from './venue-core.js';

/**
 * The string API's error for the core's refusal (`code`) of a command whose fields were decimals
 * on the instrument's grid and known words (a plain row's: adapters/flow/command-fields.ts), so
 * that the one check that can fail is the one the string API finds first: a new order's size out
 * of range, or post-only on an order that is not limit gtc; a cancel's or reduce's order not found
 * or not open (`id` names it, as the caller knows it); a full level or an unfunded order. Any other
 * refusal of such a command is a bug of its decoder (RangeError).
 */
export function gridCommandError(
  core: VenueCore,
  command: OrderCommand,
  code: number,
  id: string,
): VenueError {
  switch (code) {
    case REFUSED_SIZE: {
      const { instrument } = core.books[command.book]!;
      const units = lotsToUnits(command.size, instrument.lotUnits);
      const refused = sizeOutOfRange(instrument, units, 'size');
      if (refused === undefined) break;
      return refused.error;
    }
    case REFUSED_POST_ONLY:
      return postOnlyNotLimitGtc().error;
    case REFUSED_ORDER_NOT_FOUND:
      return orderNotFound(id).error;
    case REFUSED_ORDER_NOT_OPEN: {
      const status = core.store.status[core.orders.slot(command.target)]!;
      return orderNotOpen(id, ORDER_STATUSES[status]!).error;
    }
    case REFUSED_LEVEL_FULL:
    case REFUSED_INSUFFICIENT_BALANCE:
      return refusalError(code);
  }
  throw new RangeError(`${code} is not a refusal of a command on the grid`);
}
