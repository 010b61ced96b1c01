import { LevelEvent, OrderEvent, TradeEvent, type CoreListener } from './events.js';
import { SIDE_SELL, STATUS_PARTIALLY_FILLED, STATUS_PENDING } from './numeric.js';
import type { OrderBook } from './order-book.js';
import type { OrderStore } from './order-store.js';
import type { Level, Slot } from './quantities.js';
import type { TradeStore } from './trade-store.js';

/** What an order listener takes (`#orderKinds`): every change (onOrder), final statuses (onFinal). */
const TAKES_EVERY = 1;
const TAKES_FINAL = 2;

/**
 * The listeners of a venue and their dispatch (CoreListener says what comes when): each
 * announcement fills the one event of its kind (events.ts) and hands it to every listener. Each
 * announcement costs one length check when nobody listens; while listeners run, commands
 * throw (they would re-enter a command half done). A listener's methods are called on it, not
 * bound: listeners of one class are then one call target for V8 from one venue to the next.
 */
export class CoreEvents {
  readonly #onTrade: Required<Pick<CoreListener, 'onTrade'>>[] = [];
  /** The listeners with onOrder or onFinal (or both), with what each takes in `#orderKinds`. */
  readonly #onOrder: CoreListener[] = [];
  readonly #orderKinds: number[] = [];
  /** How many of `#onOrder` take every change (onOrder), and how many final statuses (onFinal). */
  #everyOrder = 0;
  #finalOrders = 0;
  readonly #onLevel: Required<Pick<CoreListener, 'onLevel'>>[] = [];
  /** The account each trade and order listener hears, by its place in `#onTrade`/`#onOrder`; -1: all. */
  readonly #tradeAccounts: number[] = [];
  readonly #orderAccounts: number[] = [];
  /** How many trade and order listeners hear one account only. */
  #tradeFiltered = 0;
  #orderFiltered = 0;
  #dispatching = false;
  /** The events, filled in place for each announcement. */
  readonly #tradeEvent = new TradeEvent();
  readonly #orderEvent = new OrderEvent();
  readonly #levelEvent = new LevelEvent();

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

  /**
   * Calls the listener's handlers with every event from now on, in the order listeners started;
   * with `account` (an account id), only its trades (as maker or taker) and its orders' updates,
   * so that the others' events cost it nothing. Returns the function that stops it.
   */
  listen(listener: CoreListener, account = -1): () => void {
    const kinds: [CoreListener[], number[] | null][] = [];
    if (listener.onTrade !== undefined) kinds.push([this.#onTrade, this.#tradeAccounts]);
    const orderKind =
      (listener.onOrder === undefined ? 0 : TAKES_EVERY) |
      (listener.onFinal === undefined ? 0 : TAKES_FINAL);
    if (orderKind !== 0) {
      kinds.push([this.#onOrder, this.#orderAccounts]);
      this.#orderKinds.push(orderKind);
    }
    if (listener.onLevel !== undefined) kinds.push([this.#onLevel, null]);
    for (const [listeners, accounts] of kinds) {
      listeners.push(listener);
      accounts?.push(account);
    }
    this.#countFiltered();
    return () => {
      for (const [listeners, accounts] of kinds) {
        const index = listeners.indexOf(listener);
        if (index < 0) continue;
        listeners.splice(index, 1);
        accounts?.splice(index, 1);
        if (listeners === this.#onOrder) this.#orderKinds.splice(index, 1);
      }
      this.#countFiltered();
    };
  }

  #countFiltered(): void {
    this.#tradeFiltered = this.#tradeAccounts.filter((account) => account >= 0).length;
    this.#orderFiltered = this.#orderAccounts.filter((account) => account >= 0).length;
    this.#everyOrder = this.#orderKinds.filter((kind) => (kind & TAKES_EVERY) !== 0).length;
    this.#finalOrders = this.#orderKinds.filter((kind) => (kind & TAKES_FINAL) !== 0).length;
  }

  /** `trade` (a TradeStore slot) between the orders at slots `maker` and `taker`. */
  trade(book: OrderBook, trade: number, maker: Slot, taker: Slot): void {
    if (this.#onTrade.length !== 0) this.#trade(book.index, trade, maker, taker);
  }

  order(book: OrderBook, slot: Slot): void {
    if (this.#onOrder.length !== 0) this.#order(book.index, slot);
  }

  /** `side`: SIDE_BUY or SIDE_SELL, whose ladder holds `level`. */
  level(book: OrderBook, level: Level, side: number): void {
    if (this.#onLevel.length !== 0) this.#level(book, level, side);
  }

  #trade(book: number, index: number, maker: Slot, taker: Slot): void {
    const accounts = this.#tradeAccounts;
    let makerAccount = -1;
    let takerAccount = -1;
    if (this.#tradeFiltered !== 0) {
      makerAccount = this.store.accountColumn[maker]!;
      takerAccount = this.store.accountColumn[taker]!;
    }
    const event = this.#tradeEvent;
    event.read(this.trades, index, book, maker, taker);
    const listeners = this.#onTrade;
    this.#dispatching = true;
    try {
      for (let i = 0; i < listeners.length; i++) {
        const account = accounts[i]!;
        if (account < 0 || account === makerAccount || account === takerAccount)
          listeners[i]!.onTrade(event);
      }
    } finally {
      this.#dispatching = false;
    }
  }

  #order(book: number, slot: Slot): void {
    const store = this.store;
    let status = 0;
    let final = false;
    if (this.#finalOrders !== 0) {
      status = store.statusColumn[slot]!;
      final = status > STATUS_PARTIALLY_FILLED && status !== STATUS_PENDING;
      // Listeners of final statuses only: a live order's change costs them this one status read.
      if (!final && this.#everyOrder === 0) return;
    }
    const accounts = this.#orderAccounts;
    let orderAccount = -1;
    if (this.#orderFiltered !== 0) {
      orderAccount = store.accountColumn[slot]!;
    }
    const event = this.#orderEvent;
    event.read(store, slot, book);
    const listeners = this.#onOrder;
    const kinds = this.#orderKinds;
    this.#dispatching = true;
    try {
      for (let i = 0; i < listeners.length; i++) {
        const account = accounts[i]!;
        if (account >= 0 && account !== orderAccount) continue;
        const kind = kinds[i]!;
        if ((kind & TAKES_EVERY) !== 0) listeners[i]!.onOrder!(event);
        if (final && (kind & TAKES_FINAL) !== 0) listeners[i]!.onFinal!(slot, status);
      }
    } finally {
      this.#dispatching = false;
    }
  }

  #level(book: OrderBook, level: Level, side: number): void {
    const event = this.#levelEvent;
    const ladder = book.ladder(side === SIDE_SELL);
    event.book = book.index;
    event.side = side;
    event.price = ladder.price(level);
    event.total = ladder.total(level);
    event.bookSequence = book.sequence;
    this.#dispatching = true;
    try {
      for (const listener of this.#onLevel) listener.onLevel(event);
    } finally {
      this.#dispatching = false;
    }
  }
}
