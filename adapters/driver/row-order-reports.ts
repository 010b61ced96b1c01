/**
 * Follows the orders rows placed through the core's numeric events and reports them to the
 * driver's observer under their scenario ids: live, final (counted by status), and their trades.
 * A record is built only for an observer member that takes one.
 */
import { ORDER_STATUSES, type OrderRecord, type Venue } from '../../src/index.js';
import type { DriverObserver } from './driver-reports.js';
import { isLiveCode } from './order-liveness.js';
import { ScenarioIdView } from './scenario-id-view.js';
import type { ScenarioIds } from './scenario-ids.js';

export const orderId = (sequence: number): string => `ord_${sequence}`;

/** The sequence of a venue order id `ord_<sequence>`. */
export function sequenceOf(venueOrderId: string): number {
  return Number(venueOrderId.slice('ord_'.length));
}

/** The status code of an order record's status. */
export const ORDER_CODES: ReadonlyMap<string, number> = new Map(
  ORDER_STATUSES.map((status, code) => [status, code]),
);

export class RowOrderReports {
  /** The row orders that became final, by status code. */
  readonly finalCounts = new Float64Array(ORDER_STATUSES.length);
  /** What the numeric observer members are handed (reused). */
  readonly #maker = new ScenarioIdView();
  readonly #taker = new ScenarioIdView();
  readonly #final = new ScenarioIdView();

  constructor(
    private readonly venue: Venue,
    private readonly ids: ScenarioIds,
    /** The row being applied: the taker of its trades. */
    private readonly row: ScenarioIdView,
    private readonly observer: DriverObserver,
  ) {
    const numericTrade = observer.numericTrade?.bind(observer);
    venue.core.listen({
      ...(numericTrade === undefined
        ? {}
        : {
            onTrade: (trade, book, priceTicks, sizeLots, makerSequence, takerSequence, time) => {
              ids.viewLive(makerSequence, this.#maker);
              numericTrade(
                trade,
                book,
                priceTicks,
                sizeLots,
                makerSequence,
                takerSequence,
                time,
                this.#maker,
                ids.viewLive(takerSequence, this.#taker) ? this.#taker : this.row,
              );
            },
          }),
      onOrder: (sequence, status) => {
        if (isLiveCode(status)) return;
        // A row's own order that is final when placed is reported once the row returns.
        const entry = ids.liveEntry(sequence);
        if (entry >= 0) this.#finalized(sequence, status, entry, null);
      },
    });
    if (observer.trade !== undefined) {
      const trade = observer.trade.bind(observer);
      venue.subscribe(
        (event) => {
          if (event.type !== 'trade') return;
          const record = event.trade;
          const maker = ids.liveId(sequenceOf(record.makerOrderId));
          trade(record, maker, this.#takerId(sequenceOf(record.takerOrderId)));
        },
        ['trade'],
      );
    }
  }

  /** A row's new order (mapped to id `entry`), live or final; `order` its record when there is one. */
  placed(sequence: number, status: number, entry: number, order: OrderRecord | null): void {
    if (isLiveCode(status)) {
      this.ids.rested(entry);
      const observer = this.observer;
      if (observer.rested !== undefined)
        observer.rested(order ?? this.record(sequence), this.ids.text(entry));
    } else {
      this.#finalized(sequence, status, entry, order);
    }
  }

  /** The order's current record (the venue still holds it: live, or final while reported). */
  record(sequence: number): OrderRecord {
    const { store, orders } = this.venue.core;
    const found = this.venue.getOrder(store.accountName(orders.slot(sequence)), orderId(sequence));
    if (!found.ok) throw new Error(`order ${orderId(sequence)} is missing: ${found.error.message}`);
    return found.value;
  }

  /** The taker of a trade: a live order when a stop triggers or an amend moves one, else the row. */
  #takerId(takerSequence: number): string | undefined {
    return this.ids.liveId(takerSequence) ?? this.row.text();
  }

  #finalized(sequence: number, status: number, entry: number, order: OrderRecord | null): void {
    this.finalCounts[status]!++;
    const ids = this.ids;
    ids.finalized(entry);
    const observer = this.observer;
    if (observer.numericFinal !== undefined) {
      ids.view(entry, this.#final);
      observer.numericFinal(sequence, status, this.#final);
    }
    if (observer.final !== undefined)
      observer.final(order ?? this.record(sequence), ids.text(entry));
  }
}
