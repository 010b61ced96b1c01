/**
 * The generator's resting orders, told by the scenario driver: picked uniformly for cancels and
 * reduces, dropped once final.
 */
import type { SeededRandom } from '../../../src/index.js';
import type { DriverObserver, ScenarioOrder } from '../../flow/driver/index.js';

export interface LiveOrder {
  readonly scenarioId: string;
  readonly account: string;
  readonly symbol: string;
}

export class LiveOrders implements DriverObserver {
  readonly #orders: LiveOrder[] = [];
  /** Scenario id -> position in `#orders`. */
  readonly #positions = new Map<string, number>();

  get size(): number {
    return this.#orders.length;
  }

  pick(random: SeededRandom): LiveOrder | undefined {
    return this.#orders.length === 0
      ? undefined
      : this.#orders[random.int(0, this.#orders.length - 1)];
  }

  rested(order: ScenarioOrder): void {
    const { account, symbol } = order.record();
    const scenarioId = order.id.text()!;
    this.#positions.set(scenarioId, this.#orders.length);
    this.#orders.push({ scenarioId, account, symbol });
  }

  final(order: ScenarioOrder): void {
    const scenarioId = order.id.text()!;
    const position = this.#positions.get(scenarioId);
    if (position === undefined) return;
    const last = this.#orders.pop()!;
    if (last.scenarioId !== scenarioId) {
      this.#orders[position] = last;
      this.#positions.set(last.scenarioId, position);
    }
    this.#positions.delete(scenarioId);
  }
}
