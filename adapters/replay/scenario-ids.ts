/**
 * Scenario order ids <-> venue order ids, in bounded memory: an order is tracked while it rests,
 * and for a while after it became final (the last `finalRetention` ones, as the venue retains
 * them), so a cancel of a recently filled order is answered `order_not_open` as the venue would.
 */

export interface TrackedOrder {
  readonly scenarioId: string;
  readonly venueId: string;
  readonly account: string;
}

export class ScenarioIds {
  readonly #byScenario = new Map<string, TrackedOrder>();
  readonly #byVenue = new Map<string, TrackedOrder>();
  /** The last `finalRetention` (at least 1) final orders, a ring; `#next` is the oldest's slot. */
  readonly #finals: (TrackedOrder | undefined)[];
  #next = 0;

  constructor(readonly finalRetention: number) {
    this.#finals = new Array<TrackedOrder | undefined>(finalRetention).fill(undefined);
  }

  /** The order a scenario id names now, open or recently final. */
  byScenarioId(scenarioId: string): TrackedOrder | undefined {
    return this.#byScenario.get(scenarioId);
  }

  byVenueId(venueId: string): TrackedOrder | undefined {
    return this.#byVenue.get(venueId);
  }

  /** Whether the scenario id names an order still resting. */
  isOpen(scenarioId: string): boolean {
    const tracked = this.#byScenario.get(scenarioId);
    return tracked !== undefined && this.#byVenue.get(tracked.venueId) === tracked;
  }

  /** Tracks an order that rests on the book. */
  opened(order: TrackedOrder): void {
    this.#byScenario.set(order.scenarioId, order);
    this.#byVenue.set(order.venueId, order);
  }

  /** An order reached a final status: no longer resting, remembered for a while. */
  finalized(order: TrackedOrder): void {
    if (this.#byVenue.get(order.venueId) === order) this.#byVenue.delete(order.venueId);
    this.#byScenario.set(order.scenarioId, order);
    const forgotten = this.#finals[this.#next];
    this.#finals[this.#next] = order;
    this.#next = (this.#next + 1) % this.finalRetention;
    if (forgotten !== undefined && this.#byScenario.get(forgotten.scenarioId) === forgotten)
      this.#byScenario.delete(forgotten.scenarioId);
  }

  /** The resting orders, oldest first. */
  open(): IterableIterator<TrackedOrder> {
    return this.#byVenue.values();
  }
}
