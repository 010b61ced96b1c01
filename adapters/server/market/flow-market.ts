/**
 * A scenario flow replayed onto the served venue in scaled time: a row whose time is `t` after the
 * flow's first row is applied `t / speed` after the market started, through the scenario driver
 * (the flow's own ids). With `loop`, the flow starts again right after its last row, once the
 * orders it left resting are cancelled (so that its ids can be used again).
 */
import type { OrderRecord, Venue } from '../../../src/index.js';
import { ScenarioClock, type ScenarioRow } from '../../flow/index.js';
import { type Scenario } from '../../flow/csv/index.js';
import { ScenarioDriver } from '../../flow/driver/index.js';
import { MarketVenue, type MarketCommand, type MarketHooks } from './market-venue.js';
import type { Scheduler } from './scheduler.js';

export interface FlowMarketOptions {
  readonly venue: Venue;
  /** Opens the flow from its start (once per pass). */
  readonly open: () => Promise<Scenario>;
  /** Flow milliseconds per served millisecond. */
  readonly speed: number;
  readonly loop: boolean;
  readonly start: number;
  readonly hooks?: MarketHooks;
}

export class FlowMarket {
  rowsApplied = 0;
  /** Rows the venue refused (a client took the order a cancel names, ...), or skipped while paused. */
  rowsRefused = 0;
  passes = 0;
  readonly #market: MarketVenue;
  readonly #driver: ScenarioDriver;

  constructor(readonly options: FlowMarketOptions) {
    this.#market = new MarketVenue(options.venue, options.hooks);
    this.#driver = new ScenarioDriver(options.venue, new ScenarioClock());
  }

  /** Runs until the flow ends (without `loop`) or `signal` is aborted. */
  async run(scheduler: Scheduler, signal: AbortSignal): Promise<void> {
    let passStart = this.options.start;
    while (!signal.aborted) {
      const last = await this.#pass(passStart, scheduler, signal);
      if (last === null || !this.options.loop || signal.aborted) return;
      this.#cancelResting();
      passStart = last;
    }
  }

  /** One pass over the flow; the time its last row was due, null when it had none. */
  async #pass(start: number, scheduler: Scheduler, signal: AbortSignal): Promise<number | null> {
    const scenario = await this.options.open();
    let first: number | undefined;
    let due: number | null = null;
    try {
      for await (const row of scenario.rows) {
        first ??= row.ts;
        due = start + (row.ts - first) / this.options.speed;
        await scheduler.wait(due, signal);
        if (signal.aborted) return due;
        this.#apply(row);
      }
    } finally {
      scenario.close();
    }
    this.passes++;
    return due;
  }

  #apply(row: ScenarioRow): void {
    if (!this.#market.acceptsWrites) {
      this.rowsRefused++;
      return;
    }
    this.#market.claim(row.account);
    if (this.#driver.apply(row) !== null) {
      this.rowsRefused++;
      return;
    }
    this.rowsApplied++;
    const order = this.#driver.lastOrder!;
    const at = this.options.venue.commandTime();
    this.#market.report(marketCommand(row, order, at));
  }

  #cancelResting(): void {
    const resting = [...this.#driver.restingOrders()];
    for (const [order] of resting) this.#market.cancel(order.account, order.id);
  }
}

function marketCommand(row: ScenarioRow, order: OrderRecord, at: number): MarketCommand {
  switch (row.action) {
    case 'new':
      return { action: 'new', order };
    case 'cancel':
      return { action: 'cancel', order, at };
    case 'reduce':
      return { action: 'reduce', order, at, size: row.size };
    case 'amend': {
      const { size, price } = row;
      return {
        action: 'amend',
        order,
        at,
        request: { ...(size !== undefined && { size }), ...(price !== undefined && { price }) },
      };
    }
  }
}
