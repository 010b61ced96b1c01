/**
 * Replays scenario rows through a Venue with the scenario driver: writes each trade and each
 * final order as it happens, and gives the still-resting orders and the final figures at the end.
 * Memory stays bounded: the venue keeps few final orders and trades, the driver few ids.
 */
import { Venue, type InstrumentSpec, type OrderStatus } from '../../src/index.js';
import { ScenarioClock, type ParsedScenarioRow } from '../csv/index.js';
import {
  FINAL_ORDER_RETENTION,
  ScenarioDriver,
  type Refusal as DriverRefusal,
} from '../driver/index.js';
import { orderLine, tradeLine } from './replay-records.js';

export interface ReplaySinks {
  readonly trades: { write(text: string): void };
  readonly orders: { write(text: string): void };
}

/** A valid row the venue (or the driver) refused, with its line. */
export interface Refusal extends DriverRefusal {
  readonly line: number;
}

export class Replayer {
  readonly venue: Venue;
  readonly clock = new ScenarioClock();
  readonly driver: ScenarioDriver;
  readonly statusCounts = new Map<OrderStatus, number>();
  tradeCount = 0;

  constructor(instruments: readonly InstrumentSpec[], sinks: ReplaySinks | null) {
    const created = Venue.create({
      clock: this.clock.read,
      ...(instruments.length > 0 ? { instruments } : {}),
      tradeRetention: 1,
      orderRetention: FINAL_ORDER_RETENTION,
    });
    if (!created.ok) throw new Error(created.error.message);
    this.venue = created.value;
    this.driver = new ScenarioDriver(this.venue, this.clock, {
      trade: (trade, makerId, takerId) => {
        this.tradeCount++;
        sinks?.trades.write(tradeLine(trade, makerId!, takerId!));
      },
      final: (order, scenarioId) => {
        this.statusCounts.set(order.status, (this.statusCounts.get(order.status) ?? 0) + 1);
        sinks?.orders.write(orderLine(order, scenarioId));
      },
    });
  }

  get rowCount(): number {
    return this.driver.rowCount;
  }

  get restingCount(): number {
    return this.driver.restingCount;
  }

  /** Applies one row; a refusal is returned, not thrown. */
  apply(row: ParsedScenarioRow): Refusal | null {
    const refusal = this.driver.apply(row);
    return refusal === null ? null : { line: row.line, ...refusal };
  }
}
