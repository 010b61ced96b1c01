/**
 * The one way scenario rows reach a Venue: sets the clock to the row's time, turns the row into a
 * command with the venue order its scenario id names, refuses a `new` reusing a resting order's
 * id, and reports what happens to the orders it placed under their scenario ids.
 */
import type {
  OrderRecord,
  OrderStatus,
  TradeRecord,
  Venue,
  VenueErrorCode,
  VenueEvent,
} from '../../src/index.js';
import type { ScenarioClock, ScenarioRow } from '../csv/index.js';
import { applyScenarioRow, type ApplyOptions } from './apply-row.js';
import { ScenarioIds } from './scenario-ids.js';

/** Final orders remembered (give the venue the same `orderRetention`) to answer order_not_open. */
export const FINAL_ORDER_RETENTION = 1000;

/** Why a valid row was not applied: the venue's codes, and `duplicate_id` (the driver's own). */
export type RefusalCode = VenueErrorCode | 'duplicate_id';

export interface Refusal {
  readonly code: RefusalCode;
  /** Names the order by its scenario id. */
  readonly message: string;
}

/** What the driver reports, each under the scenario ids; every member is optional. */
export interface DriverObserver {
  /** A trade; `makerId` is undefined when the maker is not a row's order, `takerId` outside a row. */
  trade?(trade: TradeRecord, makerId: string | undefined, takerId: string | undefined): void;
  /** A row's new order rests on the book. */
  rested?(order: OrderRecord, scenarioId: string): void;
  /** A row's order became final: when placed (after its trades), or later while resting. */
  final?(order: OrderRecord, scenarioId: string): void;
}

export interface DriverOptions {
  /**
   * The rows' ids are the venue's own order ids (a server journal): a cancel or reduce row names
   * the venue order directly, so the venue answers for every order it still holds, however long
   * ago it became final; a `new` row's id is not checked (the venue assigns it: compare it with
   * `lastOrder.id`).
   */
  readonly venueIds?: boolean;
}

/** Whether an order with this status rests on the book. */
export function isResting(status: OrderStatus): boolean {
  return status === 'open' || status === 'partially_filled';
}

/** Resting, or a stop waiting for its trigger: what a row can still cancel, reduce or amend. */
export function isLive(status: OrderStatus): boolean {
  return isResting(status) || status === 'pending';
}

export class ScenarioDriver {
  rowCount = 0;
  readonly #venue: Venue;
  readonly #observer: DriverObserver;
  readonly #ids = new ScenarioIds(FINAL_ORDER_RETENTION);
  readonly #applyOptions: ApplyOptions;
  readonly #venueIds: boolean;
  /** The scenario id of the row being applied, the taker of its trades. */
  #rowId: string | undefined;
  #lastOrder: OrderRecord | null = null;

  constructor(
    venue: Venue,
    clock: ScenarioClock,
    observer: DriverObserver = {},
    options: DriverOptions = {},
  ) {
    this.#venue = venue;
    this.#observer = observer;
    this.#venueIds = options.venueIds === true;
    const venueOrderId = this.#venueIds
      ? (id: string) => id
      : (scenarioId: string) => this.#ids.venueId(scenarioId);
    this.#applyOptions = { clock, venueOrderId };
    venue.subscribe(this.#onEvent, observer.trade === undefined ? ['order'] : ['trade', 'order']);
  }

  /** Applies one row; a refusal is returned (and nothing changed), never thrown. */
  apply(row: ScenarioRow): Refusal | null {
    this.rowCount++;
    const ids = this.#ids;
    if (row.action === 'new' && !this.#venueIds && ids.isResting(row.id)) {
      this.#lastOrder = null;
      return {
        code: 'duplicate_id',
        message: `order id ${row.id} is already used by an open order`,
      };
    }
    this.#rowId = row.id;
    const result = applyScenarioRow(this.#venue, row, this.#applyOptions);
    this.#rowId = undefined;
    this.#lastOrder = result.ok ? result.value : null;
    if (!result.ok) {
      const venueId = this.#applyOptions.venueOrderId(row.id);
      const { code, message } = result.error;
      return { code, message: venueId === undefined ? message : message.replace(venueId, row.id) };
    }
    if (row.action !== 'new') return null;
    const order = result.value;
    if (isLive(order.status)) {
      ids.rested(order.id, row);
      this.#observer.rested?.(order, row.id);
    } else {
      ids.finalized(row.id, order.id);
      this.#observer.final?.(order, row.id);
    }
    return null;
  }

  /** The record the last row's command returned (the order it placed, cancelled or reduced); null when refused. */
  get lastOrder(): OrderRecord | null {
    return this.#lastOrder;
  }

  get restingCount(): number {
    return this.#ids.restingCount;
  }

  /** The live (resting and pending) orders' current records with their scenario ids, oldest first. */
  *restingOrders(): Generator<[OrderRecord, string]> {
    for (const [venueId, row] of this.#ids.resting()) {
      const found = this.#venue.getOrder(row.account, venueId);
      if (!found.ok) throw new Error(`resting order ${venueId} is missing: ${found.error.message}`);
      yield [found.value, row.id];
    }
  }

  readonly #onEvent = (event: VenueEvent): void => {
    if (event.type === 'trade') {
      const { trade } = event;
      const maker = this.#ids.restingRow(trade.makerOrderId);
      // The taker is a live order when a stop triggers or an amend moves one.
      const taker = this.#ids.restingRow(trade.takerOrderId)?.id ?? this.#rowId;
      this.#observer.trade!(trade, maker?.id, taker);
    } else if (event.type === 'order' && !isLive(event.order.status)) {
      // A row's own order that is final when placed is reported once the row returns.
      const { order } = event;
      const venueId = order.id;
      const row = this.#ids.restingRow(venueId);
      if (row === undefined) return;
      this.#ids.finalized(row.id, venueId);
      this.#observer.final?.(order, row.id);
    }
  };
}
