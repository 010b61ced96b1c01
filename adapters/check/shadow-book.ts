/**
 * The checker's own model of what rests: every open order with its size accounting, and per
 * symbol and side a FIFO queue per price. Deliberately simple (maps and arrays, scanned), so it
 * can judge the core's optimised book.
 */
import type { Side } from '../../src/index.js';

export interface ShadowOrder {
  readonly id: string;
  readonly symbol: string;
  readonly side: Side;
  /** Null for market orders. */
  readonly price: bigint | null;
  readonly size: bigint;
  /** Sum of this order's trades. */
  filled: bigint;
  /** Taken off by reduces, cancels and expiry. */
  removed: bigint;
  resting: boolean;
}

export class ShadowBook {
  readonly orders = new Map<string, ShadowOrder>();
  /** `${symbol} ${side}` -> price -> order ids, oldest first. */
  readonly #queues = new Map<string, Map<bigint, string[]>>();

  readonly #resting = new Map<string, number>();

  restingCount(symbol: string): number {
    return this.#resting.get(symbol) ?? 0;
  }

  remaining(order: ShadowOrder): bigint {
    return order.size - order.filled - order.removed;
  }

  rest(order: ShadowOrder): void {
    order.resting = true;
    this.#resting.set(order.symbol, this.restingCount(order.symbol) + 1);
    const queue = this.#side(order.symbol, order.side);
    const ids = queue.get(order.price!) ?? [];
    queue.set(order.price!, ids);
    ids.push(order.id);
  }

  /** Takes the order off its price queue (it no longer rests). */
  unqueue(order: ShadowOrder): void {
    if (!order.resting) return;
    order.resting = false;
    this.#resting.set(order.symbol, this.restingCount(order.symbol) - 1);
    const queue = this.#side(order.symbol, order.side);
    const ids = queue.get(order.price!)!;
    ids.splice(ids.indexOf(order.id), 1);
    if (ids.length === 0) queue.delete(order.price!);
  }

  /** Drops a final order. */
  forget(order: ShadowOrder): void {
    this.unqueue(order);
    this.orders.delete(order.id);
  }

  /** The best price on a side and the id first in time there, or null when the side is empty. */
  best(symbol: string, side: Side): { price: bigint; first: string } | null {
    let best: bigint | null = null;
    for (const price of this.#side(symbol, side).keys()) {
      if (best === null || (side === 'buy' ? price > best : price < best)) best = price;
    }
    return best === null ? null : { price: best, first: this.#side(symbol, side).get(best)![0]! };
  }

  /** Levels [price, total remaining] from best, as the venue's aggregated book lists them. */
  levels(symbol: string, side: Side): [bigint, bigint][] {
    const levels: [bigint, bigint][] = [];
    for (const [price, ids] of this.#side(symbol, side)) {
      let total = 0n;
      for (const id of ids) total += this.remaining(this.orders.get(id)!);
      levels.push([price, total]);
    }
    return levels.sort(([a], [b]) => (a === b ? 0 : a < b === (side === 'sell') ? -1 : 1));
  }

  #side(symbol: string, side: Side): Map<bigint, string[]> {
    const key = `${symbol} ${side}`;
    let queue = this.#queues.get(key);
    if (queue === undefined) {
      queue = new Map();
      this.#queues.set(key, queue);
    }
    return queue;
  }
}
