/**
 * The strategy's side of the venue: actions waiting out their latency (by due time, ties in the
 * order they were sent), the ids `place()` handed out, and the strategy's resting orders as the
 * strategy last learned of them.
 */
import type {
  AmendRequest,
  OrderRecord,
  OrderRequest,
  QuoteOrderRequest,
  Venue,
} from '../../../src/index.js';
import { orderSequence } from '../../../src/order.js';
import { FINAL_ORDER_RETENTION, isLive } from '../../flow/driver/index.js';
import { DueQueue } from './latency/due-queue.js';
import type { ActionRefusal, StrategyOrder } from './strategy.js';

export type StrategyAction =
  | { readonly kind: 'place'; readonly id: string; readonly order: StrategyOrder }
  | { readonly kind: 'cancel'; readonly id: string }
  | { readonly kind: 'reduce'; readonly id: string; readonly size: string }
  | { readonly kind: 'amend'; readonly id: string; readonly change: AmendRequest };

export class StrategyOrders {
  /** Resting orders and pending stops by venue order sequence (`ord_<n>`'s n), oldest first. */
  readonly open = new Map<number, OrderRecord>();
  /** Venue ids by strategy id, for the orders the venue may still know (see `updated`). */
  readonly #venueIds = new Map<string, string>();
  /** Ids of final orders, oldest first: beyond FINAL_ORDER_RETENTION the venue has forgotten them. */
  readonly #finalIds: string[] = [];
  #finalIdsStart = 0;
  readonly #queue = new DueQueue<StrategyAction>();
  #placed = 0;

  constructor(
    readonly venue: Venue,
    readonly account: string,
  ) {}

  newId(): string {
    return `s${++this.#placed}`;
  }

  /** Queues an action that reaches the venue at `due`. */
  enqueue(due: number, action: StrategyAction): void {
    this.#queue.push(due, action);
  }

  /** The due time of the next action; Infinity when none waits. */
  nextDue(): number {
    return this.#queue.nextDue();
  }

  /** Actions sent that have not reached the venue. */
  waiting(): number {
    return this.#queue.size;
  }

  /** How many strategy ids map to venue ids (bounded, see `updated`). */
  get mappedIds(): number {
    return this.#venueIds.size;
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
      const result = this.venue.placeOrder(this.#request(action.order, action.id));
      if (!result.ok) return refusal(result.error.code, result.error.message);
      this.#venueIds.set(action.id, result.value.id);
      return result.value;
    }
    const venueId = this.#venueIds.get(action.id);
    if (venueId === undefined)
      return refusal('order_not_found', `no order ${action.id} for this account`);
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
  updated(order: OrderRecord, sequence: number = orderSequence(order.id)): void {
    if (isLive(order.status)) return void this.open.set(sequence, order);
    this.ended(sequence, order.clientOrderId!);
  }

  /** One of the strategy's orders became final: its venue sequence and its strategy id. */
  ended(sequence: number, clientOrderId: string): void {
    this.open.delete(sequence);
    // The venue keeps FINAL_ORDER_RETENTION final orders of all accounts: once as many of the
    // strategy's own followed, it has forgotten this one, and so may the id map.
    const ids = this.#finalIds;
    ids.push(clientOrderId);
    if (ids.length - this.#finalIdsStart > FINAL_ORDER_RETENTION)
      this.#venueIds.delete(ids[this.#finalIdsStart++]!);
    if (this.#finalIdsStart >= FINAL_ORDER_RETENTION) {
      ids.splice(0, this.#finalIdsStart);
      this.#finalIdsStart = 0;
    }
  }

  /**
   * The venue's request for a strategy order: a literal of the request's keys (V8 copies spreads
   * slowly); an order with another key (a market buy's `quoteSize`) goes to the venue as sent,
   * which takes it or refuses it.
   */
  #request(order: StrategyOrder, id: string): OrderRequest | QuoteOrderRequest {
    // Every field as sent, whatever its type says: the venue judges them (a market price too).
    const sent = order as Partial<OrderRequest>;
    const request = {
      account: this.account,
      symbol: sent.symbol,
      side: sent.side,
      type: sent.type,
      size: sent.size,
      price: sent.price,
      timeInForce: sent.timeInForce,
      postOnly: sent.postOnly,
      clientOrderId: id,
      stopPrice: sent.stopPrice,
      expireAt: sent.expireAt,
      stp: sent.stp,
    } as OrderRequest;
    for (const key in order) {
      if (!(key in request)) return { ...order, account: this.account, clientOrderId: id };
    }
    return request;
  }
}
