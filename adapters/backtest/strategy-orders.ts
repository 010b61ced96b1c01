/**
 * The strategy's side of the venue: actions waiting out their latency (by due time, ties in the
 * order they were sent), the ids `place()` handed out, and the strategy's resting orders as the
 * strategy last learned of them.
 */
import type { AmendRequest, OrderRecord, Venue } from '../../src/index.js';
import { isLive } from '../driver/index.js';
import { DueQueue } from './latency/due-queue.js';
import type { ActionRefusal, StrategyOrder } from './strategy.js';

export type StrategyAction =
  | {
      readonly kind: 'place';
      readonly due: number;
      readonly id: string;
      readonly order: StrategyOrder;
    }
  | { readonly kind: 'cancel'; readonly due: number; readonly id: string }
  | { readonly kind: 'reduce'; readonly due: number; readonly id: string; readonly size: string }
  | {
      readonly kind: 'amend';
      readonly due: number;
      readonly id: string;
      readonly change: AmendRequest;
    };

export class StrategyOrders {
  /** Resting orders and pending stops by venue id, oldest first. */
  readonly open = new Map<string, OrderRecord>();
  readonly #venueIds = new Map<string, string>();
  readonly #queue = new DueQueue<StrategyAction>();
  #placed = 0;

  constructor(
    readonly venue: Venue,
    readonly account: string,
  ) {}

  newId(): string {
    return `s${++this.#placed}`;
  }

  enqueue(action: StrategyAction): void {
    this.#queue.push(action.due, action);
  }

  /** The due time of the next action; Infinity when none waits. */
  nextDue(): number {
    return this.#queue.nextDue();
  }

  /** Actions sent that have not reached the venue. */
  waiting(): number {
    return this.#queue.size;
  }

  /** Drops the actions still waiting; returns how many. */
  drop(): number {
    const count = this.#queue.size;
    this.#queue.clear();
    return count;
  }

  /** Sends the next action: the placed order's first record, a refusal, or null (done). */
  sendNext(now: number): OrderRecord | ActionRefusal | null {
    const action = this.#queue.shift();
    const refusal = (code: string, message: string): ActionRefusal => ({
      action: action.kind,
      orderId: action.id,
      code,
      message,
      timestamp: now,
    });
    if (action.kind === 'place') {
      const result = this.venue.placeOrder({
        ...action.order,
        account: this.account,
        clientOrderId: action.id,
      } as Parameters<Venue['placeOrder']>[0]);
      if (!result.ok) return refusal(result.error.code, result.error.message);
      this.#venueIds.set(action.id, result.value.id);
      return result.value;
    }
    const venueId = this.#venueIds.get(action.id);
    if (venueId === undefined) return refusal('order_not_found', `no order ${action.id}`);
    const result =
      action.kind === 'cancel'
        ? this.venue.cancelOrder(this.account, venueId)
        : action.kind === 'amend'
          ? this.venue.amendOrder(this.account, venueId, action.change)
          : this.venue.reduceOrder(this.account, venueId, action.size);
    return result.ok
      ? null
      : refusal(result.error.code, result.error.message.replace(venueId, action.id));
  }

  /** An update of one of the strategy's orders (from the venue's events). */
  updated(order: OrderRecord): void {
    if (isLive(order.status)) this.open.set(order.id, order);
    else this.open.delete(order.id);
  }
}
