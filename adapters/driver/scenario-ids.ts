/**
 * Scenario order ids <-> the venue's orders, in bounded memory: an order is mapped while it is
 * live (resting, or a stop waiting), and for a while after it became final (the last
 * `finalRetention` ones, as the venue retains them), so that a cancel of a recently filled order
 * is answered `order_not_open` as the venue would. A live order's scenario id is kept by its slot
 * in the core's order store (a slot is not reused while its order is live), so that the events'
 * sequences find it without a map; no record is kept per order.
 */
import type { VenueCore } from '../../src/index.js';

export class ScenarioIds {
  /** Scenario id -> order sequence: live orders and the last `finalRetention` final ones. */
  readonly #sequences = new Map<string, number>();
  /** By order store slot: the scenario id of the live row order there. */
  readonly #liveIds: (string | undefined)[] = [];
  #liveCount = 0;
  /** The last `finalRetention` (at least 1) final orders, a ring; `#next` is the oldest's slot. */
  readonly #finalIds: (string | undefined)[];
  readonly #finalSequences: Float64Array;
  #next = 0;

  constructor(
    private readonly core: VenueCore,
    readonly finalRetention: number,
  ) {
    this.#finalIds = new Array<string | undefined>(finalRetention).fill(undefined);
    this.#finalSequences = new Float64Array(finalRetention);
  }

  /** The order sequence a scenario id names now, live or recently final. */
  sequence(scenarioId: string): number | undefined {
    return this.#sequences.get(scenarioId);
  }

  /** Whether the scenario id names an order still live. */
  isLive(scenarioId: string): boolean {
    const sequence = this.#sequences.get(scenarioId);
    return sequence !== undefined && this.liveId(sequence) === scenarioId;
  }

  /** The scenario id of the live order `sequence`; undefined when it is not a live row's order. */
  liveId(sequence: number): string | undefined {
    const slot = this.core.orders.slot(sequence);
    return slot < 0 ? undefined : this.#liveIds[slot];
  }

  get liveCount(): number {
    return this.#liveCount;
  }

  /** The live orders' sequences and scenario ids, oldest first. */
  live(): [number, string][] {
    const { store } = this.core;
    const live: [number, string][] = [];
    this.#liveIds.forEach((id, slot) => {
      if (id !== undefined) live.push([store.sequence[slot]!, id]);
    });
    return live.sort(([a], [b]) => a - b);
  }

  /** Maps an order that is live (rests on the book, or waits for its trigger). */
  rested(sequence: number, scenarioId: string): void {
    this.#sequences.set(scenarioId, sequence);
    this.#liveIds[this.core.orders.slot(sequence)] = scenarioId;
    this.#liveCount++;
  }

  /** An order reached a final status: no longer live, remembered for a while. */
  finalized(scenarioId: string, sequence: number): void {
    const slot = this.core.orders.slot(sequence);
    if (this.#liveIds[slot] !== undefined) {
      this.#liveIds[slot] = undefined; // its id is mapped to it already (a live id is unique)
      this.#liveCount--;
    } else {
      this.#sequences.set(scenarioId, sequence);
    }
    const next = this.#next;
    const forgotten = this.#finalIds[next];
    if (forgotten !== undefined && this.#sequences.get(forgotten) === this.#finalSequences[next])
      this.#sequences.delete(forgotten);
    this.#finalIds[next] = scenarioId;
    this.#finalSequences[next] = sequence;
    this.#next = (next + 1) % this.finalRetention;
  }
}
