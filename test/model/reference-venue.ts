/**
 * A small, obviously correct exchange to check the venue against: the contract's rules (docs/http-api.md)
 * and docs/order-types.md, and nothing more. Every order ever placed sits in one array; a side of a
 * book is whatever of it is open, sorted afresh by price then queue place each time it is looked
 * at; due stops and expiries are found by filtering the whole array. Values are exact BigInt
 * decimals. It shares nothing with src/ but the public types.
 */
import type {
  AmendRequest,
  BookSnapshot,
  InstrumentSpec,
  OrderReason,
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
  isLive,
  isOpen,
  isOrderSize,
  marketOf,
  onGrid,
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
  /** Per symbol: one per trade, per order coming to rest or leaving or shrinking on the book. */
  readonly #bookChanges = new Map<string, number>();
  readonly #lastPrices = new Map<string, bigint>();
  #queued = 0;

  constructor(
    specs: readonly InstrumentSpec[],
    public now: number,
  ) {
    this.#markets = specs.map(marketOf);
  }

  placeOrder(request: OrderRequest): Outcome<OrderRecord> {
    this.#expireDue();
    const market = this.#market(request.symbol);
    if (!market.ok) return market;
    const valid = validateOrder(market.value, request, this.now);
    if (!valid.ok) return valid;
    const arrival = this.#orders.length + 1;
    const order: ModelOrder = {
      ...valid.value,
      arrival,
      id: `ord_${arrival}`,
      market: market.value,
      request,
      createdAt: this.now,
      queued: 0,
      filled: 0n,
      remaining: valid.value.size,
      status: 'open',
      reason: null,
      fills: [],
    };
    this.#orders.push(order);
    const last = this.#lastPrices.get(market.value.symbol);
    const { stopPrice } = order;
    const buying = request.side === 'buy';
    if (
      stopPrice !== null &&
      (last === undefined || (buying ? last < stopPrice : last > stopPrice))
    ) {
      order.status = 'pending';
    } else {
      this.#execute(order);
      this.#triggerStops(market.value);
    }
    return { ok: true, value: recordOf(order) };
  }

  cancelOrder(account: string, id: string): Outcome<OrderRecord> {
    this.#expireDue();
    const order = this.#openOrder(account, id);
    if (!order.ok) return order;
    return { ok: true, value: this.#takeOff(order.value, order.value.remaining) };
  }

  /** Takes `size` off the remaining size, keeping the order's place; all of it or more cancels. */
  reduceOrder(account: string, id: string, size: string): Outcome<OrderRecord> {
    this.#expireDue();
    const order = this.#openOrder(account, id);
    if (!order.ok) return order;
    const amount = parseDecimal(size);
    if (amount === null || amount === 0n || amount % order.value.market.lot !== 0n) {
      return invalid('size');
    }
    return { ok: true, value: this.#takeOff(order.value, min(amount, order.value.remaining)) };
  }

  /** A new total size and/or limit price (docs/order-types.md). */
  amendOrder(account: string, id: string, request: AmendRequest): Outcome<OrderRecord> {
    this.#expireDue();
    const found = this.#openOrder(account, id);
    if (!found.ok) return found;
    const order = found.value;
    if (request.size === undefined && request.price === undefined) return invalid('size');
    let size = order.size;
    if (request.size !== undefined) {
      const parsed = parseDecimal(request.size);
      if (!isOrderSize(order.market, parsed) || parsed <= order.filled) return invalid('size');
      size = parsed;
    }
    let price = order.price;
    if (request.price !== undefined) {
      price = order.price === null ? null : onGrid(request.price, order.market.tick);
      if (price === null) return invalid('price');
    }
    const left = request.size === undefined ? order.remaining : size - order.filled;
    const keepsPlace =
      order.status === 'pending' || (price === order.price && left <= order.remaining);
    if (keepsPlace) {
      if (order.status !== 'pending' && left < order.remaining) this.#changed(order.market);
      Object.assign(order, { size, price, remaining: left });
      return { ok: true, value: recordOf(order) };
    }
    const moved = { ...order, price, remaining: left };
    if (order.request.postOnly === true && this.#crossingMakers(moved).length > 0) {
      return invalid('price'); // a post-only order is never amended into taking liquidity
    }
    this.#changed(order.market); // it leaves its level, then comes in again
    Object.assign(order, { size, price, remaining: left });
    this.#execute(order);
    this.#triggerStops(order.market);
    return { ok: true, value: recordOf(order) };
  }

  getOrder(account: string, id: string): Outcome<OrderRecord> {
    this.#expireDue();
    const order = this.#ownOrder(account, id);
    return order === undefined ? refusal('order_not_found') : { ok: true, value: recordOf(order) };
  }

  /** The account's orders, newest first. */
  listOrders(account: string, filter: ListFilter = {}): Outcome<OrderRecord[]> {
    this.#expireDue();
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
    this.#expireDue();
    const market = this.#market(symbol);
    if (!market.ok) return market;
    const trades = this.#trades.filter((trade) => trade.symbol === symbol);
    return { ok: true, value: tickerOf(market.value, trades, this.now) };
  }

  orderBook(symbol: string, depth: number): Outcome<BookSnapshot> {
    this.#expireDue();
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
    this.#expireDue();
    const market = this.#market(symbol);
    if (!market.ok) return market;
    if (!isQueryLimit(limit)) return invalid('limit');
    const trades = this.#trades.filter((trade) => trade.symbol === symbol);
    return { ok: true, value: trades.reverse().slice(0, limit) };
  }

  /** Every order's id, owner and symbol, oldest first: what cancels and reduces aim at. */
  orderOwners(): { id: string; account: string; symbol: string; open: boolean }[] {
    return this.#orders.map(({ id, request, status }) => {
      return { id, account: request.account, symbol: request.symbol, open: isLive(status) };
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
    return resting.sort((a, b) => better * compare(a.price, b.price) || a.queued - b.queued);
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
    this.#lastPrices.set(maker.market.symbol, price);
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
    return isLive(order.status) ? { ok: true, value: order } : refusal('order_not_open');
  }

  #takeOff(order: ModelOrder, size: bigint): OrderRecord {
    if (order.status !== 'pending') this.#changed(order.market);
    order.remaining -= size;
    if (order.remaining === 0n) order.status = 'cancelled';
    return recordOf(order);
  }

  /**
   * An incoming order (new, triggered, or amended to a new place): post-only and fok first, then
   * matching maker by maker with self-trade prevention, then it rests or ends.
   */
  #execute(order: ModelOrder): void {
    const { stp } = order;
    const makers = this.#crossingMakers(order);
    if (order.request.postOnly === true && makers.length > 0) {
      return this.#finish(order, 'rejected', 'post_only_would_take');
    }
    if (order.timeInForce === 'fok' && reachable(order, makers) < order.remaining) {
      return this.#finish(order, 'expired');
    }
    for (;;) {
      const maker = order.remaining === 0n ? undefined : this.#crossingMakers(order)[0];
      if (maker === undefined) break;
      if (stp === 'none' || maker.request.account !== order.request.account) {
        this.#trade(maker, order, min(maker.remaining, order.remaining));
        continue;
      }
      if (stp !== 'cancel_taker') this.#end(maker, 'expired', 'self_trade_prevented');
      if (stp !== 'cancel_maker') return this.#finish(order, 'expired', 'self_trade_prevented');
    }
    if (order.remaining === 0n) return this.#finish(order, 'filled');
    if (order.timeInForce === 'ioc' || order.timeInForce === 'fok') {
      return this.#finish(order, 'expired');
    }
    order.status = order.filled > 0n ? 'partially_filled' : 'open';
    order.queued = ++this.#queued;
    this.#changed(order.market);
  }

  /**
   * Runs the due stops one by one, looking again after each: the due buy with the lowest stop
   * price or the due sell with the highest, then by arrival; of one of each, the earlier.
   */
  #triggerStops(market: Market): void {
    for (;;) {
      const last = this.#lastPrices.get(market.symbol);
      if (last === undefined) return;
      const due = (side: Side) =>
        this.#orders.filter(
          (order) =>
            order.market === market &&
            order.status === 'pending' &&
            order.request.side === side &&
            (side === 'buy' ? order.stopPrice! <= last : order.stopPrice! >= last),
        );
      const buy = due('buy').sort(
        (a, b) => compare(a.stopPrice, b.stopPrice) || a.arrival - b.arrival,
      )[0];
      const sell = due('sell').sort(
        (a, b) => compare(b.stopPrice, a.stopPrice) || a.arrival - b.arrival,
      )[0];
      const next =
        buy !== undefined && sell !== undefined
          ? buy.arrival < sell.arrival
            ? buy
            : sell
          : (buy ?? sell);
      if (next === undefined) return;
      this.#execute(next);
    }
  }

  /** Expires the live gtd orders whose time has come, earliest first, then by arrival. */
  #expireDue(): void {
    const due = this.#orders
      .filter(
        (order) => order.expireAt !== null && order.expireAt <= this.now && isLive(order.status),
      )
      .sort((a, b) => a.expireAt! - b.expireAt! || a.arrival - b.arrival);
    for (const order of due) this.#end(order, 'expired', 'expire_at_reached');
  }

  /** Ends a live order for the venue's reason. */
  #end(order: ModelOrder, status: OrderStatus, reason: OrderReason): void {
    if (isOpen(order.status)) this.#changed(order.market);
    this.#finish(order, status, reason);
  }

  /** Ends an order: whatever did not fill is no longer for sale. */
  #finish(order: ModelOrder, status: OrderStatus, reason: OrderReason | null = null): void {
    order.status = status;
    order.reason = reason;
    order.remaining = 0n;
  }

  #changed(market: Market): void {
    this.#bookChanges.set(market.symbol, (this.#bookChanges.get(market.symbol) ?? 0) + 1);
  }
}

/** What a fok taker would reach: the makers' sizes up to its first own one (skipped under cancel_maker). */
function reachable(taker: ModelOrder, makers: readonly ModelOrder[]): bigint {
  let sum = 0n;
  for (const maker of makers) {
    if (taker.stp === 'none' || maker.request.account !== taker.request.account) {
      sum += maker.remaining;
    } else if (taker.stp !== 'cancel_maker') {
      break;
    }
  }
  return sum;
}

function isQueryLimit(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 1000;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
