import type { CoreEvents } from './core-events.js';
import {
  REASON_INSUFFICIENT_BALANCE,
  REASON_LEVEL_FULL,
  REASON_POST_ONLY_WOULD_TAKE,
  REASON_SELF_TRADE_PREVENTED,
  SIDE_BUY,
  SIDE_SELL,
  STATUS_CANCELLED,
  STATUS_EXPIRED,
  STATUS_FILLED,
  STATUS_OPEN,
  STATUS_PARTIALLY_FILLED,
  STATUS_PENDING,
  STATUS_REJECTED,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  STP_NONE,
  TIF_FOK,
  TIF_IOC,
} from './numeric.js';
import type { BookListener, OrderBook } from './order-book.js';
import type { OrderIndex } from './order-index.js';
import type { OrderStore } from './order-store.js';
import { KIND_POST_ONLY, KIND_TIF_SHIFT } from './order-kind.js';
import type { PendingStops } from './pending-stops.js';
import { NO_LEVEL } from './price-level.js';
import { canFillPreventingSelfTrade } from './self-trade.js';
import type { Level, Slot, Units } from './quantities.js';

/**
 * What happens to an order once it is accepted: it matches and rests or ends (`execute`), the
 * stops its trades made due run (`triggerStops`), and resting or waiting orders are taken off or
 * ended. Every change is announced through CoreEvents as it happens (order-book.ts, 5).
 */
export class OrderMatching implements BookListener {
  constructor(
    private readonly store: OrderStore,
    private readonly orders: OrderIndex,
    private readonly events: CoreEvents,
    readonly stops: PendingStops,
  ) {}

  /** The venue's balances, when it keeps them: a triggered market buy locks its cost then. */
  funds: { fundTriggered(book: OrderBook, slot: Slot): boolean } | null = null;

  /**
   * BookListener: the books call these as they match. Methods rather than closures, so that the
   * code optimised for one venue still serves the next (a sweep runs many).
   */
  executed(book: OrderBook, trade: number, maker: Slot, taker: Slot): void {
    const store = this.store;
    if (store.remainingColumn[maker] === 0) this.orders.finalized(maker);
    this.events.trade(book, trade, maker, taker);
    this.events.order(book, maker);
  }

  levelChanged(book: OrderBook, level: Level, side: number): void {
    this.events.level(book, level, side);
  }

  selfTrade(book: OrderBook, maker: Slot, stp: number): boolean {
    if (stp !== STP_CANCEL_TAKER) {
      this.endResting(book, maker, STATUS_EXPIRED, REASON_SELF_TRADE_PREVENTED);
    }
    return stp !== STP_CANCEL_MAKER;
  }

  /**
   * Runs an incoming order (new, triggered or re-entering after an amend): post-only and fok are
   * decided first (order-book.ts, 4), then it matches and rests or ends. `level` is its price level
   * as it stood before matching, or NO_LEVEL; `rejoining` when the order was placed in an earlier
   * step.
   */
  execute(book: OrderBook, slot: Slot, level: Level, rejoining: boolean): void {
    const store = this.store;
    const kind = store.kindColumn[slot]!;
    const timeInForce = (kind >> KIND_TIF_SHIFT) & 3;
    if ((kind & KIND_POST_ONLY) !== 0 && book.wouldTake(slot)) {
      this.finish(book, slot, STATUS_REJECTED, REASON_POST_ONLY_WOULD_TAKE);
    } else if (
      timeInForce === TIF_FOK &&
      !(store.stpCode(slot) === STP_NONE
        ? book.canFill(slot)
        : canFillPreventingSelfTrade(book, store, slot))
    ) {
      this.finish(book, slot, STATUS_EXPIRED);
    } else if (book.match(slot)) {
      this.finish(book, slot, STATUS_EXPIRED, REASON_SELF_TRADE_PREVENTED);
    } else if (store.remainingColumn[slot] === 0) {
      this.finish(book, slot, STATUS_FILLED);
    } else if (timeInForce === TIF_IOC || timeInForce === TIF_FOK) {
      this.finish(book, slot, STATUS_EXPIRED);
    } else {
      this.orders.setStatus(
        slot,
        store.filledColumn[slot]! > 0 ? STATUS_PARTIALLY_FILLED : STATUS_OPEN,
      );
      this.events.order(book, slot);
      if (rejoining) store.extras.setRejoined(slot, this.orders.lastSequence);
      book.rest(slot, level);
    }
  }

  /**
   * Runs the book's due stops one at a time, each as the order it becomes, re-reading the last
   * trade price after each (so cascades follow the price); the order is StopBook.takeDue's
   * (invariant 9). One array read when the book has no stops.
   */
  triggerStops(book: OrderBook): void {
    if (this.stops.any(book.index)) this.#runDueStops(book);
  }

  #runDueStops(book: OrderBook): void {
    const store = this.store;
    for (;;) {
      const sequence = this.stops.takeDue(book.index, book.stats.lastPrice);
      if (sequence < 0) return;
      const slot = this.orders.slot(sequence);
      const sell = store.isSell(slot);
      const level = store.isMarket(slot) ? NO_LEVEL : book.levelAt(sell, store.priceColumn[slot]!);
      if (
        level !== NO_LEVEL &&
        book.ladder(sell).total(level) > Number.MAX_SAFE_INTEGER - store.remainingColumn[slot]!
      ) {
        this.finish(book, slot, STATUS_EXPIRED, REASON_LEVEL_FULL);
      } else if (this.funds !== null && !this.funds.fundTriggered(book, slot)) {
        this.finish(book, slot, STATUS_EXPIRED, REASON_INSUFFICIENT_BALANCE);
      } else {
        this.execute(book, slot, level, true);
      }
    }
  }

  /** Parks a new stop order as pending (its stop price not yet reached). */
  park(book: OrderBook, slot: Slot, stopPrice: Units): void {
    const store = this.store;
    this.orders.setStatus(slot, STATUS_PENDING);
    this.stops.add(book.index, store.sequenceColumn[slot]!, store.isSell(slot), stopPrice);
    this.events.order(book, slot);
  }

  /** Takes a pending stop out of its book's stops. */
  unpend(book: OrderBook, slot: Slot): void {
    const store = this.store;
    this.stops.remove(
      book.index,
      store.sequenceColumn[slot]!,
      store.isSell(slot),
      store.extras.stopPrice(slot),
    );
  }

  /** Ends a live order for the venue's reason (self-trade prevention, expiry). */
  endLive(book: OrderBook, slot: Slot, status: number, reason: number): void {
    if (this.store.statusColumn[slot] === STATUS_PENDING) {
      this.unpend(book, slot);
      this.finish(book, slot, status, reason);
    } else {
      this.endResting(book, slot, status, reason);
    }
  }

  /** Ends a resting order for the venue's reason. */
  endResting(book: OrderBook, slot: Slot, status: number, reason: number): void {
    const store = this.store;
    const level = book.take(slot, store.remainingColumn[slot]!);
    this.orders.setStatus(slot, status);
    store.setReason(slot, reason);
    this.orders.finalized(slot);
    this.events.order(book, slot);
    this.events.level(book, level, store.isSell(slot) ? SIDE_SELL : SIDE_BUY);
  }

  /**
   * Takes `size` units off an open or pending order (all of it cancels it) and announces the
   * change; a pending stop has no level to announce.
   */
  takeOff(book: OrderBook, slot: Slot, size: Units): void {
    const store = this.store;
    if (store.statusColumn[slot] === STATUS_PENDING) {
      (store.remainingColumn as Float64Array)[slot]! -= size;
      if (store.remainingColumn[slot] === 0) {
        this.unpend(book, slot);
        this.orders.setStatus(slot, STATUS_CANCELLED);
        this.orders.finalized(slot);
      }
      this.events.order(book, slot);
      return;
    }
    const level = book.take(slot, size);
    if (store.remainingColumn[slot] === 0) {
      this.orders.setStatus(slot, STATUS_CANCELLED);
      this.orders.finalized(slot);
    }
    this.events.order(book, slot);
    this.events.level(book, level, store.isSell(slot) ? SIDE_SELL : SIDE_BUY);
  }

  /** Ends an incoming or waiting order: whatever did not fill is no longer for sale. */
  finish(book: OrderBook, slot: Slot, status: number, reason = 0): void {
    this.orders.setStatus(slot, status);
    if (reason !== 0) this.store.setReason(slot, reason);
    this.store.remainingColumn[slot] = 0 as Units;
    this.orders.finalized(slot);
    this.events.order(book, slot);
  }
}
