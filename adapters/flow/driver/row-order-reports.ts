/**
 * Follows the orders rows placed through the core's events and reports them to the driver's
 * observer under their scenario ids: live, final (counted by status), and every trade. The
 * observer gets the core's event with the ids attached (scenario-events.ts).
 */
import {
  ORDER_STATUSES,
  OrderEvent,
  type OrderRecord,
  type Slot,
  type TradeEvent,
  type Venue,
  type Sequence,
} from '../../../src/index.js';
import { orderId } from '../../../src/order.js';
import type { DriverObserver } from './driver-reports.js';
import { isLiveCode } from './order-liveness.js';
import { ScenarioIdView } from './scenario-id-view.js';
import type { ScenarioIds } from './scenario-ids.js';
import { ScenarioOrder, ScenarioTrade } from './scenario-events.js';

export class RowOrderReports {
  /** The row orders that became final, by status code. */
  readonly finalCounts = new Float64Array(ORDER_STATUSES.length);
  /** What the observer is handed (reused). */
  readonly #trade: ScenarioTrade;
  readonly #order: ScenarioOrder;
  readonly #taker = new ScenarioIdView();
  /** A row's new order as its command left it (read from the store when the row returns). */
  readonly #placed = new OrderEvent();

  constructor(
    private readonly venue: Venue,
    private readonly ids: ScenarioIds,
    /** The row being applied: the taker of its trades. */
    private readonly row: ScenarioIdView,
    private readonly observer: DriverObserver,
  ) {
    this.#trade = new ScenarioTrade(venue.core);
    this.#order = new ScenarioOrder(venue.core);
    venue.core.listen({
      ...(observer.trade === undefined ? {} : { onTrade: (trade) => this.#traded(trade) }),
      onFinal: (slot, status) => {
        // A row's own order that is final when placed is reported once the row returns.
        const entry = ids.liveEntry(slot);
        if (entry >= 0) this.#finalized(status, entry, slot, this.#read(slot), null);
      },
    });
  }

  /**
   * A row's new order (at `slot`, mapped to id `entry`), live or final; `order` its record when
   * there is one.
   */
  placed(slot: Slot, status: number, entry: number, order: OrderRecord | null): void {
    if (!isLiveCode(status)) return this.#finalized(status, entry, slot, this.#read(slot), order);
    this.ids.rested(entry, slot);
    const observer = this.observer;
    if (observer.rested !== undefined)
      observer.rested(this.#attach(this.#read(slot)!, entry, order));
  }

  /** Whether the observer is handed orders or trades, and so reads their scenario ids. */
  get readsIds(): boolean {
    const observer = this.observer;
    return (
      observer.trade !== undefined || observer.rested !== undefined || observer.final !== undefined
    );
  }

  /** The order's current record (the venue still holds it: live, or final while reported). */
  record(sequence: Sequence): OrderRecord {
    const { store, orders } = this.venue.core;
    const found = this.venue.getOrder(store.accountName(orders.slot(sequence)), orderId(sequence));
    if (!found.ok) throw new Error(`order ${orderId(sequence)} is missing: ${found.error.message}`);
    return found.value;
  }

  #traded(event: TradeEvent): void {
    const ids = this.ids;
    const trade = this.#trade;
    trade.event = event;
    ids.viewLive(event.makerSlot, trade.makerId);
    // The taker: a live order when a stop triggers or an amend moves one, else the row's.
    trade.takerId = ids.viewLive(event.takerSlot, this.#taker) ? this.#taker : this.row;
    this.observer.trade!(trade);
  }

  /** `event` is null only when the observer takes no final orders. */
  #finalized(
    status: number,
    entry: number,
    slot: Slot,
    event: OrderEvent | null,
    order: OrderRecord | null,
  ): void {
    this.finalCounts[status]!++;
    this.ids.finalized(entry, slot);
    const observer = this.observer;
    if (observer.final !== undefined) observer.final(this.#attach(event!, entry, order));
  }

  /** The order at `slot` as its command left it, when the observer takes orders; else null. */
  #read(slot: Slot): OrderEvent | null {
    const observer = this.observer;
    if (observer.rested === undefined && observer.final === undefined) return null;
    const store = this.venue.core.store;
    if (slot < 0) {
      // Forgotten with its command (orderRetention 0): no row to read; its record is `known`.
      this.#placed.slot = slot;
      return this.#placed;
    }
    this.#placed.read(store, slot, store.book(slot));
    return this.#placed;
  }

  #attach(event: OrderEvent, entry: number, order: OrderRecord | null): ScenarioOrder {
    const attached = this.#order;
    attached.event = event;
    attached.known = order;
    this.ids.view(entry, attached.id);
    return attached;
  }
}
