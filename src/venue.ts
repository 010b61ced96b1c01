import { EventHub, type VenueEventType, type VenueListener } from './event-hub.js';
import {
  createInstrument,
  DEFAULT_INSTRUMENTS,
  formatPrice,
  formatSize,
  parseSizeUnits,
  SYMBOL_PATTERN,
} from './instrument.js';
import type { Instrument, InstrumentSpec } from './instrument.js';
import {
  bookSnapshotOf,
  bookTicksOf,
  DEFAULT_BOOK_DEPTH,
  DEFAULT_TRADES_LIMIT,
  isQueryLimit,
  MAX_QUERY_LIMIT,
  tickerOf,
} from './market-data.js';
import { refusalError, type NumericListener } from './numeric.js';
import { OrderView, orderSequence } from './order.js';
import type { OrderBook } from './order-book.js';
import { fillsPage, type FillsPage, type FillsQuery } from './order-fills.js';
import type { OrderIndex } from './order-index.js';
import { validateAmend } from './order-amend.js';
import { validateOrderRequest, type ValidOrder } from './order-request.js';
import type { OrderStore } from './order-store.js';
import { refuseUnknownKeys } from './request-keys.js';
import {
  invalidParameter,
  ok,
  orderNotFound,
  orderNotOpen,
  unknownSymbol,
  type Failure,
  type Result,
} from './result.js';
import { TradeView } from './trade.js';
import type { TradeStore } from './trade-store.js';
import {
  ORDER_STATUSES,
  SIDES,
  STP_MODES,
  type AmendRequest,
  type BookSnapshot,
  type TickBook,
  type OrderRecord,
  type OrderRequest,
  type OrderStatus,
  type SelfTradePrevention,
  type Ticker,
  type TradeRecord,
} from './types.js';
import { VenueCore } from './venue-core.js';

export interface VenueOptions {
  /** Default: DEFAULT_INSTRUMENTS (BTC-USD, ETH-USD). */
  readonly instruments?: readonly InstrumentSpec[];
  /** Milliseconds since the epoch. Readings are made non-decreasing: an earlier one counts as the last. */
  readonly clock: () => number;
  /** Trades kept per symbol for `trades()`; default 1000, the most one query may ask for. */
  readonly tradeRetention?: number;
  /** Final orders kept for `getOrder`/`listOrders`, oldest forgotten first; default all. */
  readonly orderRetention?: number;
  /** The self-trade prevention of orders that name none; default `none` (docs/order-types.md). */
  readonly selfTradePrevention?: SelfTradePrevention;
}

export interface OrderFilter {
  readonly symbol?: string;
  readonly status?: OrderStatus;
  /** Default: all. */
  readonly limit?: number;
}

const ORDER_REQUEST_KEYS: ReadonlySet<keyof OrderRequest> = new Set([
  'account',
  'symbol',
  'side',
  'type',
  'size',
  'price',
  'timeInForce',
  'postOnly',
  'clientOrderId',
  'stopPrice',
  'expireAt',
  'stp',
] as const);
const AMEND_REQUEST_KEYS: ReadonlySet<keyof AmendRequest> = new Set(['size', 'price'] as const);
const FILLS_QUERY_KEYS: ReadonlySet<keyof FillsQuery> = new Set(['cursor', 'limit'] as const);
const ORDER_FILTER_KEYS: ReadonlySet<keyof OrderFilter> = new Set([
  'symbol',
  'status',
  'limit',
] as const);

/**
 * An exchange: listed instruments, their order books, a trade tape and 24h statistics, with
 * decimal strings at its edges. Every command and query returns a Result; a refused command
 * changes nothing. Events reach subscribers synchronously, in the order of the changes (see
 * VenueEvent). Commands run on `core`, the numeric path, which can also be driven directly.
 */
export class Venue {
  /** The numeric path: commands and events in integer codes, ticks and lots (docs/core.md). */
  readonly core: VenueCore;
  /** The order being placed (validation fills it in; reused, as commands never nest). */
  readonly #draft: ValidOrder = {
    account: '',
    kind: 0,
    price: 0,
    size: 0,
    clientOrderId: null,
    stopPrice: 0,
    expireAt: 0,
  };
  readonly #events = new EventHub();
  readonly #now = (): number => this.core.now();
  /** Stops the core feeding `#events`; set while anyone subscribes. */
  #unbridge: (() => void) | undefined;

  private constructor(instruments: readonly Instrument[], options: VenueOptions) {
    this.core = new VenueCore(
      instruments,
      options.clock,
      options.tradeRetention ?? MAX_QUERY_LIMIT,
      options.orderRetention ?? Infinity,
      STP_MODES.indexOf(options.selfTradePrevention ?? 'none'),
    );
  }

  /** A venue over validated instruments; a bad spec or a repeated symbol is refused. */
  static create(options: VenueOptions): Result<Venue> {
    const instruments: Instrument[] = [];
    for (const spec of options.instruments ?? DEFAULT_INSTRUMENTS) {
      const instrument = createInstrument(spec);
      if (!instrument.ok) return instrument;
      if (instruments.some((listed) => listed.symbol === spec.symbol)) {
        return invalidParameter('symbol', `symbol ${spec.symbol} is listed twice`);
      }
      instruments.push(instrument.value);
    }
    const { tradeRetention = MAX_QUERY_LIMIT, orderRetention = Infinity } = options;
    if (!Number.isSafeInteger(tradeRetention) || tradeRetention < 1) {
      return invalidParameter('trade_retention', 'trade retention must be a positive integer');
    }
    if (
      orderRetention !== Infinity &&
      (!Number.isSafeInteger(orderRetention) || orderRetention < 0)
    ) {
      return invalidParameter('order_retention', 'order retention must be a non-negative integer');
    }
    const { selfTradePrevention = 'none' } = options;
    if (!STP_MODES.includes(selfTradePrevention)) {
      return invalidParameter(
        'stp',
        `self-trade prevention must be one of ${STP_MODES.join(', ')}`,
      );
    }
    return ok(new Venue(instruments, options));
  }

  /** In book index order (the numeric path's `book`). */
  instruments(): Instrument[] {
    return this.core.books.map((book) => book.instrument);
  }

  instrument(symbol: unknown): Result<Instrument> {
    const book = this.#book(symbol);
    return book.ok ? ok(book.value.instrument) : book;
  }

  /** The clock's reading, never earlier than a previous one. */
  now(): number {
    return this.core.now();
  }

  /**
   * Calls `listener` with every event of the given types (default: all), synchronously. Listeners
   * must not issue commands (that throws); they may query. Events nobody listens to are not built.
   */
  subscribe(listener: VenueListener, types?: readonly VenueEventType[]): () => void {
    const unsubscribe = this.#events.subscribe(listener, types);
    this.#unbridge ??= this.core.listen(this.#bridge);
    return () => {
      unsubscribe();
      if (!this.#events.listeningToAny()) {
        this.#unbridge?.();
        this.#unbridge = undefined;
      }
    };
  }

  placeOrder(request: OrderRequest): Result<OrderRecord> {
    const core = this.core;
    core.assertNotDispatching();
    core.expireDue();
    const unknownKey = refuseUnknownKeys(request, ORDER_REQUEST_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    const index = core.bookIndex(request.symbol);
    if (index < 0) return bookMissing(request.symbol);
    const book = core.books[index]!;
    const order = this.#draft;
    const refused = validateOrderRequest(
      book.instrument,
      request,
      order,
      this.#now,
      core.defaultStp,
    );
    if (refused !== undefined) return refused;
    const account = core.store.accounts.id(order.account);
    const { kind, price, size, clientOrderId, stopPrice, expireAt } = order;
    const sequence = core.placeValid(
      book,
      account,
      kind,
      price,
      size,
      clientOrderId,
      stopPrice,
      expireAt,
    );
    if (sequence < 0) return { ok: false, error: refusalError(sequence) };
    const record = this.#view(core.orders.slot(sequence), book);
    core.orders.forgetBeyondRetention();
    return ok(record);
  }

  /** Cancels an open or pending order. */
  cancelOrder(account: string, id: string): Result<OrderRecord> {
    this.core.assertNotDispatching();
    this.core.expireDue();
    const slot = this.#openOrder(account, id);
    return typeof slot === 'number'
      ? ok(this.#takeOff(slot, this.core.store.remaining[slot]!))
      : slot;
  }

  /** Takes `size` off the order's remaining size, keeping its time priority; all of it (or more) cancels. */
  reduceOrder(account: string, id: string, size: string): Result<OrderRecord> {
    this.core.assertNotDispatching();
    this.core.expireDue();
    const slot = this.#openOrder(account, id);
    if (typeof slot !== 'number') return slot;
    const parsed = parseSizeUnits(this.core.bookOf(slot).instrument, size, 'size');
    if (typeof parsed !== 'number') return parsed;
    return ok(this.#takeOff(slot, Math.min(parsed, this.core.store.remaining[slot]!)));
  }

  /**
   * Changes an open or pending order's size (its new total, filled size included) and/or limit
   * price: a smaller size at the same price keeps its time priority; a new price or a larger size
   * loses it, and a new price that crosses matches like a new order (docs/order-types.md).
   */
  amendOrder(account: string, id: string, request: AmendRequest): Result<OrderRecord> {
    const core = this.core;
    core.assertNotDispatching();
    core.expireDue();
    const unknownKey = refuseUnknownKeys(request, AMEND_REQUEST_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    const slot = this.#openOrder(account, id);
    if (typeof slot !== 'number') return slot;
    const amended = validateAmend(core.bookOf(slot).instrument, core.store, slot, request);
    if (!amended.ok) return amended;
    const { size, price } = amended.value;
    const refused = core.amendValid(slot, size, price);
    if (refused < 0) return { ok: false, error: refusalError(refused) };
    const view = this.#view(slot);
    core.orders.forgetBeyondRetention();
    return ok(view);
  }

  /** Expires the gtd orders due at the clock's time now (queries and commands do it first anyway). */
  expireDue(): void {
    this.core.assertNotDispatching();
    this.core.expireDue();
  }

  getOrder(account: string, id: string): Result<OrderRecord> {
    this.core.expireDueOutsideListeners();
    const slot = this.#ownOrder(account, id);
    return slot < 0 ? orderNotFound(id) : ok(this.#view(slot));
  }

  /** A page of the order's fills, in time order (a record carries only its first MAX_RECORD_FILLS). */
  orderFills(account: string, id: string, query: FillsQuery = {}): Result<FillsPage> {
    const unknownKey = refuseUnknownKeys(query, FILLS_QUERY_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    this.core.expireDueOutsideListeners();
    const slot = this.#ownOrder(account, id);
    if (slot < 0) return orderNotFound(id);
    const { store, trades } = this.core;
    return fillsPage(store, trades, slot, this.core.bookOf(slot).instrument, query);
  }

  /** The account's orders, newest first; costs what it returns (the orders are indexed). */
  listOrders(account: string, filter: OrderFilter = {}): Result<OrderRecord[]> {
    const unknownKey = refuseUnknownKeys(filter, ORDER_FILTER_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    this.core.expireDueOutsideListeners();
    const { symbol, status, limit = Infinity } = filter;
    let book = -1;
    if (symbol !== undefined) {
      const found = this.#book(symbol);
      if (!found.ok) return found;
      book = found.value.index;
    }
    if (status !== undefined && !ORDER_STATUSES.includes(status)) {
      return invalidParameter('status', `status must be one of ${ORDER_STATUSES.join(', ')}`);
    }
    if (limit !== Infinity && !isQueryLimit(limit)) {
      return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
    }
    const statusCode = status === undefined ? -1 : ORDER_STATUSES.indexOf(status);
    const slots = this.core.orders.list(account, book, statusCode, limit);
    return ok(slots.map((slot) => this.#view(slot)));
  }

  ticker(symbol: unknown): Result<Ticker> {
    const found = this.#book(symbol);
    return found.ok ? ok(tickerOf(found.value, this.now())) : found;
  }

  /** The top `depth` levels per side (default 50, at most 1000): bids descending, asks ascending. */
  orderBook(symbol: unknown, depth: number = DEFAULT_BOOK_DEPTH): Result<BookSnapshot> {
    const found = this.#bookToDepth(symbol, depth);
    return found.ok ? ok(bookSnapshotOf(found.value, depth, this.now())) : found;
  }

  /** `orderBook` in ticks and lots, for callers that would only parse its strings back. */
  orderBookTicks(symbol: unknown, depth: number = DEFAULT_BOOK_DEPTH): Result<TickBook> {
    const found = this.#bookToDepth(symbol, depth);
    return found.ok ? ok(bookTicksOf(found.value, depth)) : found;
  }

  /** Recent trades, most recent first. */
  trades(symbol: unknown, limit: number = DEFAULT_TRADES_LIMIT): Result<TradeRecord[]> {
    const found = this.#book(symbol);
    if (!found.ok) return found;
    if (!isQueryLimit(limit))
      return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
    const book = found.value;
    const { trades, store } = this.core;
    return ok(
      book.tape
        .recent(limit)
        .map((trade) => new TradeView(trades, trade, book.instrument, store.accounts)),
    );
  }

  /** @internal For the state validator: the books, the store and the order index. */
  internals(): {
    books: readonly OrderBook[];
    store: OrderStore;
    trades: TradeStore;
    orders: OrderIndex;
  } {
    const { books, store, trades, orders } = this.core;
    return { books, store, trades, orders };
  }

  /** Turns the core's numeric events into VenueEvents, building only what someone listens to. */
  readonly #bridge: NumericListener = {
    onTrade: (_trade, book, _price, _size, _maker, takerSequence) => {
      if (!this.#events.listening('trade')) return;
      const { store, trades, orders, books } = this.core;
      // The trade is the taker's latest fill.
      const trade = store.lastFill[orders.slot(takerSequence)]!;
      const view = new TradeView(trades, trade, books[book]!.instrument, store.accounts);
      this.#events.emit({ type: 'trade', trade: view });
    },
    onOrder: (sequence) => {
      if (!this.#events.listening('order')) return;
      this.#events.emit({ type: 'order', order: this.#view(this.core.orders.slot(sequence)) });
    },
    onLevel: (book, side, priceTicks, totalLots, bookSequence) => {
      if (!this.#events.listening('book')) return;
      const instrument = this.core.books[book]!.instrument;
      this.#events.emit({
        type: 'book',
        change: {
          symbol: instrument.symbol,
          side: SIDES[side]!,
          price: formatPrice(instrument, priceTicks * instrument.tickUnits),
          size: formatSize(instrument, totalLots * instrument.lotUnits),
          sequence: bookSequence,
        },
      });
    },
  };

  /** `#book`, refusing a depth outside 1..MAX_QUERY_LIMIT. */
  #bookToDepth(symbol: unknown, depth: number): Result<OrderBook> {
    const found = this.#book(symbol);
    if (!found.ok || isQueryLimit(depth)) return found;
    return invalidParameter('depth', `depth must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
  }

  /** A listed symbol's book; queries on books expire due orders first. */
  #book(symbol: unknown): Result<OrderBook> {
    this.core.expireDueOutsideListeners();
    const index = typeof symbol === 'string' ? this.core.bookIndex(symbol) : -1;
    return index < 0 ? bookMissing(symbol) : ok(this.core.books[index]!);
  }

  #view(slot: number, book: OrderBook = this.core.bookOf(slot)): OrderView {
    const { store, trades } = this.core;
    return new OrderView(store, trades, slot, book.instrument);
  }

  /** The slot of the account's order `id`, or -1. */
  #ownOrder(account: string, id: string): number {
    const sequence = orderSequence(id);
    const slot = sequence < 0 ? -1 : this.core.orders.slot(sequence);
    return slot >= 0 && this.core.store.accountName(slot) === account ? slot : -1;
  }

  #openOrder(account: string, id: string): number | Failure {
    const slot = this.#ownOrder(account, id);
    if (slot < 0) return orderNotFound(id);
    const { store } = this.core;
    return store.isLive(slot) ? slot : orderNotOpen(id, ORDER_STATUSES[store.status[slot]!]!);
  }

  #takeOff(slot: number, size: number): OrderView {
    this.core.takeOff(slot, size);
    const view = this.#view(slot);
    this.core.orders.forgetBeyondRetention();
    return view;
  }
}

function bookMissing(symbol: unknown): Failure {
  return typeof symbol === 'string' && SYMBOL_PATTERN.test(symbol)
    ? unknownSymbol(symbol)
    : invalidParameter('symbol', 'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9');
}
