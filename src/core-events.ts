import type { NumericListener } from './numeric.js';
import type { OrderBook } from './order-book.js';
import type { OrderStore } from './order-store.js';
import type { PriceLevel } from './price-level.js';
import type { TradeStore } from './trade-store.js';

/**
 * The numeric listeners of a venue and their dispatch (NumericListener says what comes when).
 * Each announcement costs one length check when nobody listens; while listeners run, commands
 * throw (they would re-enter a command half done). A listener's methods are called on it, not
 * bound: listeners of one class are then one call target for V8 from one venue to the next.
 */
export class CoreEvents {
  readonly #onTrade: Required<Pick<NumericListener, 'onTrade'>>[] = [];
  readonly #onOrder: Required<Pick<NumericListener, 'onOrder'>>[] = [];
  readonly #onLevel: Required<Pick<NumericListener, 'onLevel'>>[] = [];
  #dispatching = false;

  constructor(
    private readonly store: OrderStore,
    private readonly trades: TradeStore,
  ) {}

  get dispatching(): boolean {
    return this.#dispatching;
  }

  /** Throws (a caller's bug) when called from inside a listener. */
  assertNotDispatching(): void {
    if (this.#dispatching) {
      throw new Error('venue commands cannot be issued from inside an event listener');
    }
  }

  /** Calls the listener's handlers with every event from now on; returns the function that stops it. */
  listen(listener: NumericListener): () => void {
    const kinds: NumericListener[][] = [];
    if (listener.onTrade !== undefined) kinds.push(this.#onTrade);
    if (listener.onOrder !== undefined) kinds.push(this.#onOrder);
    if (listener.onLevel !== undefined) kinds.push(this.#onLevel);
    for (const listeners of kinds) listeners.push(listener);
    return () => {
      for (const listeners of kinds) {
        const index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
      }
    };
  }

  trade(book: OrderBook, trade: number): void {
    if (this.#onTrade.length !== 0) this.#trade(book, trade);
  }

  order(book: OrderBook, slot: number): void {
    if (this.#onOrder.length !== 0) this.#order(book, slot);
  }

  /** `side`: SIDE_BUY or SIDE_SELL. */
  level(book: OrderBook, level: PriceLevel, side: number): void {
    if (this.#onLevel.length !== 0) this.#level(book, level, side);
  }

  #trade(book: OrderBook, trade: number): void {
    const trades = this.trades;
    const { tickUnits, lotUnits } = book.instrument;
    this.#dispatching = true;
    try {
      for (const listener of this.#onTrade) {
        listener.onTrade(
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

  #order(book: OrderBook, slot: number): void {
    const store = this.store;
    const { lotUnits } = book.instrument;
    this.#dispatching = true;
    try {
      for (const listener of this.#onOrder) {
        listener.onOrder(
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

  #level(book: OrderBook, level: PriceLevel, side: number): void {
    const { tickUnits, lotUnits } = book.instrument;
    this.#dispatching = true;
    try {
      for (const listener of this.#onLevel) {
        listener.onLevel(
          book.index,
          side,
          level.price / tickUnits,
          level.total / lotUnits,
          book.sequence,
        );
      }
    } finally {
      this.#dispatching = false;
    }
  }
}
