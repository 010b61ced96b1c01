import type { Instrument } from './instrument.js';
import {
  FLAG_POST_ONLY,
  REFUSED_CLIENT_ORDER_ID,
  REFUSED_EXPIRE_AT,
  REFUSED_POST_ONLY,
  REFUSED_PRICE,
  REFUSED_SIDE,
  REFUSED_SIZE,
  REFUSED_STOP_PRICE,
  REFUSED_STP,
  REFUSED_TIME_IN_FORCE,
  REFUSED_TYPE,
  SIDE_BUY,
  SIDE_SELL,
  STP_CANCEL_BOTH,
  STP_NONE,
  TIF_GTC,
  TIF_GTD,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
} from './numeric.js';
import type { OrderCommand } from './order-command.js';
import { CLIENT_ORDER_ID_PATTERN } from './order-request.js';
import { lotsToUnits, ticksToUnits, type Lots, type Ticks, type Slot } from './quantities.js';
import type { OrderStore } from './order-store.js';

/**
 * The first refusal of a new order's command, or 0, checking in the string API's order: side,
 * type, size, price, stop price, time in force, expiry (`now`: the clock, read for gtd orders
 * only), flags, stp, client order id. The book
 * and the account are the caller's to check first.
 */
export function placeRefusal(instrument: Instrument, command: OrderCommand, now: number): number {
  const { side, type, timeInForce, flags, stp, clientOrderId, expireAt } = command;
  const sizeLots = command.size;
  const priceTicks = command.price;
  const stopTicks = command.stopPrice;
  if (side !== SIDE_BUY && side !== SIDE_SELL) return REFUSED_SIDE;
  if (type !== TYPE_LIMIT && type !== TYPE_MARKET) return REFUSED_TYPE;
  const size = lotsToUnits(sizeLots, instrument.lotUnits);
  if (
    !Number.isInteger(sizeLots) ||
    size < instrument.minSizeUnits ||
    size > instrument.maxSizeUnits
  ) {
    return REFUSED_SIZE;
  }
  if (type === TYPE_LIMIT ? !isTicks(instrument, priceTicks) : priceTicks !== 0) {
    return REFUSED_PRICE;
  }
  if (stopTicks !== 0 && !isTicks(instrument, stopTicks)) return REFUSED_STOP_PRICE;
  if (
    type === TYPE_MARKET
      ? timeInForce !== TIF_IOC
      : !(Number.isInteger(timeInForce) && timeInForce >= TIF_GTC && timeInForce <= TIF_GTD)
  ) {
    return REFUSED_TIME_IN_FORCE;
  }
  if (
    timeInForce === TIF_GTD ? !Number.isSafeInteger(expireAt) || expireAt <= now : expireAt !== 0
  ) {
    return REFUSED_EXPIRE_AT;
  }
  if (flags !== 0 && (flags !== FLAG_POST_ONLY || type !== TYPE_LIMIT || timeInForce !== TIF_GTC)) {
    return REFUSED_POST_ONLY;
  }
  if (!(Number.isInteger(stp) && stp >= STP_NONE && stp <= STP_CANCEL_BOTH)) return REFUSED_STP;
  if (
    clientOrderId !== null &&
    (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID_PATTERN.test(clientOrderId))
  ) {
    return REFUSED_CLIENT_ORDER_ID;
  }
  return 0;
}

/**
 * The first refusal of a numeric amend of the live order at `slot`, or 0: something to change,
 * size (a whole number of lots within the min and max size, above the filled size), price
 * (limit orders only, a whole number of ticks); 0 leaves a value as it is.
 */
export function amendRefusal(
  instrument: Instrument,
  store: OrderStore,
  slot: Slot,
  sizeLots: Lots,
  priceTicks: Ticks,
): number {
  const size = lotsToUnits(sizeLots, instrument.lotUnits);
  if (
    (sizeLots === 0 && priceTicks === 0) ||
    (sizeLots !== 0 &&
      (!Number.isInteger(sizeLots) ||
        size < instrument.minSizeUnits ||
        size > instrument.maxSizeUnits ||
        size <= store.filledColumn[slot]!))
  ) {
    return REFUSED_SIZE;
  }
  if (priceTicks !== 0 && (store.isMarket(slot) || !isTicks(instrument, priceTicks))) {
    return REFUSED_PRICE;
  }
  return 0;
}

/** A whole number of ticks from 1 whose price in units is a safe integer. */
function isTicks(instrument: Instrument, ticks: Ticks): boolean {
  return (
    Number.isInteger(ticks) &&
    ticks >= 1 &&
    ticksToUnits(ticks, instrument.tickUnits) <= Number.MAX_SAFE_INTEGER
  );
}
