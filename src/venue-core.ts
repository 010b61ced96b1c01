import { AccountNames } from './account-names.js';
import type { Instrument } from './instrument.js';
import {
  REFUSED_ACCOUNT,
  REASON_EXPIRE_AT_REACHED,
  REASON_LEVEL_FULL,
  REASON_POST_ONLY_WOULD_TAKE,
  REASON_SELF_TRADE_PREVENTED,
  REFUSED_LEVEL_FULL,
  REFUSED_ORDER_NOT_FOUND,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_PRICE,
  REFUSED_SIZE,
  REFUSED_UNKNOWN_SYMBOL,
  SIDE_BUY,
  SIDE_SELL,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  STP_NONE,
  TIF_FOK,
  TIF_GTD,
  TIF_IOC,
  type NumericListener,
} from './numeric.js';
import { ExpiryQueue } from './expiry-queue.js';
import { OrderBook, type BookListener, type TradeCounter } from './order-book.js';
import { OrderIndex } from './order-index.js';
import { placeRefusal } from './place-checks.js';
import {
  CANCELLED,
  EXPIRED,
  FILLED,
  KIND_MARKET,
  KIND_POST_ONLY,
  KIND_SELL,
  KIND_TIF_SHIFT,
  OPEN,
  orderKind,
  OrderStore,
  PARTIALLY_FILLED,
  PENDING,
  REJECTED,
} from './order-store.js';
import type { PriceLevel } from './price-level.js';
import { canFillPreventingSelfTrade } from './self-trade.js';
import { StopBook } from './stop-book.js';
import { TradeStore } from './trade-store.js';

type TradeHandler = Required<NumericListener>['onTrade'];
type OrderHandler = Required<NumericListener>['onOrder'];
type LevelHandler = Required<NumericListener>['onLevel'];

/**
 * The venue's one matching path, in numbers. Commands take integer codes (numeric.ts), prices in
 * ticks and sizes in lots; they return the order's sequence (`ord_<sequence>` in the string API)
 * or a negative refusal code, build no record and allocate nothing of their own. The string API
 * (Venue) validates its decimal strings, then runs the same `placeValid` and `takeOff`.
 */
export class VenueCore {
  readonly books: readonly OrderBook[];
  readonly store = new OrderStore(new AccountNames());
  readonly trades = new TradeStore();
  readonly orders: OrderIndex;
  readonly #bookIndexes = new Map<string, number>();
  readonly #clock: () => number;
  #lastNow = -Infinity;
  #orderSequence = 0;
  readonly #tradeCounter: TradeCounter = { last: 0 };
  readonly #onTrade: { listener: NumericListener; handler: TradeHandler }[] = [];
  readonly #onOrder: { listener: NumericListener; handler: OrderHandler }[] = [];
  readonly #onLevel: { listener: NumericListener; handler: LevelHandler }[] = [];
  #dispatching = false;
  /** By book index: its waiting stops, once it has had one. */
  readonly #stops: (StopBook | undefined)[] = [];
  readonly #expiries = new ExpiryQueue();
  /** The self-trade prevention mode of orders that name none. */
  readonly defaultStp: number;

  constructor(
    instruments: readonly Instrument[],
    clock: () => number,
    tradeRetention: number,
    orderRetention: number,
    defaultStp: number = STP_NONE,
  ) {
    this.#clock = clock;
    this.defaultStp = defaultStp;
    this.orders = new OrderIndex(this.store, this.trades, orderRetention, instruments.length);
    const listener: BookListener = {
      executed: (book, trade, maker) => this.#executed(book, trade, maker),
      levelChanged: (book, level, side) => this.#levelChanged(book, level, side),
      selfTrade: (book, maker, stp) => {
        if (stp !== STP_CANCEL_TAKER) {
          this.#endResting(book, maker, EXPIRED, REASON_SELF_TRADE_PREVENTED);
        }
        return stp !== STP_CANCEL_MAKER;
      },
    };
    this.books = instruments.map((instrument, index) => {
      this.#bookIndexes.set(instrument.symbol, index);
      return new OrderBook(
        index,
        instrument,
        tradeRetention,
        this.store,
        this.orders,
        this.trades,
        this.#tradeCounter,
        listener,
      );
    });
  }

  /** The clock's reading, never earlier than a previous one. */
  now(): number {
    const reading = this.#clock();
    if (reading > this.#lastNow) this.#lastNow = reading;
    return this.#lastNow;
  }

  /** The book index of a listed symbol (its position in the instruments), or REFUSED_UNKNOWN_SYMBOL. */
  bookIndex(symbol: string): number {
    return this.#bookIndexes.get(symbol) ?? REFUSED_UNKNOWN_SYMBOL;
  }

  /** The id of an account name (interned on first use), or REFUSED_ACCOUNT for an empty name. */
  accountId(name: string): number {
    return typeof name === 'string' && name.length > 0
      ? this.store.accounts.id(name)
      : REFUSED_ACCOUNT;
  }

  /**
   * Places an order: `priceTicks` 0 for market orders (which take TIF_IOC), `flags` 0 or
   * FLAG_POST_ONLY, `stopTicks` 0 or a stop price, `expireAt` a time after now for TIF_GTD orders
   * (else 0), `stp` a mode (default the venue's). Checks in the string API's order: book, account,
   * side, type, size, price, stop price, time in force, expiry, flags, stp, client order id.
   * Returns the new order's sequence or a refusal code.
   */
  place(
    account: number,
    book: number,
    side: number,
    type: number,
    timeInForce: number,
    flags: number,
    priceTicks: number,
    sizeLots: number,
    clientOrderId: string | null = null,
    stopTicks = 0,
    stp: number = this.defaultStp,
    expireAt = 0,
  ): number {
    this.assertNotDispatching();
    this.expireDue();
    const orderBook = this.books[book];
    if (orderBook === undefined) return REFUSED_UNKNOWN_SYMBOL;
    if (!this.#isAccount(account)) return REFUSED_ACCOUNT;
    const refusal = placeRefusal(
      orderBook.instrument,
      side,
      type,
      timeInForce,
      flags,
      priceTicks,
      sizeLots,
      clientOrderId,
      stopTicks,
      stp,
      expireAt,
      timeInForce === TIF_GTD ? this.now() : 0,
    );
    if (refusal !== 0) return refusal;
    const { lotUnits, tickUnits } = orderBook.instrument;
    const kind = orderKind(side, type, timeInForce, flags, stp);
    const sequence = this.placeValid(
      orderBook,
      account,
      kind,
      priceTicks * tickUnits,
      sizeLots * lotUnits,
      clientOrderId,
      stopTicks * tickUnits,
      expireAt,
    );
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /** Cancels the account's open or pending order; returns its sequence or a refusal code. */
  cancel(account: number, sequence: number): number {
    this.assertNotDispatching();
    this.expireDue();
    const slot = this.#ownSlot(account, sequence);
    if (slot < 0) return REFUSED_ORDER_NOT_FOUND;
    if (!this.store.isLive(slot)) return REFUSED_ORDER_NOT_OPEN;
    this.takeOff(slot, this.store.remaining[slot]!);
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /** Takes `sizeLots` off the order's remaining size (all of it or more cancels); sequence or refusal. */
  reduce(account: number, sequence: number, sizeLots: number): number {
    this.assertNotDispatching();
    this.expireDue();
    const slot = this.#ownSlot(account, sequence);
    if (slot < 0) return REFUSED_ORDER_NOT_FOUND;
    if (!this.store.isLive(slot)) return REFUSED_ORDER_NOT_OPEN;
    const size = sizeLots * this.bookOf(slot).instrument.lotUnits;
    if (!Number.isInteger(sizeLots) || sizeLots < 1 || size > Number.MAX_SAFE_INTEGER) {
      return REFUSED_SIZE;
    }
    const remaining = this.store.remaining[slot]!;
    this.takeOff(slot, size < remaining ? size : remaining);
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /**
   * Changes the account's open or pending order (invariant 11): `sizeLots` its new size (filled
   * size included, above it), `priceTicks` its new limit price; 0 leaves either as it is. A smaller
   * size at the same price keeps the order's place; a new price or a larger size sends it to the
   * back, and a new price that crosses matches like a new order. Sequence or refusal.
   */
  amend(account: number, sequence: number, sizeLots: number, priceTicks: number): number {
    this.assertNotDispatching();
    this.expireDue();
    const slot = this.#ownSlot(account, sequence);
    if (slot < 0) return REFUSED_ORDER_NOT_FOUND;
    const store = this.store;
    if (!store.isLive(slot)) return REFUSED_ORDER_NOT_OPEN;
    const { lotUnits, tickUnits, minSizeUnits, maxSizeUnits } = this.bookOf(slot).instrument;
    const size = sizeLots * lotUnits;
    if (
      (sizeLots === 0 && priceTicks === 0) ||
      (sizeLots !== 0 &&
        (!Number.isInteger(sizeLots) ||
          size < minSizeUnits ||
          size > maxSizeUnits ||
          size <= store.filled[slot]!))
    ) {
      return REFUSED_SIZE;
    }
    const price = priceTicks * tickUnits;
    if (
      priceTicks !== 0 &&
      (store.isMarket(slot) ||
        !Number.isInteger(priceTicks) ||
        priceTicks < 1 ||
        price > Number.MAX_SAFE_INTEGER)
    ) {
      return REFUSED_PRICE;
    }
    const refused = this.amendValid(
      slot,
      sizeLots === 0 ? -1 : size,
      priceTicks === 0 ? -1 : price,
    );
    this.orders.forgetBeyondRetention();
    return refused < 0 ? refused : sequence;
  }

  /**
   * Amends a live order with checked values (units; -1 leaves one as it is); 0, or
   * REFUSED_LEVEL_FULL. The caller then builds what it returns and forgets beyond retention.
   */
  amendValid(slot: number, newSize: number, newPrice: number): number {
    this.now(); // its trades are at the clock's time
    const store = this.store;
    const book = this.bookOf(slot);
    const remaining = store.remaining[slot]!;
    const price = newPrice < 0 ? store.price[slot]! : newPrice;
    const size = newSize < 0 ? store.size[slot]! : newSize;
    const left = newSize < 0 ? remaining : newSize - store.filled[slot]!;
    if (store.status[slot] === PENDING) {
      store.size[slot] = size;
      store.remaining[slot] = left;
      store.price[slot] = price;
      this.#orderChanged(book, slot);
      return 0;
    }
    const sell = store.isSell(slot);
    const side = sell ? SIDE_SELL : SIDE_BUY;
    if (price === store.price[slot] && left <= remaining) {
      store.size[slot] = size;
      const level = left < remaining ? book.take(slot, remaining - left) : undefined;
      this.#orderChanged(book, slot);
      if (level !== undefined) this.#levelChanged(book, level, side);
      return 0;
    }
    const target = book.levelAt(sell, price);
    const own = price === store.price[slot] ? remaining : 0;
    if (target !== undefined && target.total - own > Number.MAX_SAFE_INTEGER - left) {
      return REFUSED_LEVEL_FULL;
    }
    this.#levelChanged(book, book.take(slot, remaining), side);
    store.size[slot] = size;
    store.remaining[slot] = left;
    store.price[slot] = price;
    this.#execute(book, slot, book.levelAt(sell, price), true);
    this.#triggerStops(book);
    return 0;
  }

  /**
   * Expires the gtd orders whose time has come, earliest expiry first, then by sequence
   * (invariant 12). Every command and query runs it first, so expiry follows the clock even when
   * time only moves with a replayed flow.
   */
  expireDue(): void {
    if (this.#expiries.size !== 0) this.#expireDueNow();
  }

  #expireDueNow(): void {
    const queue = this.#expiries;
    if (queue.next > this.now()) return;
    while (queue.next <= this.#lastNow) {
      const slot = this.orders.slot(queue.nextSequence);
      queue.pop();
      if (slot < 0 || !this.store.isLive(slot)) continue;
      const book = this.bookOf(slot);
      if (this.store.status[slot] === PENDING) {
        this.#unpend(book, slot);
        this.#finish(book, slot, EXPIRED, REASON_EXPIRE_AT_REACHED);
      } else {
        this.#endResting(book, slot, EXPIRED, REASON_EXPIRE_AT_REACHED);
      }
    }
    this.orders.forgetBeyondRetention();
  }

  /** The earliest expiry time of a live gtd order (or of one that ended since), or Infinity. */
  nextExpiry(): number {
    return this.#expiries.next;
  }

  /** The waiting stops of a book (for validation). */
  stopsOf(book: number): readonly number[] {
    return this.#stops[book]?.sequences() ?? [];
  }

  /** The order's status code, or -1 when there is no such order (or it was forgotten). */
  orderStatus(sequence: number): number {
    this.expireDueOutsideListeners();
    const slot = this.#slot(sequence);
    return slot < 0 ? -1 : this.store.status[slot]!;
  }

  /** The order's filled size in lots, or -1. */
  filledLots(sequence: number): number {
    this.expireDueOutsideListeners();
    const slot = this.#slot(sequence);
    return slot < 0 ? -1 : this.store.filled[slot]! / this.bookOf(slot).instrument.lotUnits;
  }

  /** The order's size still resting, in lots, or -1. */
  remainingLots(sequence: number): number {
    this.expireDueOutsideListeners();
    const slot = this.#slot(sequence);
    return slot < 0 ? -1 : this.store.remaining[slot]! / this.bookOf(slot).instrument.lotUnits;
  }

  /** Calls the listener's handlers with every event from now on; returns the function that stops it. */
  listen(listener: NumericListener): () => void {
    const { onTrade, onOrder, onLevel } = listener;
    if (onTrade !== undefined) this.#onTrade.push({ listener, handler: onTrade.bind(listener) });
    if (onOrder !== undefined) this.#onOrder.push({ listener, handler: onOrder.bind(listener) });
    if (onLevel !== undefined) this.#onLevel.push({ listener, handler: onLevel.bind(listener) });
    return () => {
      for (const handlers of [this.#onTrade, this.#onOrder, this.#onLevel]) {
        const index = handlers.findIndex((entry) => entry.listener === listener);
        if (index >= 0) handlers.splice(index, 1);
      }
    };
  }

  /** Queries expire due orders first, except from inside a listener (which sees the command's state). */
  expireDueOutsideListeners(): void {
    if (!this.#dispatching) this.expireDue();
  }

  /** Throws (a caller's bug) when called from inside a listener. */
  assertNotDispatching(): void {
    if (this.#dispatching) {
      throw new Error('venue commands cannot be issued from inside an event listener');
    }
  }

  bookOf(slot: number): OrderBook {
    return this.books[this.store.book[slot]!]!;
  }

  /**
   * Places a validated order (`kind` from orderKind, amounts in units, `stopPrice` and `expireAt`
   * 0 when it has none) and matches it, or parks it as a pending stop; then runs the stops its
   * trades made due. Returns its sequence, or REFUSED_LEVEL_FULL. The caller then builds what it
   * returns and calls `orders.forgetBeyondRetention()`.
   */
  placeValid(
    book: OrderBook,
    account: number,
    kind: number,
    price: number,
    size: number,
    clientOrderId: string | null,
    stopPrice = 0,
    expireAt = 0,
  ): number {
    const market = (kind & KIND_MARKET) !== 0;
    const level = market ? undefined : book.levelAt((kind & KIND_SELL) !== 0, price);
    if (level !== undefined && level.total > Number.MAX_SAFE_INTEGER - size) {
      return REFUSED_LEVEL_FULL;
    }
    const store = this.store;
    const sequence = ++this.#orderSequence;
    const slot = store.allocate(
      sequence,
      book.index,
      this.now(),
      account,
      kind,
      price,
      size,
      clientOrderId,
    );
    this.orders.add(sequence, slot);
    if ((stopPrice !== 0 || expireAt !== 0) && this.#parked(book, slot, stopPrice, expireAt)) {
      return sequence;
    }
    this.#execute(book, slot, level, false);
    this.#triggerStops(book);
    return sequence;
  }

  /**
   * Gives a new order its expiry and stop price; parks it as a pending stop unless the stop is
   * already due (invariant 9). Whether it was parked.
   */
  #parked(book: OrderBook, slot: number, stopPrice: number, expireAt: number): boolean {
    const store = this.store;
    const sequence = store.sequence[slot]!;
    if (expireAt !== 0) {
      store.setExpireAt(slot, expireAt);
      this.#expiries.add(expireAt, sequence, this.#isLive);
    }
    if (stopPrice === 0) return false;
    store.setStopPrice(slot, stopPrice);
    const last = book.stats.lastPrice;
    const sell = store.isSell(slot);
    if (last !== null && (sell ? last <= stopPrice : last >= stopPrice)) return false;
    this.orders.setStatus(slot, PENDING);
    (this.#stops[book.index] ??= new StopBook()).add(sequence, sell, stopPrice);
    this.#orderChanged(book, slot);
    return true;
  }

  /**
   * Runs an incoming order (new, triggered or re-entering after an amend): post-only and fok are
   * decided first (order-book.ts, 4), then it matches and rests or ends. `level` is its price level
   * as it stood before matching, if any; `rejoining` when the order was placed in an earlier step.
   */
  #execute(book: OrderBook, slot: number, level: PriceLevel | undefined, rejoining: boolean): void {
    const store = this.store;
    const kind = store.kind[slot]!;
    const timeInForce = (kind >> KIND_TIF_SHIFT) & 3;
    if ((kind & KIND_POST_ONLY) !== 0 && book.wouldTake(slot)) {
      this.#finish(book, slot, REJECTED, REASON_POST_ONLY_WOULD_TAKE);
    } else if (
      timeInForce === TIF_FOK &&
      !(store.stpCode(slot) === STP_NONE
        ? book.canFill(slot)
        : canFillPreventingSelfTrade(book, store, slot))
    ) {
      this.#finish(book, slot, EXPIRED);
    } else if (book.match(slot, this.#lastNow)) {
      this.#finish(book, slot, EXPIRED, REASON_SELF_TRADE_PREVENTED);
    } else if (store.remaining[slot] === 0) {
      this.#finish(book, slot, FILLED);
    } else if (timeInForce === TIF_IOC || timeInForce === TIF_FOK) {
      this.#finish(book, slot, EXPIRED);
    } else {
      this.orders.setStatus(slot, store.filled[slot]! > 0 ? PARTIALLY_FILLED : OPEN);
      this.#orderChanged(book, slot);
      if (rejoining) store.setRejoined(slot, this.#orderSequence);
      book.rest(slot, level);
    }
  }

  /**
   * Runs the book's due stops one at a time, each as the order it becomes, re-reading the last
   * trade price after each (so cascades follow the price); the order is StopBook.takeDue's
   * (invariant 9). One length check when the book has no stops.
   */
  #triggerStops(book: OrderBook): void {
    const stops = this.#stops[book.index];
    if (stops !== undefined && stops.size !== 0) this.#runDueStops(book, stops);
  }

  #runDueStops(book: OrderBook, stops: StopBook): void {
    for (;;) {
      const last = book.stats.lastPrice;
      const sequence = last === null ? -1 : stops.takeDue(last);
      if (sequence < 0) return;
      const slot = this.orders.slot(sequence);
      const store = this.store;
      const level = store.isMarket(slot)
        ? undefined
        : book.levelAt(store.isSell(slot), store.price[slot]!);
      if (level !== undefined && level.total > Number.MAX_SAFE_INTEGER - store.remaining[slot]!) {
        this.#finish(book, slot, EXPIRED, REASON_LEVEL_FULL);
      } else {
        this.#execute(book, slot, level, true);
      }
    }
  }

  /** Takes a pending stop out of its book's stops. */
  #unpend(book: OrderBook, slot: number): void {
    const store = this.store;
    this.#stops[book.index]!.remove(
      store.sequence[slot]!,
      store.isSell(slot),
      store.stopPrice(slot),
    );
  }

  readonly #isLive = (sequence: number): boolean => {
    const slot = this.orders.slot(sequence);
    return slot >= 0 && this.store.isLive(slot);
  };

  /** Ends a resting order for the venue's reason (self-trade prevention, expiry). */
  #endResting(book: OrderBook, slot: number, status: number, reason: number): void {
    const store = this.store;
    const level = book.take(slot, store.remaining[slot]!);
    this.orders.setStatus(slot, status);
    store.setReason(slot, reason);
    this.orders.finalized(store.sequence[slot]!);
    this.#orderChanged(book, slot);
    this.#levelChanged(book, level, store.isSell(slot) ? SIDE_SELL : SIDE_BUY);
  }

  /**
   * Takes `size` units off an open or pending order (all of it cancels it) and announces the
   * change; a pending stop has no level to announce.
   */
  takeOff(slot: number, size: number): void {
    const book = this.bookOf(slot);
    const store = this.store;
    if (store.status[slot] === PENDING) {
      store.remaining[slot]! -= size;
      if (store.remaining[slot] === 0) {
        this.#unpend(book, slot);
        this.orders.setStatus(slot, CANCELLED);
        this.orders.finalized(store.sequence[slot]!);
      }
      this.#orderChanged(book, slot);
      return;
    }
    const level = book.take(slot, size);
    if (store.remaining[slot] === 0) {
      this.orders.setStatus(slot, CANCELLED);
      this.orders.finalized(store.sequence[slot]!);
    }
    this.#orderChanged(book, slot);
    this.#levelChanged(book, level, store.isSell(slot) ? SIDE_SELL : SIDE_BUY);
  }

  #isAccount(account: number): boolean {
    return Number.isInteger(account) && account >= 0 && account < this.store.accounts.count;
  }

  #slot(sequence: number): number {
    return Number.isInteger(sequence) ? this.orders.slot(sequence) : -1;
  }

  #ownSlot(account: number, sequence: number): number {
    const slot = this.#slot(sequence);
    return slot >= 0 && this.store.account[slot] === account ? slot : -1;
  }

  /** Ends an incoming order: whatever did not fill is no longer for sale. */
  #finish(book: OrderBook, slot: number, status: number, reason = 0): void {
    this.orders.setStatus(slot, status);
    if (reason !== 0) this.store.setReason(slot, reason);
    this.store.remaining[slot] = 0;
    this.orders.finalized(this.store.sequence[slot]!);
    this.#orderChanged(book, slot);
  }

  #executed(book: OrderBook, trade: number, maker: number): void {
    const store = this.store;
    if (store.remaining[maker] === 0) this.orders.finalized(store.sequence[maker]!);
    if (this.#onTrade.length !== 0) this.#dispatchTrade(book, trade);
    this.#orderChanged(book, maker);
  }

  #dispatchTrade(book: OrderBook, trade: number): void {
    const trades = this.trades;
    const { tickUnits, lotUnits } = book.instrument;
    this.#dispatching = true;
    try {
      for (const { handler } of this.#onTrade) {
        handler(
          trades.sequence[trade]!,
          book.index,
          trades.price[trade]! / tickUnits,
          trades.size[trade]! / lotUnits,
          trades.makerSequence[trade]!,
          trades.takerSequence[trade]!,
          trades.timestamp[trade]!,
        );
      }
    } finally {
      this.#dispatching = false;
    }
  }

  #orderChanged(book: OrderBook, slot: number): void {
    if (this.#onOrder.length !== 0) this.#dispatchOrder(book, slot);
  }

  #dispatchOrder(book: OrderBook, slot: number): void {
    const store = this.store;
    const { lotUnits } = book.instrument;
    this.#dispatching = true;
    try {
      for (const { handler } of this.#onOrder) {
        handler(
          store.sequence[slot]!,
          store.status[slot]!,
          store.filled[slot]! / lotUnits,
          store.remaining[slot]! / lotUnits,
        );
      }
    } finally {
      this.#dispatching = false;
    }
  }

  #levelChanged(book: OrderBook, level: PriceLevel, side: number): void {
    if (this.#onLevel.length !== 0) this.#dispatchLevel(book, level, side);
  }

  #dispatchLevel(book: OrderBook, level: PriceLevel, side: number): void {
    const { tickUnits, lotUnits } = book.instrument;
    this.#dispatching = true;
    try {
      for (const { handler } of this.#onLevel) {
        handler(book.index, side, level.price / tickUnits, level.total / lotUnits, book.sequence);
      }
    } finally {
      this.#dispatching = false;
    }
  }
}
