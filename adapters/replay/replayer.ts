/**
 * Replays scenario rows through a Venue: keeps the scenario id <-> venue id map, writes each
 * trade and each final order as it happens, and gives the still-open orders and the final
 * figures at the end. Memory stays bounded: the venue keeps few final orders and trades, and
 * ids are tracked only while their orders rest (and a while after).
 */
import {
  Venue,
  type InstrumentSpec,
  type OrderRecord,
  type OrderStatus,
  type VenueEvent,
} from '../../src/index.js';
import {
  applyScenarioRow,
  ScenarioClock,
  type ApplyOptions,
  type ParsedScenarioRow,
} from '../csv/index.js';
import { orderLine, tradeLine } from './replay-records.js';
import { ScenarioIds, type TrackedOrder } from './scenario-ids.js';

/** Final orders remembered (by the venue and by the id map) to answer order_not_open. */
export const FINAL_ORDER_RETENTION = 1000;

export interface ReplaySinks {
  readonly trades: { write(text: string): void };
  readonly orders: { write(text: string): void };
}

/** A valid row the venue (or the id map) refused. */
export interface Refusal {
  readonly line: number;
  readonly code: string;
  readonly message: string;
}

export class Replayer {
  readonly venue: Venue;
  readonly clock = new ScenarioClock();
  readonly statusCounts = new Map<OrderStatus, number>();
  tradeCount = 0;
  rowCount = 0;
  readonly #ids = new ScenarioIds(FINAL_ORDER_RETENTION);
  readonly #sinks: ReplaySinks | null;
  #row: ParsedScenarioRow | null = null;
  readonly #applyOptions: ApplyOptions = {
    clock: this.clock,
    venueOrderId: (scenarioId) => this.#ids.byScenarioId(scenarioId)?.venueId,
  };

  constructor(instruments: readonly InstrumentSpec[], sinks: ReplaySinks | null) {
    const created = Venue.create({
      clock: this.clock.read,
      ...(instruments.length > 0 ? { instruments } : {}),
      tradeRetention: 1,
      orderRetention: FINAL_ORDER_RETENTION,
    });
    if (!created.ok) throw new Error(created.error.message);
    this.venue = created.value;
    this.#sinks = sinks;
    this.venue.subscribe(this.#onEvent, ['trade', 'order']);
  }

  /** Applies one row; a refusal is returned, not thrown. */
  apply(row: ParsedScenarioRow): Refusal | null {
    this.rowCount++;
    this.#row = row;
    const ids = this.#ids;
    if (row.action === 'new' && ids.isOpen(row.id)) {
      return {
        line: row.line,
        code: 'duplicate_id',
        message: `order id ${row.id} is already used by an open order`,
      };
    }
    const result = applyScenarioRow(this.venue, row, this.#applyOptions);
    if (!result.ok) {
      const venueId = ids.byScenarioId(row.id)?.venueId;
      const message =
        venueId === undefined
          ? result.error.message
          : result.error.message.replace(venueId, row.id);
      return { line: row.line, code: result.error.code, message };
    }
    const order = result.value;
    if (row.action === 'new' && isResting(order.status)) {
      ids.opened({ scenarioId: row.id, venueId: order.id, account: order.account });
    }
    return null;
  }

  /** The resting orders' current records, oldest first, with their scenario ids. */
  *openOrders(): Generator<[OrderRecord, TrackedOrder]> {
    for (const tracked of this.#ids.open()) {
      const found = this.venue.getOrder(tracked.account, tracked.venueId);
      if (!found.ok)
        throw new Error(`open order ${tracked.venueId} is missing: ${found.error.message}`);
      yield [found.value, tracked];
    }
  }

  readonly #onEvent = (event: VenueEvent): void => {
    if (event.type === 'trade') {
      this.tradeCount++;
      const { trade } = event;
      const maker = this.#ids.byVenueId(trade.makerOrderId)!;
      this.#sinks?.trades.write(tradeLine(trade, maker.scenarioId, this.#row!.id));
    } else if (event.type === 'order' && !isResting(event.order.status)) {
      const { order } = event;
      const tracked = this.#ids.byVenueId(order.id) ?? {
        scenarioId: this.#row!.id,
        venueId: order.id,
        account: order.account,
      };
      this.#ids.finalized(tracked);
      this.statusCounts.set(order.status, (this.statusCounts.get(order.status) ?? 0) + 1);
      this.#sinks?.orders.write(orderLine(order, tracked.scenarioId));
    }
  };
}

function isResting(status: OrderStatus): boolean {
  return status === 'open' || status === 'partially_filled';
}
