/** What the scenario driver returns and reports: its refusals, its observer, its options. */
import type { VenueErrorCode } from '../../../src/index.js';
import type { ScenarioOrder, ScenarioTrade } from './scenario-events.js';

/** Why a valid row was not applied: the venue's codes, and `duplicate_id` (the driver's own). */
export type RefusalCode = VenueErrorCode | 'duplicate_id';

export interface Refusal {
  readonly code: RefusalCode;
  /** Names the order by its scenario id. */
  readonly message: string;
}

/**
 * What the driver reports, under the scenario ids; every member is optional. Each is handed the
 * core's event with its ids attached (scenario-events.ts), valid during the call; a record is
 * built only by `record()`.
 */
export interface DriverObserver {
  /** Every trade of the venue (the maker's id is not `known` when it is not a row's order). */
  trade?(trade: ScenarioTrade): void;
  /** A row's new order is live: it rests on the book, or waits for its trigger. */
  rested?(order: ScenarioOrder): void;
  /** A row's order became final: when placed (after its trades), or later while live. */
  final?(order: ScenarioOrder): void;
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
