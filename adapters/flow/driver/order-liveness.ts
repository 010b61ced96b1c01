/** The one "is resting" rule of everything that applies scenario rows. */
import { STATUS_PARTIALLY_FILLED, STATUS_PENDING, type OrderStatus } from '../../../src/index.js';

/** Whether an order with this status rests on the book. */
export function isResting(status: OrderStatus): boolean {
  return status === 'open' || status === 'partially_filled';
}

/** Resting, or a stop waiting for its trigger: what a row can still cancel, reduce or amend. */
export function isLive(status: OrderStatus): boolean {
  return isResting(status) || status === 'pending';
}

/** isLive of a status code. */
export const isLiveCode = (status: number): boolean =>
  status <= STATUS_PARTIALLY_FILLED || status === STATUS_PENDING;
