/**
 * Scenario order ids <-> venue order ids, in bounded memory: an order is mapped while it rests,
 * and for a while after it became final (the last `finalRetention` ones, as the venue retains
 * them), so a cancel of a recently filled order is answered `order_not_open` as the venue would.
 * Only strings are stored (no record per order): a resting order keeps the row that placed it.
 */
import type { NewOrderRow } from '../csv/index.js';

export class ScenarioIds {
  /** Scenario id -> venue order id: resting orders and the last `finalRetention` final ones. */
  readonly #venueIds = new Map<string, string>();
  /** Venue order id -> the row that placed it, resting orders only, oldest first. */
  readonly #resting = new Map<string, NewOrderRow>();
  /** The last `finalRetention` (at least 1) final orders, a ring; `#next` is the oldest's slot. */
  readonly #finalScenarioIds: (string | undefined)[];
  readonly #finalVenueIds: (string | undefined)[];
  #next = 0;

  constructor(readonly finalRetention: number) {
    this.#finalScenarioIds = new Array<string | undefined>(finalRetention).fill(undefined);
    this.#finalVenueIds = new Array<string | undefined>(finalRetention).fill(undefined);
  }

  /** The venue order id a scenario id names now, resting or recently final. */
  venueId(scenarioId: string): string | undefined {
    return this.#venueIds.get(scenarioId);
  }

  /** Whether the scenario id names an order still resting. */
  isResting(scenarioId: string): boolean {
    const venueId = this.#venueIds.get(scenarioId);
    return venueId !== undefined && this.#resting.has(venueId);
  }

  /** The row that placed the resting order `venueId`; undefined when it is not resting. */
  restingRow(venueId: string): NewOrderRow | undefined {
    return this.#resting.get(venueId);
  }

  get restingCount(): number {
    return this.#resting.size;
  }

  /** The resting orders' venue ids and rows, oldest first. */
  resting(): IterableIterator<[string, NewOrderRow]> {
    return this.#resting.entries();
  }

  /** Maps an order that rests on the book. */
  rested(venueId: string, row: NewOrderRow): void {
    this.#venueIds.set(row.id, venueId);
    this.#resting.set(venueId, row);
  }

  /** An order reached a final status: no longer resting, remembered for a while. */
  finalized(scenarioId: string, venueId: string): void {
    this.#resting.delete(venueId);
    this.#venueIds.set(scenarioId, venueId);
    const next = this.#next;
    const forgotten = this.#finalScenarioIds[next];
    if (forgotten !== undefined && this.#venueIds.get(forgotten) === this.#finalVenueIds[next])
      this.#venueIds.delete(forgotten);
    this.#finalScenarioIds[next] = scenarioId;
    this.#finalVenueIds[next] = venueId;
    this.#next = (next + 1) % this.finalRetention;
  }
}
