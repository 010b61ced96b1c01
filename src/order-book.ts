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
 *
 * docs/invariants.md numbers the venue's invariants; its 9 to 12 cover stops, self-trade
 * prevention, amend and expiry.
 */
import type { Instrument } from './instrument.js';
import type { MonotonicClock } from './monotonic-clock.js';
import type { OrderIndex } from './order-index.js';
import { NO_SLOT, type OrderStore } from './order-store.js';
import { KIND_STP_SHIFT } from './order-kind.js';
import { PriceLadder } from './price-ladder.js';
import { NO_LEVEL } from './price-level.js';
import { TradeLog } from './trade-log.js';
import type { TradeWindow } from './trade-window.js';
import type { TradeStore } from './trade-store.js';
import { SIDE_BUY, SIDE_SELL, STATUS_FILLED, STATUS_PARTIALLY_FILLED } from './numeric.js';
import type { Level, Sequence, Slot, Units } from './quantities.js';

/** What the book tells the venue as it matches and changes. */
export interface BookListener {
  /**
   * `trade` (a TradeStore slot) happened between the orders at slots `maker` and `taker`: both
   * orders, the tape and the 24h figures are updated.
   */
  executed(book: OrderBook, trade: number, maker: Slot, taker: Slot): void;
  /** `side`: SIDE_BUY or SIDE_SELL, whose ladder holds `level`. */
  levelChanged(book: OrderBook, level: Level, side: number): void;
  /**
   * The taker (with self-trade prevention mode `stp`, not none) met its own account's resting
   * `maker`; the venue applies the mode. Returns whether the taker stops matching.
   */
  selfTrade(book: OrderBook, maker: Slot, stp: number): boolean;
}

/** The venue's trade counter, shared by its books so that `t_<n>` grows by one per venue. */
export interface TradeCounter {
  last: number;
}

/** One symbol's book. Orders are slots of the venue's OrderStore. */
export class OrderBook {
  readonly bids: PriceLadder;
  readonly asks: PriceLadder;
  readonly tape: TradeLog;
  /** The tape's 24h figures and last price. */
  readonly stats: TradeWindow;
  /** Grows by one with each level change. */
  sequence = 0;

  constructor(
    /** This book's number in the venue (what the store's `book` column holds). */
    readonly index: number,
    readonly instrument: Instrument,
    tradeRetention: number,
    private readonly store: OrderStore,
    private readonly orders: OrderIndex,
    private readonly tradeStore: TradeStore,
    private readonly tradeCounter: TradeCounter,
    private readonly listener: BookListener,
    /** Trades are at its last reading (read once per command, before matching). */
    private readonly clock: MonotonicClock,
  ) {
    this.tape = new TradeLog(tradeRetention, tradeStore);
    this.stats = this.tape.stats;
    this.bids = new PriceLadder(1, instrument.tickUnits);
    this.asks = new PriceLadder(-1, instrument.tickUnits);
  }

  /**
   * Matches `taker` against the opposite side as far as its limit and remaining size allow;
   * true when self-trade prevention stopped it (invariant 10).
   */
  match(taker: Slot): boolean {
    const store = this.store;
    const sell = store.isSell(taker);
    const opposite = sell ? this.bids : this.asks;
    const side = sell ? SIDE_BUY : SIDE_SELL;
    const limitKey = this.#limitKey(taker);
    const remaining = store.remainingColumn;
    const stp = store.kindColumn[taker]! >> KIND_STP_SHIFT;
    const account = store.accountColumn[taker]!;
    const filled = store.filledColumn as Float64Array;
    while (remaining[taker]! > 0) {
      const level = opposite.best();
      if (level === NO_LEVEL || opposite.key(level) < limitKey) return false;
      let maker = opposite.head(level);
      while (maker !== NO_SLOT && remaining[taker]! > 0) {
        // Every read of the maker's row comes first, so that a maker new to the caches waits on
        // its columns' misses once, together, rather than one after another through the trade.
        const next = store.nextColumn[maker]!;
        const makerAccount = store.accountColumn[maker]!;
        const makerSequence = store.sequenceColumn[maker]!;
        const makerLeft = remaining[maker]!;
        const makerFilled = filled[maker]!;
        if (stp !== 0 && makerAccount === account) {
          if (this.listener.selfTrade(this, maker, stp)) return true;
          maker = next;
          continue;
        }
        const takerLeft = remaining[taker]!;
        const size = makerLeft < takerLeft ? makerLeft : takerLeft;
        remaining[maker] = (makerLeft - size) as Units;
        filled[maker] = makerFilled + size;
        remaining[taker] = (takerLeft - size) as Units;
        filled[taker]! += size;
        opposite.reduceTotal(level, size);
        if (makerLeft === size) {
          this.orders.setStatus(maker, STATUS_FILLED);
          opposite.shift(store, level, maker, next);
        } else {
          this.orders.setStatus(maker, STATUS_PARTIALLY_FILLED);
        }
        if (next === NO_SLOT && makerLeft === size) opposite.remove(level);
        this.sequence++;
        const trade = this.#record(
          opposite.price(level),
          maker,
          makerSequence,
          makerAccount,
          taker,
          size,
        );
        this.listener.executed(this, trade, maker, taker);
        this.listener.levelChanged(this, level, side);
        maker = next;
      }
    }
    return false;
  }

  /** Whether the opposite side holds the taker's remaining size within its limit. */
  canFill(taker: Slot): boolean {
    const wanted = this.store.remainingColumn[taker]!;
    const opposite = this.store.isSell(taker) ? this.bids : this.asks;
    return opposite.sizeWithin(this.#limitKey(taker), wanted) >= wanted;
  }

  /** Whether a limit order at its price would trade on arrival. */
  wouldTake(slot: Slot): boolean {
    const opposite = this.store.isSell(slot) ? this.bids : this.asks;
    const best = opposite.best();
    return best !== NO_LEVEL && opposite.key(best) >= this.#limitKey(slot);
  }

  /** Whether a limit order of this side at `price` would trade with the other side's best level. */
  wouldCross(sell: boolean, price: Units): boolean {
    const opposite = sell ? this.bids : this.asks;
    const best = opposite.best();
    return best !== NO_LEVEL && opposite.key(best) >= (sell ? price : -(price as number));
  }

  /** The sell side's ladder (the asks), or the buy side's (the bids). */
  ladder(sell: boolean): PriceLadder {
    return sell ? this.asks : this.bids;
  }

  /** The level at `price` on the sell side (or the buy side), or NO_LEVEL. */
  levelAt(sell: boolean, price: Units): Level {
    return (sell ? this.asks : this.bids).get(price);
  }

  /**
   * Puts an order on its side of the book; `level` is the one `levelAt` gave for its price before
   * it matched (matching only takes from the other side, so it still stands), or NO_LEVEL.
   */
  rest(slot: Slot, level: Level): void {
    const sell = this.store.isSell(slot);
    const ladder = sell ? this.asks : this.bids;
    const at = level !== NO_LEVEL ? level : ladder.getOrCreate(this.store.priceColumn[slot]!);
    ladder.append(this.store, at, slot);
    this.store.levelColumn[slot] = at;
    this.sequence++;
    this.listener.levelChanged(this, at, sell ? SIDE_SELL : SIDE_BUY);
  }

  /**
   * Takes `size` units off a resting order; at its whole remaining size it leaves the book. The
   * caller announces the level change (after the order's own update).
   */
  take(slot: Slot, size: Units): Level {
    const store = this.store;
    const ladder = store.isSell(slot) ? this.asks : this.bids;
    const level = store.levelColumn[slot]!;
    (store.remainingColumn as Float64Array)[slot]! -= size;
    ladder.reduceTotal(level, size);
    if (store.remainingColumn[slot] === 0) {
      ladder.unlink(store, level, slot);
      if (ladder.head(level) === NO_SLOT) ladder.remove(level);
    }
    this.sequence++;
    return level;
  }

  /** Records a trade at `price`, the maker's; the maker's sequence and account as read by `match`. */
  #record(
    price: Units,
    maker: Slot,
    makerSequence: Sequence,
    makerAccount: number,
    taker: Slot,
    size: Units,
  ): number {
    const { store, tradeStore } = this;
    const trade = tradeStore.record(
      ++this.tradeCounter.last,
      price,
      size,
      store,
      maker,
      makerSequence,
      makerAccount,
      taker,
    );
    tradeStore.setTimestamp(trade, this.clock);
    store.addFill(maker, trade, 0, price, size, tradeStore);
    store.addFill(taker, trade, 1, price, size, tradeStore);
    this.tape.append(trade, price, size, this.clock);
    return trade;
  }

  /**
   * The lowest level key a taker may trade with: levels are keyed so that larger is better
   * (bids by price, asks by -price); market orders take any level.
   */
  #limitKey(taker: Slot): number {
    const store = this.store;
    if (store.isMarket(taker)) return -Infinity;
    return store.isSell(taker) ? store.priceColumn[taker]! : -(store.priceColumn[taker]! as number);
  }
}
