/**
 * Scenario order ids <-> the venue's order sequences, in bounded memory: an order is mapped while
 * it is live (resting, or a stop waiting), and for a while after it became final (the last
 * `finalRetention` ones, as the venue retains them), so that a cancel of a recently filled order
 * is answered `order_not_open` as the venue would. No record is kept per order.
 */
export class ScenarioIds {
  /** Scenario id -> order sequence: live orders and the last `finalRetention` final ones. */
  readonly #sequences = new Map<string, number>();
  /** Order sequence -> scenario id, live orders only, oldest first. */
  readonly #live = new Map<number, string>();
  /** The last `finalRetention` (at least 1) final orders, a ring; `#next` is the oldest's slot. */
  readonly #finalIds: (string | undefined)[];
  readonly #finalSequences: Float64Array;
  #next = 0;

  constructor(readonly finalRetention: number) {
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
    return sequence !== undefined && this.#live.has(sequence);
  }

  /** The scenario id of the live order `sequence`; undefined when it is not a live row's order. */
  liveId(sequence: number): string | undefined {
    return this.#live.get(sequence);
  }

  get liveCount(): number {
    return this.#live.size;
  }

  /** The live orders' sequences and scenario ids, oldest first. */
  live(): IterableIterator<[number, string]> {
    return this.#live.entries();
  }

  /** Maps an order that is live (rests on the book, or waits for its trigger). */
  rested(sequence: number, scenarioId: string): void {
    this.#sequences.set(scenarioId, sequence);
    this.#live.set(sequence, scenarioId);
  }

  /** An order reached a final status: no longer live, remembered for a while. */
  finalized(scenarioId: string, sequence: number): void {
    this.#live.delete(sequence);
    this.#sequences.set(scenarioId, sequence);
    const next = this.#next;
    const forgotten = this.#finalIds[next];
    if (forgotten !== undefined && this.#sequences.get(forgotten) === this.#finalSequences[next])
      this.#sequences.delete(forgotten);
    this.#finalIds[next] = scenarioId;
    this.#finalSequences[next] = sequence;
    this.#next = (next + 1) % this.finalRetention;
  }
}
