/**
 * The core's commands for tests, one call each: fills an OrderCommand and submits it (the
 * arguments in the order the tests read best; product code fills the command's fields by name).
 */
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_REDUCE,
  type OrderCommand,
  type Lots,
  type Sequence,
  type Ticks,
  type VenueCore,
} from '../../src/index.js';

/** A new order; see OrderCommand. */
export function placeOrder(
  core: VenueCore,
  account: number,
  book: number,
  side: number,
  type: number,
  timeInForce: number,
  flags: number,
  priceTicks: number,
  sizeLots: number,
  clientOrderId: string | null = null,
  stopTicks = 0,
  stp = core.defaultStp,
  expireAt = 0,
): Sequence {
  const command = core.newCommand();
  Object.assign(command, { account, book, side, type, timeInForce, flags, clientOrderId });
  Object.assign(command, { stp, expireAt });
  command.price = priceTicks as Ticks;
  command.size = sizeLots as Lots;
  command.stopPrice = stopTicks as Ticks;
  return core.submit(command);
}

export function cancelOrder(core: VenueCore, account: number, sequence: number): Sequence {
  return core.submit(onOrder(core, ACTION_CANCEL, account, sequence, 0, 0));
}

export function reduceOrder(
  core: VenueCore,
  account: number,
  sequence: number,
  sizeLots: number,
): Sequence {
  return core.submit(onOrder(core, ACTION_REDUCE, account, sequence, sizeLots, 0));
}

/** `sizeLots` and `priceTicks` 0 leave either as it is. */
export function amendOrder(
  core: VenueCore,
  account: number,
  sequence: number,
  sizeLots: number,
  priceTicks: number,
): Sequence {
  return core.submit(onOrder(core, ACTION_AMEND, account, sequence, sizeLots, priceTicks));
}

function onOrder(
  core: VenueCore,
  action: number,
  account: number,
  sequence: number,
  sizeLots: number,
  priceTicks: number,
): OrderCommand {
  const command = core.newCommand();
  command.action = action;
  command.account = account;
  command.target = sequence as Sequence;
  command.size = sizeLots as Lots;
  command.price = priceTicks as Ticks;
  return command;
}
