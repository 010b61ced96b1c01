/** The clock a scenario sets (to each row's time) and the venue request a `new` row stands for. */
import type { OrderRequest } from '../../src/index.js';
import type { NewOrderRow } from './scenario-row.js';

/** A clock the scenario sets; give `clock.read` to `Venue.create({ clock })`. */
export class ScenarioClock {
  constructor(public now = 0) {}

  readonly read = (): number => this.now;
}

/** The venue request a `new` row stands for. */
export function orderRequestOf(row: NewOrderRow): OrderRequest {
  const { account, symbol, side, type, size, price, timeInForce, postOnly, clientOrderId } = row;
  return {
    account,
    symbol,
    side,
    type,
    size,
    ...(price === undefined ? {} : { price }),
    ...(timeInForce === undefined ? {} : { timeInForce }),
    ...(postOnly === undefined ? {} : { postOnly }),
    ...(clientOrderId === undefined ? {} : { clientOrderId }),
  };
}
