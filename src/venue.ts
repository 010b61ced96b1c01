import { EventBridge } from './event-bridge.js';
import type { VenueEventType, VenueListener } from './event-hub.js';
import { parseSizeUnits, type Instrument } from './instrument.js';
import { DEFAULT_BOOK_DEPTH, DEFAULT_TRADES_LIMIT } from './market-data.js';
import {
  bookMissing,
  bookQuery,
  bookTicksQuery,
  findBook,
  tickerQuery,
  tradesQuery,
} from './market-queries.js';
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_REDUCE,
  refusalError,
  SIDE_BUY,
  TYPE_MARKET,
} from './numeric.js';
import type { FillsPage, FillsQuery } from './order-fills.js';
import { UNCHANGED, validateAmend } from './order-amend.js';
import type { Lots, Slot, Ticks } from './quantities.js';
import {
  getOrderQuery,
  listOrdersQuery,
  liveOrderCountsQuery,
  openOrder,
  orderFillsQuery,
  orderView,
  type LiveOrderCounts,
  type OrderFilter,
} from './order-queries.js';
import type { OrderCommand } from './order-command.js';
import { validateOrderRequest } from './order-request.js';
import { orderRefusal, quoteSizeMalformed } from './order-refusals.js';
import { AMEND_REQUEST_KEYS, ORDER_REQUEST_KEYS, refuseUnknownKeys } from './request-keys.js';
import { invalidParameter, ok, type Failure, type Result } from './result.js';
import type { Balance, Balances } from './balances.js';
import { parseBigUnits } from './decimal-codec.js';
import type { OrderBook } from './order-book.js';
import { STP_MODES } from './types.js';
import type {
  AmendRequest,
  BookSnapshot,
  TickBook,
  OrderRecord,
  OrderRequest,
  QuoteOrderRequest,
  Ticker,
  TradeRecord,
} from './types.js';
import type { VenueInternals } from './validate-state.js';
import type { VenueCore } from './venue-core.js';
import { createVenueCore, type VenueOptions } from './venue-options.js';

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
  readonly #draft: OrderCommand;
  readonly #events: EventBridge;
  readonly #commandTime = (): number => this.core.commandTime;

  private constructor(core: VenueCore) {
    this.core = core;
    this.#draft = core.newCommand();
    this.#events = new EventBridge(core);
  }

  /** A venue over validated instruments; a bad spec or a repeated symbol is refused. */
  static create(options: VenueOptions): Result<Venue> {
    const core = createVenueCore(options);
    return core.ok ? ok(new Venue(core.value)) : core;
  }

  /** In book index order (the numeric path's `book`). */
  instruments(): Instrument[] {
    return this.core.books.map((book) => book.instrument);
  }

  instrument(symbol: unknown): Result<Instrument> {
    const book = findBook(this.core, symbol);
    return book.ok ? ok(book.value.instrument) : book;
  }

  /** The clock's reading, never earlier than a previous one. */
  now(): number {
    return this.core.now();
  }

  /**
   * The time the running or last command was applied at: the clock's one reading for it (invariant
   * 13), the time of everything it stamped. A journal records a command at this time.
   */
  commandTime(): number {
    return this.core.commandTime;
  }

  /**
   * Calls `listener` with every event of the given types (default: all), synchronously. Listeners
   * must not issue commands (that throws); they may query. Events nobody listens to are not built.
   */
  subscribe(listener: VenueListener, types?: readonly VenueEventType[]): () => void {
    return this.#events.subscribe(listener, types);
  }

  placeOrder(request: OrderRequest | QuoteOrderRequest): Result<OrderRecord> {
    const core = this.core;
    core.expireDue();
    const unknownKey = refuseUnknownKeys(request, ORDER_REQUEST_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    const index = core.bookIndex(request.symbol);
    if (index < 0) return bookMissing(request.symbol);
    const book = core.books[index]!;
    const order = this.#draft.clear();
    if ('quoteSize' in request) {
      const refused = this.#quoteInto(book, request, order);
      if (refused !== undefined) return refused;
    }
    const refused = validateOrderRequest(book.instrument, request, order, this.#commandTime);
    if (refused !== undefined) return refused;
    order.account = core.store.accounts.id(request.account);
    order.book = index;
    const sequence = core.placeValid(book, order);
    if (sequence < 0) return { ok: false, error: refusalError(sequence) };
    const record = orderView(core, core.orders.slot(sequence), book);
    core.orders.forgetBeyondRetention();
    return ok(record);
  }

  /** Cancels an open or pending order. */
  cancelOrder(account: string, id: string): Result<OrderRecord> {
    this.core.expireDue();
    const slot = openOrder(this.core, account, id);
    return typeof slot === 'number' ? this.#submitOn(slot, ACTION_CANCEL) : slot;
  }

  /** Takes `size` off the order's remaining size, keeping its time priority; all of it (or more) cancels. */
  reduceOrder(account: string, id: string, size: string): Result<OrderRecord> {
    this.core.expireDue();
    const slot = openOrder(this.core, account, id);
    if (typeof slot !== 'number') return slot;
    const { instrument } = this.core.bookOf(slot);
    const parsed = parseSizeUnits(instrument, size, 'size');
    if (typeof parsed !== 'number') return parsed;
    this.#draft.clear().size = (parsed / instrument.lotUnits) as Lots; // on the grid: exact
    return this.#submitOn(slot, ACTION_REDUCE);
  }

  /**
   * Changes an open or pending order's size (its new total, filled size included) and/or limit
   * price: a smaller size at the same price keeps its time priority; a new price or a larger size
   * loses it, and a new price that crosses matches like a new order (docs/order-types.md).
   */
  amendOrder(account: string, id: string, request: AmendRequest): Result<OrderRecord> {
    const core = this.core;
    core.expireDue();
    const unknownKey = refuseUnknownKeys(request, AMEND_REQUEST_KEYS);
    if (unknownKey !== undefined) return unknownKey;
    const slot = openOrder(core, account, id);
    if (typeof slot !== 'number') return slot;
    const { instrument } = core.bookOf(slot);
    const amended = validateAmend(instrument, core.store, slot, request);
    if (!amended.ok) return amended;
    const { size, price } = amended.value;
    const command = this.#draft.clear();
    // On the grid (validateAmend): exact; 0 leaves a value as it is.
    command.size = (size === UNCHANGED ? 0 : size / instrument.lotUnits) as Lots;
    command.price = (price === UNCHANGED ? 0 : price / instrument.tickUnits) as Ticks;
    return this.#submitOn(slot, ACTION_AMEND);
  }

  /** Expires the gtd orders due at the clock's time now (queries and commands do it first anyway). */
  expireDue(): void {
    this.core.expireDue();
  }

  getOrder(account: string, id: string): Result<OrderRecord> {
    return getOrderQuery(this.core, account, id);
  }

  /** A page of the order's fills, in time order (a record carries only its first MAX_RECORD_FILLS). */
  orderFills(account: string, id: string, query: FillsQuery = {}): Result<FillsPage> {
    return orderFillsQuery(this.core, account, id, query);
  }

  /** The account's orders, newest first; costs what it returns (the orders are indexed). */
  listOrders(account: string, filter: OrderFilter = {}): Result<OrderRecord[]> {
    return listOrdersQuery(this.core, account, filter);
  }

  /** How many of the account's orders on `symbol` rest and wait (pending stops); O(1). */
  liveOrderCounts(account: string, symbol: string): Result<LiveOrderCounts> {
    return liveOrderCountsQuery(this.core, account, symbol);
  }

  ticker(symbol: unknown): Result<Ticker> {
    return tickerQuery(this.core, symbol);
  }

  /** The top `depth` levels per side (default 50, at most 1000): bids descending, asks ascending. */
  orderBook(symbol: unknown, depth: number = DEFAULT_BOOK_DEPTH): Result<BookSnapshot> {
    return bookQuery(this.core, symbol, depth);
  }

  /** `orderBook` in ticks and lots, for callers that would only parse its strings back. */
  orderBookTicks(symbol: unknown, depth: number = DEFAULT_BOOK_DEPTH): Result<TickBook> {
    return bookTicksQuery(this.core, symbol, depth);
  }

  /** Recent trades, most recent first. */
  trades(symbol: unknown, limit: number = DEFAULT_TRADES_LIMIT): Result<TradeRecord[]> {
    return tradesQuery(this.core, symbol, limit);
  }

  /** Credits `amount` (a decimal string) of `asset` to the account's free balance. */
  deposit(account: string, asset: string, amount: string): Result<Balance> {
    const held = this.#balancesOf(account);
    return 'ok' in held ? held : held.balances.deposit(held.id, asset, amount);
  }

  /** The account's free and locked amount of every asset (invariant 14). */
  balances(account: string): Result<Balance[]> {
    const held = this.#balancesOf(account);
    return 'ok' in held ? held : ok(held.balances.of(held.id));
  }

  /** @internal For the state validator: the books, the store and the order index. */
  internals(): VenueInternals {
    const { books, store, trades, orders } = this.core;
    return { books, store, trades, orders };
  }

  /**
   * A market buy's `quoteSize` into `command` (its quote, side and type), sized by the core
   * (VenueCore.sizeByQuote: the whole lots it buys from the asks at this moment), or the refusal.
   */
  #quoteInto(
    book: OrderBook,
    request: QuoteOrderRequest,
    command: OrderCommand,
  ): Failure | undefined {
    if (request.type !== 'market' || request.side !== 'buy') {
      return orderRefusal('quote_size_for_market_buys_only');
    }
    if ('size' in request) {
      return invalidParameter('quote_size', 'give size or quote_size, not both');
    }
    const { instrument } = book;
    const decimals = instrument.priceDecimals + instrument.sizeDecimals;
    const quote =
      typeof request.quoteSize === 'string' ? parseBigUnits(request.quoteSize, decimals) : null;
    if (typeof quote !== 'bigint' || quote === 0n) return quoteSizeMalformed(decimals);
    command.side = SIDE_BUY;
    command.type = TYPE_MARKET;
    command.quote = quote;
    command.account = this.core.store.accounts.find(request.account);
    if (request.stp !== undefined) command.stp = STP_MODES.indexOf(request.stp);
    if (this.core.sizeByQuote(book, command) === 0) return undefined;
    return orderRefusal('quote_size_below_minimum');
  }

  /** The venue's balances and the account's id, or why there are none to read. */
  #balancesOf(account: string): { balances: Balances; id: number } | Failure {
    const balances = this.core.balances;
    if (balances === null) return noBalances();
    const id = this.core.accountId(account);
    if (id < 0) return invalidParameter('account', 'account must be a non-empty string');
    return { balances, id };
  }

  /**
   * Runs the draft (its size and price filled, if the action reads them) as `action` on the live
   * order at `slot` (found by openOrder, not looked up again: VenueCore.executeOn), and answers
   * its record.
   */
  #submitOn(slot: Slot, action: number): Result<OrderRecord> {
    const core = this.core;
    const command = this.#draft;
    command.action = action;
    command.account = core.store.accountColumn[slot]!;
    command.target = core.store.sequenceColumn[slot]!;
    const refused = core.executeOn(command, slot);
    if (refused < 0) return { ok: false, error: refusalError(refused) };
    const view = orderView(core, slot);
    core.orders.forgetBeyondRetention();
    return ok(view);
  }
}

function noBalances(): Failure {
  return invalidParameter('balances', 'this venue keeps no balances (VenueOptions.balances)');
}
