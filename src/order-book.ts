/**
 * The matching core of one symbol. Its ordering invariants:
 *
 * 1. Price-time priority. A taker meets the best opposite level first; within a level, resting
 *    orders are matched in arrival order (a FIFO linked list). Reducing an order keeps its place;
 *    nothing else reorders a level.
 * 2. Every trade is at the maker's price, and never beyond the taker's limit.
 * 3. At rest the book is never crossed: an order rests only after matching all it could.
 * 4. A command is decided before the book changes: fok liquidity and post-only crossing are
 *    checked first, so an order refused by them leaves the book untouched.
 * 5. Each change is announced when it happens, so events follow the order of the changes.
 */
import type { Instrument } from './instrument.js';
import type { Order } from './order.js';
import { PriceLadder } from './price-ladder.js';
import type { PriceLevel } from './price-level.js';
import { RollingStats } from './rolling-stats.js';
import { TradeLog } from './trade-log.js';

/** What the book tells the venue as it matches and changes. */
export interface BookListener {
  /** `size` of `maker` was traded with `taker` at the maker's price; both are already updated. */
  executed(book: OrderBook, maker: Order, taker: Order, size: number): void;
  levelChanged(book: OrderBook, level: PriceLevel, side: Order['side']): void;
}

export class OrderBook {
  readonly bids = new PriceLadder(1);
  readonly asks = new PriceLadder(-1);
  readonly stats = new RollingStats();
  readonly trades: TradeLog;
  /** Grows by one with each level change. */
  sequence = 0;

  constructor(
    readonly instrument: Instrument,
    tradeRetention: number,
    private readonly listener: BookListener,
  ) {
    this.trades = new TradeLog(tradeRetention);
  }

  /** Matches `taker` against the opposite side as far as its limit and remaining size allow. */
  match(taker: Order): void {
    const opposite = taker.side === 'buy' ? this.asks : this.bids;
    const side = taker.side === 'buy' ? 'sell' : 'buy';
    const limitKey = limitKeyOf(taker);
    while (taker.remaining > 0) {
      const level = opposite.best();
      if (level === null || level.key < limitKey) return;
      let maker = level.head;
      while (maker !== null && taker.remaining > 0) {
        const next = maker.next;
        const size = maker.remaining < taker.remaining ? maker.remaining : taker.remaining;
        maker.remaining -= size;
        maker.filled += size;
        taker.remaining -= size;
        taker.filled += size;
        level.total -= size;
        if (maker.remaining === 0) {
          maker.status = 'filled';
          level.unlink(maker);
        } else {
          maker.status = 'partially_filled';
        }
        if (level.count === 0) opposite.remove(level);
        this.sequence++;
        this.listener.executed(this, maker, taker, size);
        this.listener.levelChanged(this, level, side);
        maker = next;
      }
    }
  }

  /** Whether the opposite side holds `taker.remaining` within its limit. */
  canFill(taker: Order): boolean {
    const opposite = taker.side === 'buy' ? this.asks : this.bids;
    const limitKey = limitKeyOf(taker);
    let available = 0;
    opposite.forEachFromBest(Infinity, (level) => {
      if (level.key < limitKey) return false;
      available += level.total;
      return available < taker.remaining;
    });
    return available >= taker.remaining;
  }

  /** Whether a limit order at its price would trade on arrival. */
  wouldTake(order: Order): boolean {
    const best = (order.side === 'buy' ? this.asks : this.bids).best();
    return best !== null && best.key >= limitKeyOf(order);
  }

  /** Size units resting at `price` on `side` (0 when there is no level). */
  restingAt(side: Order['side'], price: number): number {
    return (side === 'buy' ? this.bids : this.asks).get(price)?.total ?? 0;
  }

  rest(order: Order): void {
    const level = (order.side === 'buy' ? this.bids : this.asks).getOrCreate(order.price);
    level.append(order);
    this.sequence++;
    this.listener.levelChanged(this, level, order.side);
  }

  /**
   * Takes `size` units off a resting order; at its whole remaining size it leaves the book. The
   * caller announces the level change (after the order's own update).
   */
  take(order: Order, size: number): PriceLevel {
    const ladder = order.side === 'buy' ? this.bids : this.asks;
    const level = ladder.get(order.price)!;
    order.remaining -= size;
    level.total -= size;
    if (order.remaining === 0) {
      level.unlink(order);
      if (level.count === 0) ladder.remove(level);
    }
    this.sequence++;
    return level;
  }
}

/**
 * The lowest level key a taker may trade with: levels are keyed so that larger is better
 * (bids by price, asks by -price); market orders take any level.
 */
function limitKeyOf(taker: Order): number {
  if (taker.type === 'market') return -Infinity;
  return taker.side === 'buy' ? -taker.price : taker.price;
}
