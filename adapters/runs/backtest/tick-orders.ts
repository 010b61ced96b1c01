/**
 * A strategy's order in ticks and lots (StrategyTickOrder) as the core's command: its strings
 * (side, type, time in force, stp) mapped to codes, its numbers taken as they are, and judged by
 * the core's own checks (placeRefusal), whose refusals are worded here in the tick form's fields.
 */
import {
  FLAG_POST_ONLY,
  REFUSED_EXPIRE_AT,
  REFUSED_POST_ONLY,
  REFUSED_PRICE,
  REFUSED_SIDE,
  REFUSED_SIZE,
  REFUSED_STOP_PRICE,
  REFUSED_STP,
  REFUSED_TIME_IN_FORCE,
  REFUSED_TYPE,
  refusalError,
  TIF_IOC,
} from '../../../src/numeric.js';
import type { OrderCommand } from '../../../src/order-command.js';
import { orderRefusal } from '../../../src/order-refusals.js';
import type { Lots, Ticks } from '../../../src/quantities.js';
import { invalidParameter } from '../../../src/result.js';
import type { VenueError } from '../../../src/result.js';
import {
  ORDER_TYPE_CODES,
  SIDE_CODES,
  STP_CODES,
  TIME_IN_FORCE_CODES,
} from '../../../src/codes.js';
import type { StrategyOrder, StrategyTickOrder } from './strategy.js';

export const TICK_ORDER_KEYS = new Set([
  'symbol',
  'side',
  'type',
  'priceTicks',
  'sizeLots',
  'stopPriceTicks',
  'timeInForce',
  'postOnly',
  'expireAt',
  'stp',
] as const);

/** Whether the order is in ticks and lots: it gives `sizeLots`. */
export function isTickOrder(order: StrategyOrder | StrategyTickOrder): order is StrategyTickOrder {
  return 'sizeLots' in order;
}

/** Fills `command` (cleared, its account and book set) with the order's fields, unjudged. */
export function fillTickCommand(order: StrategyTickOrder, command: OrderCommand): void {
  // Read as sent, whatever its type says: placeRefusal judges every field.
  const sent = order as Partial<
    Record<typeof TICK_ORDER_KEYS extends ReadonlySet<infer K> ? K : never, unknown>
  >;
  const { side, type, timeInForce, postOnly, stp, priceTicks, stopPriceTicks, expireAt } = sent;
  command.side = SIDE_CODES.code(side as string);
  command.type = ORDER_TYPE_CODES.code(type as string);
  command.size = sent.sizeLots as Lots;
  if (type === 'market') {
    command.price = (priceTicks === undefined ? 0 : -1) as Ticks;
    command.timeInForce = timeInForce === undefined ? TIF_IOC : -1;
  } else {
    command.price = (priceTicks ?? 0) as Ticks;
    command.timeInForce = TIME_IN_FORCE_CODES.code((timeInForce ?? 'gtc') as string);
  }
  command.stopPrice = (
    stopPriceTicks === undefined ? 0 : stopPriceTicks === 0 ? -1 : stopPriceTicks
  ) as Ticks;
  command.expireAt = (expireAt ?? 0) as number;
  command.flags =
    postOnly === true ? FLAG_POST_ONLY : postOnly === undefined || postOnly === false ? 0 : -1;
  if (stp !== undefined) command.stp = STP_CODES.code(stp as string);
}

/** The tick form's words for the core's refusal `code` of a new order. */
export function tickOrderRefusal(code: number): VenueError {
  const refused = (field: string, message: string) => invalidParameter(field, message).error;
  switch (code) {
    case REFUSED_SIDE:
      return orderRefusal('side_unknown').error;
    case REFUSED_TYPE:
      return orderRefusal('type_unknown').error;
    case REFUSED_SIZE:
      return refused(
        'sizeLots',
        'sizeLots must be a whole number of lots within the min and max size',
      );
    case REFUSED_PRICE:
      return refused(
        'priceTicks',
        'priceTicks must be a whole number of ticks from 1, for limit orders only',
      );
    case REFUSED_STOP_PRICE:
      return refused('stopPriceTicks', 'stopPriceTicks must be a whole number of ticks from 1');
    case REFUSED_TIME_IN_FORCE:
      return refused(
        'timeInForce',
        'timeInForce must be "gtc", "ioc", "fok" or "gtd", for limit orders only',
      );
    case REFUSED_EXPIRE_AT:
      return refused('expireAt', 'expireAt must be a time after now, for gtd orders only');
    case REFUSED_POST_ONLY:
      return refused('postOnly', 'postOnly must be a boolean, true for limit gtc orders only');
    case REFUSED_STP:
      return orderRefusal('stp_unknown').error;
    default:
      return refusalError(code);
  }
}
