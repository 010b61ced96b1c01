/**
 * The strategy's side of the venue: actions waiting out their latency (by due time, ties in the
 * order they were sent), the ids `place()` handed out, and the strategy's resting orders as the
 * strategy last learned of them.
 */
import type {
  AmendRequest,
  OrderEvent,
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
import { refuseUnknownKeys } from '../../../src/request-keys.js';
import { orderNotFound, orderNotOpen } from '../../../src/result.js';
import { ORDER_STATUSES } from '../../../src/types.js';
import { FINAL_ORDER_RETENTION, isLive } from '../../flow/driver/index.js';
import { isLiveCode } from '../../flow/driver/order-liveness.js';
import { DueQueue } from './latency/due-queue.js';
import { OpenOrders } from './open-orders.js';
import { strategyId, strategyIdNumber } from './strategy-id.js';
import type { ActionRefusal, StrategyOrder, StrategyTickOrder } from './strategy.js';
import { fillTickCommand, isTickOrder, TICK_ORDER_KEYS, tickOrderRefusal } from './tick-orders.js';

export type ActionKind = 'place' | 'cancel' | 'reduce' | 'amend';

/** What an action carries: the order (place), the size (reduce), the change (amend), or null. */
export type ActionPayload = StrategyOrder | StrategyTickOrder | string | AmendRequest | null;

/** A queued action, in a slot reused once it is sent. */
interface Action {
  kind: ActionKind;
  id: string;
  payload: ActionPayload;
}

export class StrategyOrders {
  /** Resting orders and pending stops, oldest first. */
  readonly open: OpenOrders;
  /**
   * Venue order sequences by the n of strategy id `s<n>`, for the orders the venue may still know
   * (see `ended`).
   */
  readonly #sequences = new Map<number, Sequence>();
  /** The n of final orders' ids, oldest first: beyond FINAL_ORDER_RETENTION, forgotten by the venue. */
  readonly #finalIds: number[] = [];
  #finalIdsStart = 0;
  readonly #queue = new DueQueue<Action>();
  readonly #freeActions: Action[] = [];
  #placed = 0;
  /** The id of the order whose place runs in the core (and its n), else null (see `changed`). */
  #placingId: string | null = null;
  #placingNumber = -1;
  /** The command places and cancels fill (the core reads it during the call only). */
  readonly #command: OrderCommand;
  readonly #commandTime: () => number;
  /** The account's id in the core. */
  readonly #accountId: number;

  constructor(
    readonly venue: Venue,
    readonly account: string,
  ) {
    this.#accountId = venue.core.store.accounts.id(account);
    this.open = new OpenOrders(venue.core);
    this.#command = venue.core.newCommand();
    this.#commandTime = () => venue.core.commandTime;
  }

  newId(): string {
    return strategyId(++this.#placed);
  }

  /** The n of an id `s<n>` that newId handed out, the key of `#sequences`; -1 for any other. */
  #number(id: string): number {
    const n = strategyIdNumber(id);
    return n <= this.#placed ? n : -1;
  }

  /** Queues an action that reaches the venue at `due`. */
  enqueue(due: number, kind: ActionKind, id: string, payload: ActionPayload): void {
    const action = this.#freeActions.pop() ?? { kind, id, payload };
    action.kind = kind;
    action.id = id;
    action.payload = payload;
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
    const sent = this.#send(action, now);
    action.payload = null;
    this.#freeActions.push(action);
    return sent;
  }

  #send({ kind, id, payload }: Action, now: number): string | ActionRefusal | null {
    if (kind === 'place') {
      const order = payload as StrategyOrder | StrategyTickOrder;
      const refused = isTickOrder(order) ? this.#placeTicks(order, id) : this.#place(order, id);
      return refused === undefined
        ? (order as { symbol: string }).symbol
        : actionRefusal(kind, id, refused.code, refused.message, now);
    }
    const sequence = this.#sequences.get(this.#number(id));
    if (sequence === undefined)
      return actionRefusal(kind, id, 'order_not_found', `no order ${id} for this account`, now);
    if (kind === 'cancel') {
      const refused = this.#cancel(sequence, id);
      return refused === undefined
        ? null
        : actionRefusal(kind, id, refused.code, refused.message, now);
    }
    const venueId = orderId(sequence);
    const result =
      kind === 'amend'
        ? this.venue.amendOrder(this.account, venueId, payload as AmendRequest)
        : this.venue.reduceOrder(this.account, venueId, payload as string);
    return result.ok
      ? null
      : actionRefusal(kind, id, result.error.code, result.error.message.replace(venueId, id), now);
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
      this.#sequences.set(this.#number(id), orderSequence(result.value.id));
      return undefined;
    }
    core.expireDue();
    const book = core.books[index]!;
    const command = this.#command.clear();
    const refused = validateOrderRequest(book.instrument, request, command, this.#commandTime);
    if (refused !== undefined) return refused.error;
    command.account = this.#accountId;
    command.book = index;
    this.#placing(id);
    const sequence = core.placeValid(book, command);
    this.#placing(null);
    if (sequence < 0) return refusalError(sequence);
    core.orders.forgetBeyondRetention();
    this.#sequences.set(this.#number(id), sequence);
    return undefined;
  }

  /**
   * Places an order given in ticks and lots: its fields straight into the reused command, judged
   * by the core's checks (in the string API's order), refused in the tick form's words.
   */
  #placeTicks(order: StrategyTickOrder, id: string): VenueError | undefined {
    const unknownKey = refuseUnknownKeys(order, TICK_ORDER_KEYS);
    if (unknownKey !== undefined) return unknownKey.error;
    const core = this.venue.core;
    const { symbol } = order;
    const book = typeof symbol === 'string' ? core.bookIndex(symbol) : -1;
    if (book < 0) {
      const found = this.venue.instrument(symbol);
      if (!found.ok) return found.error;
    }
    const command = this.#command.clear();
    command.account = this.#accountId;
    command.book = book;
    command.clientOrderId = id;
    fillTickCommand(order, command);
    this.#placing(id);
    const sequence = core.submit(command);
    this.#placing(null);
    if (sequence < 0) return tickOrderRefusal(sequence);
    this.#sequences.set(this.#number(id), sequence);
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
    if (slot < 0 || core.store.account(slot) !== this.#accountId) return orderNotFound(id).error;
    const { store } = core;
    if (!store.isLive(slot)) return orderNotOpen(id, ORDER_STATUSES[store.status(slot)]!).error;
    const command = this.#command;
    command.action = ACTION_CANCEL;
    command.account = store.account(slot);
    command.target = sequence;
    core.executeOn(command, slot);
    core.orders.forgetBeyondRetention();
    return undefined;
  }

  /**
   * Marks order `id` as being placed in the core, or none (null): its events meanwhile know the id
   * (see `changed`). The core's place calls no hook, so nothing else runs in between.
   */
  #placing(id: string | null): void {
    this.#placingId = id;
    this.#placingNumber = id === null ? -1 : this.#number(id);
  }

  /** An update of one of the strategy's orders, as a record (the venue's events under latency). */
  updated(order: OrderRecord): void {
    const sequence = orderSequence(order.id);
    if (isLive(order.status)) this.open.fromRecord(order, sequence);
    else {
      this.open.delete(sequence);
      this.#ended(this.#number(order.clientOrderId!));
    }
  }

  /** An update of one of the strategy's orders, as the core's event; `record` if one was built. */
  changed(event: OrderEvent, record: OrderRecord | null): void {
    if (isLiveCode(event.status))
      this.open.fromEvent(event, record, this.#placingId, this.#placingNumber);
    else {
      // The n its open entry kept, else from its id in the core.
      const known = this.open.delete(event.sequence);
      this.#ended(
        known >= 0 ? known : this.#number(this.venue.core.store.clientOrderId(event.slot)!),
      );
    }
  }

  /** One of the strategy's orders became final: the n of its strategy id. */
  #ended(idNumber: number): void {
    // The venue keeps FINAL_ORDER_RETENTION final orders of all accounts: once as many of the
    // strategy's own followed, it has forgotten this one, and so may the id map.
    const ids = this.#finalIds;
    ids.push(idNumber);
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

/** The refusal of an action, built only when one is refused (no closure per action sent). */
function actionRefusal(
  action: ActionKind,
  orderId: string,
  code: string,
  message: string,
  timestamp: number,
): ActionRefusal {
  return { action, orderId, code, message, timestamp };
}
