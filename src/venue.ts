import { AccountNames } from './account-names.js';
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
  DEFAULT_BOOK_DEPTH,
  DEFAULT_TRADES_LIMIT,
  isQueryLimit,
  MAX_QUERY_LIMIT,
  tickerOf,
} from './market-data.js';
import { OrderView, orderSequence } from './order.js';
import { fillsPage, type FillsPage, type FillsQuery } from './order-fills.js';
import {
  CANCELLED,
  EXPIRED,
  FILLED,
  OPEN,
  OrderStore,
  PARTIALLY_FILLED,
  REJECTED,
} from './order-store.js';
import { OrderBook, type BookListener, type TradeCounter } from './order-book.js';
import { OrderIndex } from './order-index.js';
import { validateOrderRequest, type ValidOrder } from './order-request.js';
import type { PriceLevel } from './price-level.js';
import {
  invalidParameter,
  ok,
  orderNotFound,
  orderNotOpen,
  unknownSymbol,
  type Failure,
  type Result,
} from './result.js';
import { refuseUnknownKeys } from './request-keys.js';
import { TradeView } from './trade.js';
import { TradeStore } from './trade-store.js';
import {
  ORDER_STATUSES,
  type BookSnapshot,
  type OrderRecord,
  type OrderRequest,
  type OrderStatus,
  type Side,
  type Ticker,
  type TradeRecord,
} from './types.js';

export interface VenueOptions {
  /** Default: DEFAULT_INSTRUMENTS (BTC-USD, ETH-USD). */
  readonly instruments?: readonly InstrumentSpec[];
  /** Milliseconds since the epoch. Readings are made non-decreasing: an earlier one counts as the last. */
  readonly clock: () => number;
  /** Trades kept per symbol for `trades()`; default 1000, the most one query may ask for. */
  readonly tradeRetention?: number;
  /** Final orders kept for `getOrder`/`listOrders`, oldest forgotten first; default all. */
  readonly orderRetention?: number;
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
] as const);
const FILLS_QUERY_KEYS: ReadonlySet<keyof FillsQuery> = new Set(['cursor', 'limit'] as const);
const ORDER_FILTER_KEYS: ReadonlySet<keyof OrderFilter> = new Set([
  'symbol',
  'status',
  'limit',
] as const);

/**
 * An exchange: listed instruments, their order books, a trade tape and 24h statistics. Every
 * command and query returns a Result; a refused command changes nothing. Events reach
 * subscribers synchronously, in the order of the changes (see VenueEvent).
 */
export class Venue {
  readonly #books = new Map<string, OrderBook>();
  readonly #booksByIndex: OrderBook[] = [];
  readonly #store = new OrderStore(new AccountNames());
  readonly #trades = new TradeStore();
  /** The order being placed (validation fills it in; reused, as commands never nest). */
  readonly #draft: ValidOrder = {
    account: '',
    side: 'buy',
    type: 'limit',
    timeInForce: 'gtc',
    postOnly: false,
    price: 0,
    size: 0,
    clientOrderId: null,
  };
  readonly #orders: OrderIndex;
  readonly #clock: () => number;
  readonly #events = new EventHub();
  #lastNow = -Infinity;
  #orderSequence = 0;
  readonly #tradeCounter: TradeCounter = { last: 0 };
  readonly #bookListener: BookListener = {
    executed: (book, trade, maker) => this.#executed(book, trade, maker),
    levelChanged: (book, level, side) => this.#levelChanged(book, level, side),
  };

  private constructor(instruments: readonly Instrument[], options: VenueOptions) {
    this.#clock = options.clock;
    this.#orders = new OrderIndex(this.#store, this.#trades, options.orderRetention ?? Infinity);
    const tradeRetention = options.tradeRetention ?? MAX_QUERY_LIMIT;
    for (const instrument of instruments) {
      const book = new OrderBook(
        this.#booksByIndex.length,
        instrument,
        tradeRetention,
        this.#store,
        this.#orders,
        this.#trades,
        this.#tradeCounter,
        this.#bookListener,
      );
      this.#books.set(instrument.symbol, book);
      this.#booksByIndex.push(book);
    }
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
    return ok(new Venue(instruments, options));
  }

  instruments(): Instrument[] {
    return [...this.#books.values()].map((book) => book.instrument);
  }

  instrument(symbol: unknown): Result<Instrument> {
    const book = this.#book(symbol);
    return book.ok ? ok(book.value.instrument) : book;
  }

  /** The clock's reading, never earlier than a previous one. */
  now(): number {
    const reading = this.#clock();
    if (reading > this.#lastNow) this.#lastNow = reading;
    return this.#lastNow;
  }

  /**
   * Calls `listener` with every event of the given types (default: all), synchronously. Listeners
   * must not issue commands (that throws); they may query. Events nobody listens to are not built.
   */
  subscribe(listener: VenueListener, types?: readonly VenueEventType[]): () => void {
    return this.#events.subscribe(listener, types);
  }

  placeOrder(request: OrderRequest): Result<OrderRecord> {
    this.#events.assertNotDispatching();
    const unknownKey = refuseUnknownKeys(request, ORDER_REQUEST_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    const book = this.#books.get(request.symbol);
    if (book === undefined) return bookMissing(request.symbol);
    const order = this.#draft;
    const refused = validateOrderRequest(book.instrument, request, order);
    if (refused !== undefined) return refused;
    const level = order.type === 'limit' ? book.levelAt(order.side, order.price) : undefined;
    if (level !== undefined && level.total > Number.MAX_SAFE_INTEGER - order.size) {
      return invalidParameter(
        'size',
        'the price level would hold more than can be counted exactly',
      );
    }
    const sequence = ++this.#orderSequence;
    const slot = this.#store.allocate(sequence, book.index, this.now(), order);
    this.#orders.add(sequence, slot);
    if (order.postOnly && book.wouldTake(slot)) {
      this.#finish(book, slot, REJECTED);
    } else if (order.timeInForce === 'fok' && !book.canFill(slot)) {
      this.#finish(book, slot, EXPIRED);
    } else {
      book.match(slot, this.#lastNow);
      if (this.#store.remaining[slot] === 0) this.#finish(book, slot, FILLED);
      else if (order.timeInForce !== 'gtc') this.#finish(book, slot, EXPIRED);
      else this.#restOrder(book, slot, level);
    }
    const record = this.#view(slot, book);
    this.#orders.forgetBeyondRetention();
    return ok(record);
  }

  cancelOrder(account: string, id: string): Result<OrderRecord> {
    this.#events.assertNotDispatching();
    const slot = this.#openOrder(account, id);
    return typeof slot === 'number' ? ok(this.#takeOff(slot, this.#store.remaining[slot]!)) : slot;
  }

  /** Takes `size` off the order's remaining size, keeping its time priority; all of it (or more) cancels. */
  reduceOrder(account: string, id: string, size: string): Result<OrderRecord> {
    this.#events.assertNotDispatching();
    const slot = this.#openOrder(account, id);
    if (typeof slot !== 'number') return slot;
    const parsed = parseSizeUnits(this.#bookOf(slot).instrument, size, 'size');
    if (typeof parsed !== 'number') return parsed;
    return ok(this.#takeOff(slot, Math.min(parsed, this.#store.remaining[slot]!)));
  }

  getOrder(account: string, id: string): Result<OrderRecord> {
    const slot = this.#ownOrder(account, id);
    return slot < 0 ? orderNotFound(id) : ok(this.#view(slot));
  }

  /** A page of the order's fills, in time order (a record carries only its first MAX_RECORD_FILLS). */
  orderFills(account: string, id: string, query: FillsQuery = {}): Result<FillsPage> {
    const unknownKey = refuseUnknownKeys(query, FILLS_QUERY_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    const slot = this.#ownOrder(account, id);
    if (slot < 0) return orderNotFound(id);
    return fillsPage(this.#store, this.#trades, slot, this.#bookOf(slot).instrument, query);
  }

  /** The account's orders, newest first. */
  listOrders(account: string, filter: OrderFilter = {}): Result<OrderRecord[]> {
    const unknownKey = refuseUnknownKeys(filter, ORDER_FILTER_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    const { symbol, status, limit = Infinity } = filter;
    if (symbol !== undefined) {
      const book = this.#book(symbol);
      if (!book.ok) return book;
    }
    if (status !== undefined && !ORDER_STATUSES.includes(status)) {
      return invalidParameter('status', `status must be one of ${ORDER_STATUSES.join(', ')}`);
    }
    if (limit !== Infinity && !isQueryLimit(limit)) {
      return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
    }
    const book = symbol === undefined ? -1 : this.#books.get(symbol)!.index;
    const statusCode = status === undefined ? -1 : ORDER_STATUSES.indexOf(status);
    const slots = this.#orders.list(account, book, statusCode, limit);
    return ok(slots.map((slot) => this.#view(slot)));
  }

  ticker(symbol: unknown): Result<Ticker> {
    const found = this.#book(symbol);
    return found.ok ? ok(tickerOf(found.value, this.now())) : found;
  }

  /** The top `depth` levels per side (default 50, at most 1000): bids descending, asks ascending. */
  orderBook(symbol: unknown, depth: number = DEFAULT_BOOK_DEPTH): Result<BookSnapshot> {
    const found = this.#book(symbol);
    if (!found.ok) return found;
    if (!isQueryLimit(depth)) {
      return invalidParameter('depth', `depth must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
    }
    return ok(bookSnapshotOf(found.value, depth, this.now()));
  }

  /** Recent trades, most recent first. */
  trades(symbol: unknown, limit: number = DEFAULT_TRADES_LIMIT): Result<TradeRecord[]> {
    const found = this.#book(symbol);
    if (!found.ok) return found;
    if (!isQueryLimit(limit))
      return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
    const book = found.value;
    return ok(
      book.tape
        .recent(limit)
        .map((trade) => new TradeView(this.#trades, trade, book.instrument, this.#store.accounts)),
    );
  }

  /** @internal For the state validator: the books, the store and the order index. */
  internals(): {
    books: readonly OrderBook[];
    store: OrderStore;
    trades: TradeStore;
    orders: OrderIndex;
  } {
    return {
      books: this.#booksByIndex,
      store: this.#store,
      trades: this.#trades,
      orders: this.#orders,
    };
  }

  #book(symbol: unknown): Result<OrderBook> {
    const book = this.#books.get(symbol as string);
    return book === undefined ? bookMissing(symbol) : ok(book);
  }

  #bookOf(slot: number): OrderBook {
    return this.#booksByIndex[this.#store.book[slot]!]!;
  }

  #view(slot: number, book: OrderBook = this.#bookOf(slot)): OrderView {
    return new OrderView(this.#store, this.#trades, slot, book.instrument);
  }

  /** The slot of the account's order `id`, or -1. */
  #ownOrder(account: string, id: string): number {
    const sequence = orderSequence(id);
    const slot = sequence < 0 ? -1 : this.#orders.slot(sequence);
    return slot >= 0 && this.#store.accountName(slot) === account ? slot : -1;
  }

  #openOrder(account: string, id: string): number | Failure {
    const slot = this.#ownOrder(account, id);
    if (slot < 0) return orderNotFound(id);
    return this.#store.isOpen(slot)
      ? slot
      : orderNotOpen(id, ORDER_STATUSES[this.#store.status[slot]!]!);
  }

  #takeOff(slot: number, size: number): OrderView {
    const book = this.#bookOf(slot);
    const level = book.take(slot, size);
    if (this.#store.remaining[slot] === 0) {
      this.#orders.setStatus(slot, CANCELLED);
      this.#orders.finalized(this.#store.sequence[slot]!);
    }
    const view = this.#view(slot, book);
    if (this.#events.listening('order')) this.#events.emit({ type: 'order', order: view });
    this.#levelChanged(book, level, this.#store.side(slot));
    this.#orders.forgetBeyondRetention();
    return view;
  }

  #restOrder(book: OrderBook, slot: number, level: PriceLevel | undefined): void {
    this.#orders.setStatus(slot, this.#store.filled[slot]! > 0 ? PARTIALLY_FILLED : OPEN);
    if (this.#events.listening('order')) {
      this.#events.emit({ type: 'order', order: this.#view(slot, book) });
    }
    book.rest(slot, level);
  }

  /** Ends an incoming order: whatever did not fill is no longer for sale. */
  #finish(book: OrderBook, slot: number, status: number): void {
    this.#orders.setStatus(slot, status);
    this.#store.remaining[slot] = 0;
    this.#orders.finalized(this.#store.sequence[slot]!);
    if (this.#events.listening('order')) {
      this.#events.emit({ type: 'order', order: this.#view(slot, book) });
    }
  }

  #executed(book: OrderBook, trade: number, maker: number): void {
    if (this.#store.remaining[maker] === 0) this.#orders.finalized(this.#store.sequence[maker]!);
    if (this.#events.listening('trade')) {
      this.#events.emit({
        type: 'trade',
        trade: new TradeView(this.#trades, trade, book.instrument, this.#store.accounts),
      });
    }
    if (this.#events.listening('order')) {
      this.#events.emit({ type: 'order', order: this.#view(maker, book) });
    }
  }

  #levelChanged(book: OrderBook, level: PriceLevel, side: Side): void {
    if (!this.#events.listening('book')) return;
    const { instrument } = book;
    this.#events.emit({
      type: 'book',
      change: {
        symbol: instrument.symbol,
        side,
        price: formatPrice(instrument, level.price),
        size: formatSize(instrument, level.total),
        sequence: book.sequence,
      },
    });
  }
}

function bookMissing(symbol: unknown): Failure {
  return typeof symbol === 'string' && SYMBOL_PATTERN.test(symbol)
    ? unknownSymbol(symbol)
    : invalidParameter('symbol', 'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9');
}
