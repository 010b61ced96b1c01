import { createInstrument, DEFAULT_INSTRUMENTS, formatPrice, formatSize, parseSizeUnits } from './instrument.js';
import type { Instrument, InstrumentSpec } from './instrument.js';
import { Order, OrderView, orderSequence } from './order.js';
import { OrderBook, type BookListener } from './order-book.js';
import { OrderIndex } from './order-index.js';
import { validateOrderRequest } from './order-request.js';
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
import { SYMBOL_PATTERN } from './instrument.js';
import { Trade } from './trade.js';
import {
  ORDER_STATUSES,
  type BookLevel,
  type BookSnapshot,
  type OrderRecord,
  type OrderRequest,
  type OrderStatus,
  type Side,
  type Ticker,
  type TradeRecord,
  type VenueEvent,
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

export type VenueListener = (event: VenueEvent) => void;

export const MAX_QUERY_LIMIT = 1000;
export const DEFAULT_BOOK_DEPTH = 50;
export const DEFAULT_TRADES_LIMIT = 100;

/**
 * An exchange: listed instruments, their order books, a trade tape and 24h statistics. Every
 * command and query returns a Result; a refused command changes nothing. Events reach
 * subscribers synchronously, in the order of the changes (see VenueEvent).
 */
export class Venue {
  readonly #books = new Map<string, OrderBook>();
  readonly #orders: OrderIndex;
  readonly #clock: () => number;
  readonly #listeners: VenueListener[] = [];
  #lastNow = -Infinity;
  #orderSequence = 0;
  #tradeSequence = 0;
  readonly #bookListener: BookListener = {
    executed: (book, maker, taker, size) => this.#executed(book, maker, taker, size),
    levelChanged: (book, level, side) => this.#levelChanged(book, level, side),
  };

  private constructor(instruments: readonly Instrument[], options: VenueOptions) {
    this.#clock = options.clock;
    this.#orders = new OrderIndex(options.orderRetention ?? Infinity);
    const tradeRetention = options.tradeRetention ?? MAX_QUERY_LIMIT;
    for (const instrument of instruments) {
      this.#books.set(instrument.symbol, new OrderBook(instrument, tradeRetention, this.#bookListener));
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
    if (orderRetention !== Infinity && (!Number.isSafeInteger(orderRetention) || orderRetention < 0)) {
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

  subscribe(listener: VenueListener): () => void {
    this.#listeners.push(listener);
    return () => {
      const index = this.#listeners.indexOf(listener);
      if (index >= 0) this.#listeners.splice(index, 1);
    };
  }

  placeOrder(request: OrderRequest): Result<OrderRecord> {
    const book = this.#books.get(request.symbol);
    if (book === undefined) return bookMissing(request.symbol);
    const valid = validateOrderRequest(book.instrument, request);
    if (!valid.ok) return valid;
    const { value } = valid;
    if (value.type === 'limit' && book.restingAt(value.side, value.price) > Number.MAX_SAFE_INTEGER - value.size) {
      return invalidParameter('size', 'the price level would hold more than can be counted exactly');
    }
    const order = new Order(
      ++this.#orderSequence,
      book.instrument,
      value.account,
      value.side,
      value.type,
      value.timeInForce,
      value.postOnly,
      value.price,
      value.size,
      value.size,
      this.now(),
      value.clientOrderId,
    );
    this.#orders.add(order);
    if (order.postOnly && book.wouldTake(order)) {
      this.#finish(order, 'rejected');
    } else if (order.timeInForce === 'fok' && !book.canFill(order)) {
      this.#finish(order, 'expired');
    } else {
      book.match(order);
      if (order.remaining === 0) this.#finish(order, 'filled');
      else if (order.timeInForce !== 'gtc') this.#finish(order, 'expired');
      else this.#restOrder(book, order);
    }
    return ok(new OrderView(order));
  }

  cancelOrder(account: string, id: string): Result<OrderRecord> {
    const found = this.#openOrder(account, id);
    return found.ok ? ok(this.#takeOff(found.value, found.value.remaining)) : found;
  }

  /** Takes `size` off the order's remaining size, keeping its time priority; all of it (or more) cancels. */
  reduceOrder(account: string, id: string, size: string): Result<OrderRecord> {
    const found = this.#openOrder(account, id);
    if (!found.ok) return found;
    const order = found.value;
    const parsed = parseSizeUnits(order.instrument, size, 'size');
    if (typeof parsed !== 'number') return parsed;
    return ok(this.#takeOff(order, Math.min(parsed, order.remaining)));
  }

  getOrder(account: string, id: string): Result<OrderRecord> {
    const order = this.#ownOrder(account, id);
    return order === undefined ? orderNotFound(id) : ok(new OrderView(order));
  }

  /** The account's orders, newest first. */
  listOrders(account: string, filter: OrderFilter = {}): Result<OrderRecord[]> {
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
    const orders = this.#orders.list(
      account,
      (order) =>
        (symbol === undefined || order.instrument.symbol === symbol) &&
        (status === undefined || order.status === status),
      limit,
    );
    return ok(orders.map((order) => new OrderView(order)));
  }

  ticker(symbol: unknown): Result<Ticker> {
    const found = this.#book(symbol);
    if (!found.ok) return found;
    const { instrument, stats } = found.value;
    const now = this.now();
    const figures = stats.figures(now);
    const reference = instrument.referencePriceUnits;
    const price = (units: number | null) =>
      units === null ? (reference === null ? null : formatPrice(instrument, reference)) : formatPrice(instrument, units);
    return ok({
      symbol: instrument.symbol,
      price: price(figures.last),
      open24h: price(figures.open),
      high24h: price(figures.high),
      low24h: price(figures.low),
      volume24h: formatSize(instrument, figures.volume),
      timestamp: now,
    });
  }

  orderBook(symbol: unknown, depth: number = DEFAULT_BOOK_DEPTH): Result<BookSnapshot> {
    const found = this.#book(symbol);
    if (!found.ok) return found;
    if (!isQueryLimit(depth)) return invalidParameter('depth', `depth must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
    const book = found.value;
    const levels = (side: OrderBook['bids']) => {
      const result: BookLevel[] = [];
      side.forEachFromBest(depth, (level) => {
        result.push([formatPrice(book.instrument, level.price), formatSize(book.instrument, level.total)]);
      });
      return result;
    };
    return ok({
      symbol: book.instrument.symbol,
      bids: levels(book.bids),
      asks: levels(book.asks),
      timestamp: this.now(),
      sequence: book.sequence,
    });
  }

  /** Recent trades, most recent first. */
  trades(symbol: unknown, limit: number = DEFAULT_TRADES_LIMIT): Result<TradeRecord[]> {
    const found = this.#book(symbol);
    if (!found.ok) return found;
    if (!isQueryLimit(limit)) return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_QUERY_LIMIT}`);
    return ok(found.value.trades.recent(limit));
  }

  /** @internal For the state validator: the books and the order index. */
  internals(): { books: ReadonlyMap<string, OrderBook>; orders: OrderIndex; orderCount: number; tradeCount: number } {
    return { books: this.#books, orders: this.#orders, orderCount: this.#orderSequence, tradeCount: this.#tradeSequence };
  }

  #book(symbol: unknown): Result<OrderBook> {
    const book = this.#books.get(symbol as string);
    return book === undefined ? bookMissing(symbol) : ok(book);
  }

  #ownOrder(account: string, id: string): Order | undefined {
    const sequence = typeof id === 'string' ? orderSequence(id) : -1;
    const order = sequence < 0 ? undefined : this.#orders.get(sequence);
    return order !== undefined && order.account === account ? order : undefined;
  }

  #openOrder(account: string, id: string): Result<Order> {
    const order = this.#ownOrder(account, id);
    if (order === undefined) return orderNotFound(id);
    return order.isOpen ? ok(order) : orderNotOpen(id, order.status);
  }

  #takeOff(order: Order, size: number): OrderView {
    const book = this.#books.get(order.instrument.symbol)!;
    const level = book.take(order, size);
    if (order.remaining === 0) {
      order.status = 'cancelled';
      this.#orders.finalized(order);
    }
    const view = new OrderView(order);
    if (this.#listeners.length > 0) {
      this.#emit({ type: 'order', order: view });
      this.#levelChanged(book, level, order.side);
    }
    return view;
  }

  #restOrder(book: OrderBook, order: Order): void {
    order.status = order.filled > 0 ? 'partially_filled' : 'open';
    if (this.#listeners.length > 0) this.#emit({ type: 'order', order: new OrderView(order) });
    book.rest(order);
  }

  /** Ends an incoming order: whatever did not fill is no longer for sale. */
  #finish(order: Order, status: OrderStatus): void {
    order.status = status;
    order.remaining = 0;
    this.#orders.finalized(order);
    if (this.#listeners.length > 0) this.#emit({ type: 'order', order: new OrderView(order) });
  }

  #executed(book: OrderBook, maker: Order, taker: Order, size: number): void {
    const trade = new Trade(++this.#tradeSequence, book.instrument, maker.price, size, this.#lastNow, maker, taker);
    (maker.fills ??= []).push(trade);
    (taker.fills ??= []).push(trade);
    book.trades.append(trade);
    book.stats.record(trade.timestamp, trade.priceUnits, size);
    if (maker.remaining === 0) this.#orders.finalized(maker);
    if (this.#listeners.length > 0) {
      this.#emit({ type: 'trade', trade });
      this.#emit({ type: 'order', order: new OrderView(maker) });
    }
  }

  #levelChanged(book: OrderBook, level: PriceLevel, side: Side): void {
    if (this.#listeners.length === 0) return;
    const { instrument } = book;
    this.#emit({
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

  #emit(event: VenueEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

function bookMissing(symbol: unknown): Failure {
  return typeof symbol === 'string' && SYMBOL_PATTERN.test(symbol)
    ? unknownSymbol(symbol)
    : invalidParameter('symbol', 'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9');
}

function isQueryLimit(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_QUERY_LIMIT;
}
