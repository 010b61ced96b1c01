/**
 * The strategy's side of the venue: actions waiting out their latency (by due time, ties in the
 * order they were sent), the ids `place()` handed out, and the strategy's resting orders as the
 * strategy last learned of them.
 */
import type {
  AmendRequest,
  OrderRecord,
  OrderRequest,
  Venue,
  VenueError,
} from '../../../src/index.js';
import { ACTION_CANCEL, refusalError } from '../../../src/numeric.js';
import type { OrderCommand } from '../../../src/order-command.js';
import { orderId, orderSequence } from '../../../src/order.js';
import { validateOrderRequest } from '../../../src/order-request.js';
import type { Sequence } from '../../../src/quantities.js';
import { orderNotFound, orderNotOpen } from '../../../src/result.js';
import { ORDER_STATUSES } from '../../../src/types.js';
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
  readonly open = new Map<Sequence, OrderRecord>();
  /** Venue order sequences by strategy id, for the orders the venue may still know (see `updated`). */
  readonly #sequences = new Map<string, Sequence>();
  /** Ids of final orders, oldest first: beyond FINAL_ORDER_RETENTION the venue has forgotten them. */
  readonly #finalIds: string[] = [];
  #finalIdsStart = 0;
  readonly #queue = new DueQueue<StrategyAction>();
  #placed = 0;
  /** The command places and cancels fill (the core reads it during the call only). */
  readonly #command: OrderCommand;
  readonly #commandTime: () => number;

  constructor(
    readonly venue: Venue,
    readonly account: string,
  ) {
    this.#command = venue.core.newCommand();
    this.#commandTime = () => venue.core.commandTime;
  }

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
    return this.#sequences.size;
  }

  /** Drops the actions still waiting; returns how many. */
  drop(): number {
    const count = this.#queue.size;
    this.#queue.clear();
    return count;
  }

  /** Sends the next action: the placed order's symbol, a refusal, or null (done). */
  sendNext(now: number): string | ActionRefusal | null {
    const action = this.#queue.shift();
    const refusal = (code: string, message: string): ActionRefusal => ({
      action: action.kind,
      orderId: action.id,
      code,
      message,
      timestamp: now,
    });
    if (action.kind === 'place') {
      const refused = this.#place(action.order, action.id);
      return refused === undefined
        ? (action.order as { symbol: string }).symbol
        : refusal(refused.code, refused.message);
    }
    const sequence = this.#sequences.get(action.id);
    if (sequence === undefined)
      return refusal('order_not_found', `no order ${action.id} for this account`);
    if (action.kind === 'cancel') {
      const refused = this.#cancel(sequence, action.id);
      return refused === undefined ? null : refusal(refused.code, refused.message);
    }
    const venueId = orderId(sequence);
    const result =
      action.kind === 'amend'
        ? this.venue.amendOrder(this.account, venueId, action.change)
        : this.venue.reduceOrder(this.account, venueId, action.size);
    return result.ok
      ? null
      : refusal(result.error.code, result.error.message.replace(venueId, action.id));
  }

  /**
   * Places the order as Venue.placeOrder does, in its order of checks and words, without building
   * the order's record: the request validated into the reused command, then the core's placeValid.
   * A request the string API must judge itself (an unknown symbol, another key) goes to it.
   */
  #place(order: StrategyOrder, id: string): VenueError | undefined {
    const request = this.#request(order, id);
    const core = this.venue.core;
    const index =
      request === null || typeof order.symbol !== 'string' ? -1 : core.bookIndex(order.symbol);
    if (request === null || index < 0) {
      const result = this.venue.placeOrder({ ...order, account: this.account, clientOrderId: id });
      if (!result.ok) return result.error;
      this.#sequences.set(id, orderSequence(result.value.id));
      return undefined;
    }
    core.expireDue();
    const book = core.books[index]!;
    const command = this.#command.clear();
    const refused = validateOrderRequest(book.instrument, request, command, this.#commandTime);
    if (refused !== undefined) return refused.error;
    command.account = core.store.accounts.id(this.account);
    command.book = index;
    const sequence = core.placeValid(book, command);
    if (sequence < 0) return refusalError(sequence);
    core.orders.forgetBeyondRetention();
    this.#sequences.set(id, sequence);
    return undefined;
  }

  /**
   * Cancels the order as Venue.cancelOrder does (the same checks and words, the strategy's id in
   * them), addressing it by its sequence rather than by parsing its venue id.
   */
  #cancel(sequence: Sequence, id: string): VenueError | undefined {
    const core = this.venue.core;
    core.expireDue();
    const slot = core.orders.slot(sequence);
    if (slot < 0 || core.store.accountName(slot) !== this.account) return orderNotFound(id).error;
    const { store } = core;
    if (!store.isLive(slot)) return orderNotOpen(id, ORDER_STATUSES[store.status[slot]!]!).error;
    const command = this.#command;
    command.action = ACTION_CANCEL;
    command.account = store.account[slot]!;
    command.target = sequence;
    core.executeOn(command, slot);
    core.orders.forgetBeyondRetention();
    return undefined;
  }

  /** An update of one of the strategy's orders (from the venue's events). */
  updated(order: OrderRecord, sequence: Sequence = orderSequence(order.id)): void {
    if (isLive(order.status)) return void this.open.set(sequence, order);
    this.ended(sequence, order.clientOrderId!);
  }

  /** One of the strategy's orders became final: its venue sequence and its strategy id. */
  ended(sequence: Sequence, clientOrderId: string): void {
    this.open.delete(sequence);
    // The venue keeps FINAL_ORDER_RETENTION final orders of all accounts: once as many of the
    // strategy's own followed, it has forgotten this one, and so may the id map.
    const ids = this.#finalIds;
    ids.push(clientOrderId);
    if (ids.length - this.#finalIdsStart > FINAL_ORDER_RETENTION)
      this.#sequences.delete(ids[this.#finalIdsStart++]!);
    if (this.#finalIdsStart >= FINAL_ORDER_RETENTION) {
      ids.splice(0, this.#finalIdsStart);
      this.#finalIdsStart = 0;
    }
  }

  /**
   * The venue's request for a strategy order: a literal of the request's keys (V8 copies spreads
   * slowly); null for an order with another key (a market buy's `quoteSize`), which goes to the
   * venue as sent, which takes it or refuses it.
   */
  #request(order: StrategyOrder, id: string): OrderRequest | null {
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
      if (!(key in request)) return null;
    }
    return request;
  }
}
