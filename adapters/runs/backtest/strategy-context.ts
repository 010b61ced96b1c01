/**
 * The context every hook receives: the market as the strategy can see it at the present moment
 * (the venue itself, or under feed latency what the feed has delivered), the strategy's own orders
 * and positions as it has learned of them, and actions that are queued (never executed on the
 * spot). It holds no reference to the flow, so a strategy cannot read ahead.
 */
import {
  formatPrice,
  formatSize,
  type BookSnapshot,
  type Instrument,
  type Lots,
  type Result,
  type Ticker,
  type TickBook,
  type Ticks,
  type TradeRecord,
  type Venue,
} from '../../../src/index.js';
import type { ScenarioClock } from '../../flow/index.js';
import { decimalUnits } from '../../flow/driver/index.js';
import { Exact, exactOf } from '../../units/units.js';
import type { StrategyContext, StrategyParams } from './strategy.js';
import type { ActionKind, ActionPayload, StrategyOrders } from './strategy-orders.js';
import type { SymbolLedger } from './symbol-ledger.js';
import { TickBookViews } from './tick-book-views.js';

/** The market reads of the context: the venue's, or under feed latency the feed replica's. */
export interface MarketReads {
  ticker(symbol: string): Ticker;
  book(symbol: string, depth?: number): BookSnapshot;
  bookTicks(symbol: string, depth?: number): TickBook;
  trades(symbol: string, limit?: number): TradeRecord[];
}

/** The venue's present state; a bad symbol, depth or limit throws the venue's message. */
export function venueReads(venue: Venue): MarketReads {
  const tickBooks = new TickBookViews(venue, unwrap);
  return {
    ticker: (symbol) => unwrap(venue.ticker(symbol)),
    book: (symbol, depth) => unwrap(venue.orderBook(symbol, depth)),
    bookTicks: (symbol, depth) => tickBooks.read(symbol, depth),
    trades: (symbol, limit) => unwrap(venue.trades(symbol, limit)),
  };
}

export interface ContextHost {
  readonly venue: Venue;
  readonly clock: ScenarioClock;
  readonly account: string;
  readonly params: StrategyParams;
  readonly orders: StrategyOrders;
  readonly market: MarketReads;
  ledger(symbol: string): SymbolLedger | undefined;
  /** Actions sent whose answer the strategy has not received. */
  inFlight(): number;
  /** Queues an action; it is due after the latency. */
  send(kind: ActionKind, id: string, payload: ActionPayload): void;
}

const NO_BOOK = -2;
const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export function createContext(host: ContextHost): StrategyContext {
  const { venue, orders, market } = host;
  // The venue lists its instruments once: a symbol's is looked up by the hooks' every conversion.
  const listed = new Map(venue.instruments().map((each) => [each.symbol, each]));
  const symbols = [...listed.keys()];
  const instrument = (symbol: string): Instrument =>
    listed.get(symbol) ?? unwrap(venue.instrument(symbol));
  const ledger = (symbol: string): SymbolLedger => {
    const found = host.ledger(symbol);
    if (found === undefined) throw new Error(`unknown symbol ${symbol}`);
    return found;
  };
  // The book index of an `openOrders` symbol: -1 for every symbol, NO_BOOK for an unlisted one.
  const bookOf = (symbol: string | undefined): number =>
    symbol === undefined ? -1 : listed.has(symbol) ? venue.core.bookIndex(symbol) : NO_BOOK;
  const toGrid = (text: string, decimals: number, step: number, what: string): number => {
    // Plain decimals in integers; anything else (off the grid, too large) exactly in decimal.js.
    if (typeof text === 'string') {
      const negative = text.startsWith('-');
      const units = decimalUnits(negative ? text.slice(1) : text, decimals);
      if (units > 0 && units % step === 0) return (negative ? -units : units) / step;
    }
    const steps = DECIMAL.test(text)
      ? new Exact(text).dividedBy(exactOf(BigInt(step), decimals))
      : null;
    if (steps === null || !steps.isInteger()) throw new Error(`${what} ${text} is off the grid`);
    const count = Number(steps.toFixed());
    if (!Number.isSafeInteger(count)) throw new Error(`${what} ${text} is too large`);
    return count;
  };
  const fromGrid = (count: number, step: number, format: (units: bigint) => string): string => {
    if (!Number.isSafeInteger(count)) throw new Error(`${count} is not a whole number`);
    return format(BigInt(count) * BigInt(step));
  };
  const context: StrategyContext = {
    now: () => host.clock.now,
    account: host.account,
    params: host.params,
    symbols: () => symbols.slice(),
    instrument,
    ticker: (symbol) => market.ticker(symbol),
    book: (symbol, depth) => market.book(symbol, depth),
    bookTicks: (symbol, depth) => market.bookTicks(symbol, depth),
    trades: (symbol, limit) => market.trades(symbol, limit),
    openOrders: (symbol) => {
      const book = bookOf(symbol);
      return book === NO_BOOK ? [] : orders.open.records(book);
    },
    openOrderTicks: (symbol) => {
      const book = bookOf(symbol);
      return book === NO_BOOK ? [] : orders.open.ticks(book);
    },
    position: (symbol) => ledger(symbol).figures(),
    positionLots: (symbol) => {
      const found = ledger(symbol);
      const lots = found.positionLots();
      if (!Number.isSafeInteger(lots)) throw new Error(`size ${found.figures().size} is too large`);
      return lots;
    },
    inFlight: () => host.inFlight(),
    place: (order) => {
      const id = orders.newId();
      host.send('place', id, order);
      return id;
    },
    cancel: (id) => host.send('cancel', id, null),
    reduce: (id, size) => host.send('reduce', id, size),
    amend: (id, change) => host.send('amend', id, change),
    toTicks: (symbol, price) => {
      const { priceDecimals, tickUnits } = instrument(symbol);
      return toGrid(price, priceDecimals, tickUnits, 'price') as Ticks;
    },
    fromTicks: (symbol, ticks) => {
      const found = instrument(symbol);
      return fromGrid(ticks, found.tickUnits, (units) => formatPrice(found, units));
    },
    toLots: (symbol, size) => {
      const { sizeDecimals, lotUnits } = instrument(symbol);
      return toGrid(size, sizeDecimals, lotUnits, 'size') as Lots;
    },
    fromLots: (symbol, lots) => {
      const found = instrument(symbol);
      return fromGrid(lots, found.lotUnits, (units) => formatSize(found, units));
    },
  };
  return Object.freeze(context);
}

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
