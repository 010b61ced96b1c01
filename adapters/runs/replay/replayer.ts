/**
 * Replays scenario rows through a Venue with the scenario driver: writes each trade and each
 * final order as it happens, and gives the still-resting orders and the final figures at the end.
 * Memory stays bounded: the venue keeps few final orders and trades, the driver few ids.
 */
import { Venue, type InstrumentSpec } from '../../../src/index.js';
import { ScenarioClock, type ParsedScenarioRow } from '../../flow/index.js';
import {
  FINAL_ORDER_RETENTION,
  ScenarioDriver,
  type Refusal as DriverRefusal,
} from '../../flow/driver/index.js';
import type { LineSink } from './line-formatter.js';
import { ReplayEvents } from './replay-events.js';
import type { ReplayTotals } from './replay-summary.js';

/** A valid row the venue (or the driver) refused, with its line. */
export interface ReplayRefusal extends DriverRefusal {
  readonly line: number;
}

export class Replayer implements ReplayTotals {
  readonly venue: Venue;
  readonly clock = new ScenarioClock();
  readonly driver: ScenarioDriver;

  /** `lines` makes where the trades and final orders go, for the venue made here; null: nowhere. */
  constructor(instruments: readonly InstrumentSpec[], lines: ((venue: Venue) => LineSink) | null) {
    const created = Venue.create({
      clock: this.clock.read,
      ...(instruments.length > 0 ? { instruments } : {}),
      tradeRetention: 1,
      orderRetention: FINAL_ORDER_RETENTION,
    });
    if (!created.ok) throw new Error(created.error.message);
    this.venue = created.value;
    // Without outputs, nothing reads the rows' ids: the driver then never turns them into strings.
    const sink = lines?.(this.venue);
    const events = sink === undefined ? {} : new ReplayEvents(this.venue, sink);
    this.driver = new ScenarioDriver(this.venue, this.clock, events);
    if (sink?.idArenas !== undefined) this.driver.shareIds(sink.idArenas);
  }

  get rowCount(): number {
    return this.driver.rowCount;
  }

  get restingCount(): number {
    return this.driver.restingCount;
  }

  get tradeCount(): number {
    return this.venue.core.tradeCount;
  }

  get statusCounts(): Float64Array {
    return this.driver.finalCounts;
  }

  /**
   * Applies one row (plain `new` and `cancel` rows go to the core as numbers: ScenarioDriver.feed);
   * a refusal is returned, not thrown.
   */
  apply(row: ParsedScenarioRow): ReplayRefusal | null {
    const refusal = this.driver.feed(row);
    return refusal === null ? null : { line: row.line, ...refusal };
  }

  /** The words of the core's refusal (`code`) of the row's command, submitted as numbers. */
  refusal(row: ParsedScenarioRow, code: number): ReplayRefusal {
    return { line: row.line, ...this.driver.refusal(row.id, code) };
  }
}
