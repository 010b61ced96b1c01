import { AccountNames } from './account-names.js';
import type { Instrument } from './instrument.js';
import {
  FLAG_POST_ONLY,
  REFUSED_ACCOUNT,
  REFUSED_CLIENT_ORDER_ID,
  REFUSED_LEVEL_FULL,
  REFUSED_ORDER_NOT_FOUND,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_POST_ONLY,
  REFUSED_PRICE,
  REFUSED_SIDE,
  REFUSED_SIZE,
  REFUSED_TIME_IN_FORCE,
  REFUSED_TYPE,
  REFUSED_UNKNOWN_SYMBOL,
  SIDE_BUY,
  SIDE_SELL,
  TIF_FOK,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  type NumericListener,
} from './numeric.js';
import { OrderBook, type BookListener, type TradeCounter } from './order-book.js';
import { OrderIndex } from './order-index.js';
import { CLIENT_ORDER_ID_PATTERN } from './order-request.js';
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
  REJECTED,
} from './order-store.js';
import type { PriceLevel } from './price-level.js';
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

  constructor(
    instruments: readonly Instrument[],
    clock: () => number,
    tradeRetention: number,
    orderRetention: number,
  ) {
    this.#clock = clock;
    this.orders = new OrderIndex(this.store, this.trades, orderRetention, instruments.length);
    const listener: BookListener = {
      executed: (book, trade, maker) => this.#executed(book, trade, maker),
      levelChanged: (book, level, side) => this.#levelChanged(book, level, side),
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
   * FLAG_POST_ONLY. Checks in the string API's order: book, account, side, type, size, price,
   * time in force, flags, client order id. Returns the new order's sequence or a refusal code.
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
  ): number {
    this.assertNotDispatching();
    const orderBook = this.books[book];
    if (orderBook === undefined) return REFUSED_UNKNOWN_SYMBOL;
    if (!this.#isAccount(account)) return REFUSED_ACCOUNT;
    if (side !== SIDE_BUY && side !== SIDE_SELL) return REFUSED_SIDE;
    if (type !== TYPE_LIMIT && type !== TYPE_MARKET) return REFUSED_TYPE;
    const { lotUnits, tickUnits, minSizeUnits, maxSizeUnits } = orderBook.instrument;
    const size = sizeLots * lotUnits;
    if (!Number.isInteger(sizeLots) || size < minSizeUnits || size > maxSizeUnits) {
      return REFUSED_SIZE;
    }
    const price = priceTicks * tickUnits;
    if (
      type === TYPE_LIMIT
        ? !Number.isInteger(priceTicks) || priceTicks < 1 || price > Number.MAX_SAFE_INTEGER
        : priceTicks !== 0
    ) {
      return REFUSED_PRICE;
    }
    if (
      type === TYPE_MARKET
        ? timeInForce !== TIF_IOC
        : timeInForce !== TIF_GTC && timeInForce !== TIF_IOC && timeInForce !== TIF_FOK
    ) {
      return REFUSED_TIME_IN_FORCE;
    }
    if (
      flags !== 0 &&
      (flags !== FLAG_POST_ONLY || type !== TYPE_LIMIT || timeInForce !== TIF_GTC)
    ) {
      return REFUSED_POST_ONLY;
    }
    if (
      clientOrderId !== null &&
      (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID_PATTERN.test(clientOrderId))
    ) {
      return REFUSED_CLIENT_ORDER_ID;
    }
    const kind = orderKind(side, type, timeInForce, flags);
    const sequence = this.placeValid(orderBook, account, kind, price, size, clientOrderId);
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /** Cancels the account's open order; returns its sequence or a refusal code. */
  cancel(account: number, sequence: number): number {
    this.assertNotDispatching();
    const slot = this.#ownSlot(account, sequence);
    if (slot < 0) return REFUSED_ORDER_NOT_FOUND;
    if (!this.store.isOpen(slot)) return REFUSED_ORDER_NOT_OPEN;
    this.takeOff(slot, this.store.remaining[slot]!);
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /** Takes `sizeLots` off the order's remaining size (all of it or more cancels); sequence or refusal. */
  reduce(account: number, sequence: number, sizeLots: number): number {
    this.assertNotDispatching();
    const slot = this.#ownSlot(account, sequence);
    if (slot < 0) return REFUSED_ORDER_NOT_FOUND;
    if (!this.store.isOpen(slot)) return REFUSED_ORDER_NOT_OPEN;
    const size = sizeLots * this.bookOf(slot).instrument.lotUnits;
    if (!Number.isInteger(sizeLots) || sizeLots < 1 || size > Number.MAX_SAFE_INTEGER) {
      return REFUSED_SIZE;
    }
    const remaining = this.store.remaining[slot]!;
    this.takeOff(slot, size < remaining ? size : remaining);
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /** The order's status code, or -1 when there is no such order (or it was forgotten). */
  orderStatus(sequence: number): number {
    const slot = this.#slot(sequence);
    return slot < 0 ? -1 : this.store.status[slot]!;
  }

  /** The order's filled size in lots, or -1. */
  filledLots(sequence: number): number {
    const slot = this.#slot(sequence);
    return slot < 0 ? -1 : this.store.filled[slot]! / this.bookOf(slot).instrument.lotUnits;
  }

  /** The order's size still resting, in lots, or -1. */
  remainingLots(sequence: number): number {
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
   * Places a validated order (`kind` from orderKind, amounts in units) and matches it; returns its
   * sequence, or REFUSED_LEVEL_FULL. The caller then builds what it returns and calls
   * `orders.forgetBeyondRetention()`.
   */
  placeValid(
    book: OrderBook,
    account: number,
    kind: number,
    price: number,
    size: number,
    clientOrderId: string | null,
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
    const timeInForce = (kind >> KIND_TIF_SHIFT) & 3;
    if ((kind & KIND_POST_ONLY) !== 0 && book.wouldTake(slot)) {
      this.#finish(book, slot, REJECTED);
    } else if (timeInForce === TIF_FOK && !book.canFill(slot)) {
      this.#finish(book, slot, EXPIRED);
    } else {
      book.match(slot, this.#lastNow);
      if (store.remaining[slot] === 0) this.#finish(book, slot, FILLED);
      else if (timeInForce !== TIF_GTC) this.#finish(book, slot, EXPIRED);
      else {
        this.orders.setStatus(slot, store.filled[slot]! > 0 ? PARTIALLY_FILLED : OPEN);
        this.#orderChanged(book, slot);
        book.rest(slot, level);
      }
    }
    return sequence;
  }

  /** Takes `size` units off an open order (all of it cancels it) and announces the change. */
  takeOff(slot: number, size: number): void {
    const book = this.bookOf(slot);
    const level = book.take(slot, size);
    const store = this.store;
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
  #finish(book: OrderBook, slot: number, status: number): void {
    this.orders.setStatus(slot, status);
    this.store.remaining[slot] = 0;
    this.orders.finalized(this.store.sequence[slot]!);
    this.#orderChanged(book, slot);
  }

  #executed(book: OrderBook, trade: number, maker: number): void {
    const store = this.store;
    if (store.remaining[maker] === 0) this.orders.finalized(store.sequence[maker]!);
    if (this.#onTrade.length > 0) {
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
    this.#orderChanged(book, maker);
  }

  #orderChanged(book: OrderBook, slot: number): void {
    if (this.#onOrder.length === 0) return;
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
    if (this.#onLevel.length === 0) return;
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
