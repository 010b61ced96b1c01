/**
 * The checker's own model of what rests: every open order with its size accounting, and per book
 * and side a FIFO queue per price with the prices kept sorted. Deliberately simple (maps, arrays,
 * sums by scanning), so it can judge the core's optimised book. Amounts are integer units (ticks x
 * tickUnits, lots x lotUnits) in plain numbers: the core keeps every amount below 2^53, and a sum
 * that could pass it is checked.
 */
import { SIDE_BUY, SIDE_SELL, type Sequence } from '../../../src/index.js';

export interface ExpectedOrder {
  /** The venue's order number (`ord_<sequence>`). */
  readonly sequence: Sequence;
  /** The instrument's index. */
  readonly book: number;
  /** SIDE_BUY or SIDE_SELL. */
  readonly side: number;
  /** Null for market orders; an amend may change it. */
  price: number | null;
  /** An amend may change it. */
  size: number;
  /** Sum of this order's trades. */
  filled: number;
  /** Taken off by reduces, cancels and expiry. */
  removed: number;
  resting: boolean;
}

interface BookSide {
  /** Price -> orders, oldest first. */
  readonly queues: Map<number, ExpectedOrder[]>;
  /** The queued prices, worst first, so the best is last. */
  readonly prices: number[];
  readonly buy: boolean;
}

/** What `levelTotal` returns when the sum passes 2^53 (no level may hold that much). */
export const LEVEL_TOO_LARGE = -1;

export class ExpectedBook {
  readonly orders = new Map<Sequence, ExpectedOrder>();
  /** Indexed by book * 2 + side. */
  readonly #sides: BookSide[] = [];

  constructor(books: number) {
    for (let book = 0; book < books; book++) {
      for (const side of [SIDE_BUY, SIDE_SELL])
        this.#sides[book * 2 + side] = { queues: new Map(), prices: [], buy: side === SIDE_BUY };
    }
  }

  remaining(order: ExpectedOrder): number {
    return order.size - order.filled - order.removed;
  }

  rest(order: ExpectedOrder): void {
    order.resting = true;
    const side = this.#side(order.book, order.side);
    const price = order.price!;
    const queue = side.queues.get(price);
    if (queue !== undefined) {
      queue.push(order);
      return;
    }
    side.queues.set(price, [order]);
    side.prices.splice(position(side, price), 0, price);
  }

  /** Takes the order off its price queue (it no longer rests). */
  unqueue(order: ExpectedOrder): void {
    if (!order.resting) return;
    order.resting = false;
    const side = this.#side(order.book, order.side);
    const price = order.price!;
    const queue = side.queues.get(price)!;
    queue.splice(queue.indexOf(order), 1);
    if (queue.length > 0) return;
    side.queues.delete(price);
    side.prices.splice(position(side, price), 1);
  }

  /** Drops a final order. */
  forget(order: ExpectedOrder): void {
    this.unqueue(order);
    this.orders.delete(order.sequence);
  }

  /** The best price on a side, or null when the side is empty. */
  bestPrice(book: number, side: number): number | null {
    const { prices } = this.#side(book, side);
    return prices.length === 0 ? null : prices[prices.length - 1]!;
  }

  /** The order first in time at the best price of a side, or null when the side is empty. */
  firstAtBest(book: number, side: number): ExpectedOrder | null {
    const { prices, queues } = this.#side(book, side);
    return prices.length === 0 ? null : queues.get(prices[prices.length - 1]!)![0]!;
  }

  /** The remaining sizes of the orders resting at `price`, summed (0 when none rest there). */
  levelTotal(book: number, side: number, price: number): number {
    let total = 0;
    for (const order of this.#side(book, side).queues.get(price) ?? [])
      total += this.remaining(order);
    return Number.isSafeInteger(total) ? total : LEVEL_TOO_LARGE;
  }

  /** Levels [price, total remaining] from best, as the venue's aggregated book lists them. */
  levels(book: number, side: number, depth: number): [number, number][] {
    const { prices } = this.#side(book, side);
    const levels: [number, number][] = [];
    for (let i = prices.length - 1; i >= 0 && levels.length < depth; i--)
      levels.push([prices[i]!, this.levelTotal(book, side, prices[i]!)]);
    return levels;
  }

  #side(book: number, side: number): BookSide {
    return this.#sides[book * 2 + side]!;
  }
}

/** Where `price` is, or would go, in the side's prices (worst first). */
function position(side: BookSide, price: number): number {
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
