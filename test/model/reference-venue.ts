/**
 * A small, obviously correct exchange to check the venue against: the contract's rules (docs/http-api.md) and nothing
 * more. Every order ever placed sits in one array; a side of a book is whatever of it is open,
 * sorted afresh by price then arrival each time it is looked at. Values are exact BigInt decimals.
 * It shares nothing with src/ but the public types.
 */
import type {
  BookSnapshot,
  InstrumentSpec,
  OrderRecord,
  OrderRequest,
  OrderStatus,
  Side,
  Ticker,
  TradeRecord,
} from '../../src/index.js';
import { formatDecimal, parseDecimal } from './exact-decimal.js';
import { compare, levelsOf, tickerOf } from './reference-market-data.js';
import {
  invalid,
  isOpen,
  marketOf,
  recordOf,
  refusal,
  validateOrder,
  type Market,
  type ModelOrder,
  type Outcome,
} from './reference-orders.js';

export type { Outcome } from './reference-orders.js';
export { DAY } from './reference-market-data.js';
const SYMBOL = /^[A-Z0-9]{1,12}-[A-Z0-9]{1,12}$/;

export interface ListFilter {
  readonly symbol?: string;
  readonly status?: OrderStatus;
  readonly limit?: number;
}

export class ReferenceVenue {
  readonly #markets: Market[];
  readonly #orders: ModelOrder[] = [];
  readonly #trades: TradeRecord[] = [];
  /** Per symbol: one per trade, per order coming to rest, per cancel or reduce. */
  readonly #bookChanges = new Map<string, number>();

  constructor(
    specs: readonly InstrumentSpec[],
    public now: number,
  ) {
    this.#markets = specs.map(marketOf);
  }

  placeOrder(request: OrderRequest): Outcome<OrderRecord> {
    const market = this.#market(request.symbol);
    if (!market.ok) return market;
    const valid = validateOrder(market.value, request);
    if (!valid.ok) return valid;
    const arrival = this.#orders.length + 1;
    const order: ModelOrder = {
      ...valid.value,
      arrival,
      id: `ord_${arrival}`,
      market: market.value,
      request,
      createdAt: this.now,
      filled: 0n,
      remaining: valid.value.size,
      status: 'open',
      fills: [],
    };
    this.#orders.push(order);
    const makers = this.#crossingMakers(order);
    if (request.postOnly === true && makers.length > 0) return this.#finish(order, 'rejected');
    const available = makers.reduce((sum, maker) => sum + maker.remaining, 0n);
    if (order.timeInForce === 'fok' && available < order.size) {
      return this.#finish(order, 'expired');
    }
    for (const maker of makers) {
      if (order.remaining === 0n) break;
      this.#trade(maker, order, min(maker.remaining, order.remaining));
    }
    if (order.remaining === 0n) return this.#finish(order, 'filled');
    if (order.timeInForce !== 'gtc') return this.#finish(order, 'expired');
    order.status = order.filled > 0n ? 'partially_filled' : 'open';
    this.#changed(order.market);
    return { ok: true, value: recordOf(order) };
  }

  cancelOrder(account: string, id: string): Outcome<OrderRecord> {
    const order = this.#openOrder(account, id);
    if (!order.ok) return order;
    return { ok: true, value: this.#takeOff(order.value, order.value.remaining) };
  }

  /** Takes `size` off the remaining size, keeping the order's place; all of it or more cancels. */
  reduceOrder(account: string, id: string, size: string): Outcome<OrderRecord> {
    const order = this.#openOrder(account, id);
    if (!order.ok) return order;
    const amount = parseDecimal(size);
    if (amount === null || amount === 0n || amount % order.value.market.lot !== 0n) {
      return invalid('size');
    }
    return { ok: true, value: this.#takeOff(order.value, min(amount, order.value.remaining)) };
  }

  getOrder(account: string, id: string): Outcome<OrderRecord> {
    const order = this.#ownOrder(account, id);
    return order === undefined ? refusal('order_not_found') : { ok: true, value: recordOf(order) };
  }

  /** The account's orders, newest first. */
  listOrders(account: string, filter: ListFilter = {}): Outcome<OrderRecord[]> {
    const { symbol, status, limit = Infinity } = filter;
    const market = symbol === undefined ? undefined : this.#market(symbol);
    if (market?.ok === false) return market;
    if (limit !== Infinity && !isQueryLimit(limit)) return invalid('limit');
    const orders = this.#orders.filter(
      (order) =>
        order.request.account === account &&
        (symbol === undefined || order.market.symbol === symbol) &&
        (status === undefined || order.status === status),
    );
    return { ok: true, value: orders.reverse().slice(0, limit).map(recordOf) };
  }

  ticker(symbol: string): Outcome<Ticker> {
    const market = this.#market(symbol);
    if (!market.ok) return market;
    const trades = this.#trades.filter((trade) => trade.symbol === symbol);
    return { ok: true, value: tickerOf(market.value, trades, this.now) };
  }

  orderBook(symbol: string, depth: number): Outcome<BookSnapshot> {
    const market = this.#market(symbol);
    if (!market.ok) return market;
    if (!isQueryLimit(depth)) return invalid('depth');
    const levels = (side: Side) => levelsOf(market.value, this.#queue(market.value, side), depth);
    const sequence = this.#bookChanges.get(symbol) ?? 0;
    const book = { symbol, bids: levels('buy'), asks: levels('sell') };
    return { ok: true, value: { ...book, timestamp: this.now, sequence } };
  }

  /** Most recent first. */
  trades(symbol: string, limit: number): Outcome<TradeRecord[]> {
    const market = this.#market(symbol);
    if (!market.ok) return market;
    if (!isQueryLimit(limit)) return invalid('limit');
    const trades = this.#trades.filter((trade) => trade.symbol === symbol);
    return { ok: true, value: trades.reverse().slice(0, limit) };
  }

  /** Every order's id, owner and symbol, oldest first: what cancels and reduces aim at. */
  orderOwners(): { id: string; account: string; symbol: string; open: boolean }[] {
    return this.#orders.map(({ id, request, status }) => {
      return { id, account: request.account, symbol: request.symbol, open: isOpen(status) };
    });
  }

  #market(symbol: string): Outcome<Market> {
    const market = this.#markets.find((candidate) => candidate.symbol === symbol);
    if (market !== undefined) return { ok: true, value: market };
    if (!SYMBOL.test(symbol)) return invalid('symbol');
    return { ok: false, error: { code: 'unknown_symbol', field: 'symbol' } };
  }

  /** The resting orders of one side, best price first, then oldest first. */
  #queue(market: Market, side: Side): ModelOrder[] {
    const resting = this.#orders.filter(
      (order) => order.market === market && order.request.side === side && isOpen(order.status),
    );
    const better = side === 'buy' ? -1 : 1;
    return resting.sort((a, b) => better * compare(a.price, b.price) || a.arrival - b.arrival);
  }

  /** The resting orders `taker` may trade with, in the order it meets them. */
  #crossingMakers(taker: ModelOrder): ModelOrder[] {
    const buying = taker.request.side === 'buy';
    const limit = taker.price;
    return this.#queue(taker.market, buying ? 'sell' : 'buy').filter((maker) => {
      if (limit === null) return true;
      return buying ? compare(maker.price, limit) <= 0 : compare(maker.price, limit) >= 0;
    });
  }

  #trade(maker: ModelOrder, taker: ModelOrder, size: bigint): void {
    const sequence = this.#trades.length + 1;
    const price = maker.price ?? 0n;
    const trade: TradeRecord = {
      id: `t_${sequence}`,
      sequence,
      symbol: maker.market.symbol,
      price: formatDecimal(price, maker.market.priceDecimals),
      size: formatDecimal(size, maker.market.sizeDecimals),
      side: taker.request.side,
      timestamp: this.now,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerClientOrderId: maker.request.clientOrderId ?? null,
      takerClientOrderId: taker.request.clientOrderId ?? null,
      makerAccount: maker.request.account,
      takerAccount: taker.request.account,
    };
    this.#trades.push(trade);
    for (const order of [maker, taker]) {
      order.filled += size;
      order.remaining -= size;
      order.fills.push({ tradeId: trade.id, price, size });
    }
    maker.status = maker.remaining === 0n ? 'filled' : 'partially_filled';
    this.#changed(maker.market);
  }

  #ownOrder(account: string, id: string): ModelOrder | undefined {
    return this.#orders.find((order) => order.id === id && order.request.account === account);
  }

  #openOrder(account: string, id: string): Outcome<ModelOrder> {
    const order = this.#ownOrder(account, id);
    if (order === undefined) return refusal('order_not_found');
    return isOpen(order.status) ? { ok: true, value: order } : refusal('order_not_open');
  }

  #takeOff(order: ModelOrder, size: bigint): OrderRecord {
    order.remaining -= size;
    if (order.remaining === 0n) order.status = 'cancelled';
    this.#changed(order.market);
    return recordOf(order);
  }

  /** Ends an incoming order: whatever did not fill is no longer for sale. */
  #finish(order: ModelOrder, status: OrderStatus): Outcome<OrderRecord> {
    order.status = status;
    order.remaining = 0n;
    return { ok: true, value: recordOf(order) };
  }

  #changed(market: Market): void {
    this.#bookChanges.set(market.symbol, (this.#bookChanges.get(market.symbol) ?? 0) + 1);
  }
}

function isQueryLimit(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 1000;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
