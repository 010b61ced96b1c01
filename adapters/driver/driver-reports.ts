/** What the scenario driver returns and reports: its refusals, its observer, its options. */
import type { OrderRecord, TradeRecord, VenueErrorCode } from '../../src/index.js';
import type { ScenarioIdView } from './scenario-id-view.js';

/** Why a valid row was not applied: the venue's codes, and `duplicate_id` (the driver's own). */
export type RefusalCode = VenueErrorCode | 'duplicate_id';

export interface Refusal {
  readonly code: RefusalCode;
  /** Names the order by its scenario id. */
  readonly message: string;
}

/**
 * What the driver reports, each under the scenario ids; every member is optional, and a record
 * is built only for the members that take one. `makerId` is undefined (a view: not `known`) when
 * the maker is not a row's order, `takerId` when the trade happens outside a row.
 */
export interface DriverObserver {
  trade?(trade: TradeRecord, makerId: string | undefined, takerId: string | undefined): void;
  /**
   * A trade in the core's numbers (its onTrade arguments), the ids as views of their bytes (no
   * string is built unless `text()` is called), valid during the call.
   */
  numericTrade?(
    trade: number,
    book: number,
    priceTicks: number,
    sizeLots: number,
    makerSequence: number,
    takerSequence: number,
    time: number,
    makerId: ScenarioIdView,
    takerId: ScenarioIdView,
  ): void;
  /** A row's new order is live: it rests on the book, or waits for its trigger. */
  rested?(order: OrderRecord, scenarioId: string): void;
  /** A row's order became final: when placed (after its trades), or later while live. */
  final?(order: OrderRecord, scenarioId: string): void;
  /**
   * The same, in numbers: the order's slot is still readable in `venue.core` meanwhile; the id
   * as a view, valid during the call.
   */
  numericFinal?(sequence: number, status: number, scenarioId: ScenarioIdView): void;
}

export interface DriverOptions {
  /**
   * The rows' ids are the venue's own order ids (a server journal): a cancel or reduce row names
   * the venue order directly, so the venue answers for every order it still holds, however long
   * ago it became final; a `new` row's id is not checked (the venue assigns it: compare it with
   * `lastOrder.id`). Rows go through `apply` only.
   */
  readonly venueIds?: boolean;
}
