/**
 * A mirror of the venue's book for one symbol, order by order, so the converter knows what each
 * scenario row will do: price-time priority, trades at the resting price, reduces keep priority.
 */
import type { Side } from '../../../src/index.js';

export interface LobsterOrder {
  /** The scenario id. */
  readonly id: string;
  readonly account: string;
  readonly side: Side;
  /** Dollars times 10000. */
  readonly price: number;
  /** What is left on the venue's book. */
  remaining: number;
  /** What LOBSTER says is left; 0 once LOBSTER no longer tracks the order (synthetic or gone). */
  lobsterRemaining: number;
}

export interface ShadowLevel {
  readonly price: number;
  /** Time priority: first in, first filled. */
  readonly orders: LobsterOrder[];
  total: number;
}

/** One side: levels by price, and their keys sorted best first (asks by price, bids by -price). */
export class ShadowSide {
  readonly #levels = new Map<number, ShadowLevel>();
  readonly #keys: number[] = [];

  constructor(private readonly sign: 1 | -1) {}

  level(price: number): ShadowLevel | undefined {
    return this.#levels.get(price);
  }

  best(): ShadowLevel | undefined {
    const key = this.#keys[0];
    return key === undefined ? undefined : this.#levels.get(key * this.sign);
  }

  /** The occupied levels, best first (do not change the side while iterating). */
  *fromBest(): Generator<ShadowLevel> {
    for (const key of this.#keys) yield this.#levels.get(key * this.sign)!;
  }

  append(order: LobsterOrder): void {
    let level = this.#levels.get(order.price);
    if (level === undefined) {
      level = { price: order.price, orders: [], total: 0 };
      this.#levels.set(order.price, level);
      const key = order.price * this.sign;
      this.#keys.splice(this.#insertionPoint(key), 0, key);
    }
    level.orders.push(order);
    level.total += order.remaining;
  }

  /** Takes `amount` (at most the order's remaining) off a resting order. */
  take(order: LobsterOrder, amount: number): void {
    const level = this.#levels.get(order.price)!;
    order.remaining -= amount;
    level.total -= amount;
    if (order.remaining > 0) return;
    level.orders.splice(level.orders.indexOf(order), 1);
    if (level.orders.length > 0) return;
    this.#levels.delete(order.price);
    this.#keys.splice(this.#insertionPoint(order.price * this.sign), 1);
  }

  #insertionPoint(key: number): number {
    let low = 0;
    let high = this.#keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#keys[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export class LobsterBook {
  readonly bids = new ShadowSide(-1);
  readonly asks = new ShadowSide(1);

  side(side: Side): ShadowSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  /**
   * A limit order as the venue handles it: it trades with the other side while the prices cross
   * (best price first, then time), then rests (`rest`, i.e. gtc) or its remainder expires (ioc).
   */
  place(order: LobsterOrder, rest: boolean): void {
    const other = this.side(order.side === 'buy' ? 'sell' : 'buy');
    const crosses = (price: number) =>
      order.side === 'buy' ? price <= order.price : price >= order.price;
    for (let level = other.best(); level !== undefined; level = other.best()) {
      if (order.remaining === 0 || !crosses(level.price)) break;
      const maker = level.orders[0]!;
      const size = Math.min(maker.remaining, order.remaining);
      order.remaining -= size;
      other.take(maker, size);
    }
    if (rest && order.remaining > 0) this.side(order.side).append(order);
  }
}
