/** The generator's resting orders: picked uniformly for cancels and reduces, dropped once final. */
import type { OrderRecord, SeededRandom, Venue } from '../../src/index.js';
import type { NewOrderRow } from '../csv/index.js';

export interface LiveOrder {
  readonly scenarioId: string;
  readonly venueId: string;
  readonly account: string;
  readonly symbol: string;
}

export class LiveOrders {
  readonly #orders: LiveOrder[] = [];
  readonly #positions = new Map<string, number>();
  readonly #byScenario = new Map<string, LiveOrder>();

  constructor(venue: Venue) {
    venue.subscribe(
      (event) => {
        if (event.type !== 'order') return;
        const { status, id } = event.order;
        if (status !== 'open' && status !== 'partially_filled') this.#drop(id);
      },
      ['order'],
    );
  }

  get size(): number {
    return this.#orders.length;
  }

  pick(random: SeededRandom): LiveOrder | undefined {
    return this.#orders.length === 0
      ? undefined
      : this.#orders[random.int(0, this.#orders.length - 1)];
  }

  venueId(scenarioId: string): string | undefined {
    return this.#byScenario.get(scenarioId)?.venueId;
  }

  placed(row: NewOrderRow, order: OrderRecord): void {
    if (order.status !== 'open' && order.status !== 'partially_filled') return;
    const live = {
      scenarioId: row.id,
      venueId: order.id,
      account: row.account,
      symbol: row.symbol,
    };
    this.#positions.set(order.id, this.#orders.length);
    this.#byScenario.set(row.id, live);
    this.#orders.push(live);
  }

  #drop(venueId: string): void {
    const position = this.#positions.get(venueId);
    if (position === undefined) return;
    const last = this.#orders.pop()!;
    const dropped = this.#orders[position] ?? last;
    if (last !== dropped) {
      this.#orders[position] = last;
      this.#positions.set(last.venueId, position);
    }
    this.#positions.delete(venueId);
    this.#byScenario.delete(dropped.scenarioId);
  }
}
