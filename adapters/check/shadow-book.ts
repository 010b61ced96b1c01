/**
 * The checker's own model of what rests: every open order with its size accounting, and per
 * symbol and side a FIFO queue per price with the prices kept sorted. Deliberately simple (maps,
 * arrays, sums by scanning), so it can judge the core's optimised book.
 */
import type { Side } from '../../src/index.js';

export interface ShadowOrder {
  readonly id: string;
  readonly symbol: string;
  readonly side: Side;
  /** Null for market orders. */
  readonly price: bigint | null;
  /** `${symbol} ${side} ${price}`, the price as the venue formats it ('' for market orders). */
  readonly levelKey: string;
  readonly size: bigint;
  /** Sum of this order's trades. */
  filled: bigint;
  /** Taken off by reduces, cancels and expiry. */
  removed: bigint;
  resting: boolean;
}

interface BookSide {
  /** Price -> order ids, oldest first. */
  readonly queues: Map<bigint, string[]>;
  /** The queued prices, worst first, so the best is last. */
  readonly prices: bigint[];
  readonly buy: boolean;
}

export class ShadowBook {
  readonly orders = new Map<string, ShadowOrder>();
  readonly #books = new Map<string, Record<Side, BookSide>>();

  remaining(order: ShadowOrder): bigint {
    return order.size - order.filled - order.removed;
  }

  rest(order: ShadowOrder): void {
    order.resting = true;
    const side = this.#side(order.symbol, order.side);
    const price = order.price!;
    const ids = side.queues.get(price);
    if (ids !== undefined) {
      ids.push(order.id);
      return;
    }
    side.queues.set(price, [order.id]);
    side.prices.splice(position(side, price), 0, price);
  }

  /** Takes the order off its price queue (it no longer rests). */
  unqueue(order: ShadowOrder): void {
    if (!order.resting) return;
    order.resting = false;
    const side = this.#side(order.symbol, order.side);
    const price = order.price!;
    const ids = side.queues.get(price)!;
    ids.splice(ids.indexOf(order.id), 1);
    if (ids.length > 0) return;
    side.queues.delete(price);
    side.prices.splice(position(side, price), 1);
  }

  /** Drops a final order. */
  forget(order: ShadowOrder): void {
    this.unqueue(order);
    this.orders.delete(order.id);
  }

  /** The best price on a side and the id first in time there, or null when the side is empty. */
  best(symbol: string, side: Side): { price: bigint; first: string } | null {
    const { prices, queues } = this.#side(symbol, side);
    const price = prices[prices.length - 1];
    return price === undefined ? null : { price, first: queues.get(price)![0]! };
  }

  /** The remaining sizes of the orders resting at `price`, summed (0 when none rest there). */
  levelTotal(symbol: string, side: Side, price: bigint): bigint {
    let total = 0n;
    for (const id of this.#side(symbol, side).queues.get(price) ?? [])
      total += this.remaining(this.orders.get(id)!);
    return total;
  }

  /** Levels [price, total remaining] from best, as the venue's aggregated book lists them. */
  levels(symbol: string, side: Side, depth: number): [bigint, bigint][] {
    const { prices } = this.#side(symbol, side);
    const levels: [bigint, bigint][] = [];
    for (let i = prices.length - 1; i >= 0 && levels.length < depth; i--)
      levels.push([prices[i]!, this.levelTotal(symbol, side, prices[i]!)]);
    return levels;
  }

  #side(symbol: string, side: Side): BookSide {
    let book = this.#books.get(symbol);
    if (book === undefined) {
      book = {
        buy: { queues: new Map(), prices: [], buy: true },
        sell: { queues: new Map(), prices: [], buy: false },
      };
      this.#books.set(symbol, book);
    }
    return book[side];
  }
}

/** Where `price` is, or would go, in the side's prices (worst first). */
function position(side: BookSide, price: bigint): number {
  const { prices, buy } = side;
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const other = prices[middle]!;
    if (buy ? other < price : other > price) low = middle + 1;
    else high = middle;
  }
  return low;
}
