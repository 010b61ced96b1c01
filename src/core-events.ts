import type { NumericListener } from './numeric.js';
import type { OrderBook } from './order-book.js';
import type { OrderStore } from './order-store.js';
import type { PriceLevel } from './price-level.js';
import type { TradeStore } from './trade-store.js';

type Handlers<K extends keyof NumericListener> = {
  listener: NumericListener;
  handler: Required<NumericListener>[K];
}[];

/**
 * The numeric listeners of a venue and their dispatch (NumericListener says what comes when).
 * Each announcement costs one length check when nobody listens; while listeners run, commands
 * throw (they would re-enter a command half done).
 */
export class CoreEvents {
  readonly #onTrade: Handlers<'onTrade'> = [];
  readonly #onOrder: Handlers<'onOrder'> = [];
  readonly #onLevel: Handlers<'onLevel'> = [];
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

  #order(book: OrderBook, slot: number): void {
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

  #level(book: OrderBook, level: PriceLevel, side: number): void {
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
