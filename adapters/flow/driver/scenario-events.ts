/**
 * The core's events as the driver's observer sees them: the event itself and the scenario ids of
 * its orders attached as views, no field copied. Both objects are reused: valid during the call
 * that hands them over. A record is built only when `record()` is called.
 */
import {
  orderRecord,
  tradeRecord,
  type OrderEvent,
  type OrderRecord,
  type TradeEvent,
  type TradeRecord,
  type VenueCore,
} from '../../../src/index.js';
import { ScenarioIdView } from './scenario-id-view.js';

export class ScenarioTrade {
  event!: TradeEvent;
  /** Not `known` when the maker is not a row's order. */
  readonly makerId = new ScenarioIdView();
  /** The live order that took (a stop that triggered, an amend that crossed), or the row's order. */
  takerId = new ScenarioIdView();

  constructor(private readonly core: VenueCore) {}

  record(): TradeRecord {
    return tradeRecord(this.core, this.event);
  }
}

export class ScenarioOrder {
  event!: OrderEvent;
  readonly id = new ScenarioIdView();
  /** The record the row's command returned, when it did. */
  known: OrderRecord | null = null;

  constructor(private readonly core: VenueCore) {}

  record(): OrderRecord {
    return this.known ?? orderRecord(this.core, this.event);
  }
}
