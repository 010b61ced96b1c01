/**
 * Follows the venue's events through one row with the checker's own models: the shadow book (the
 * open orders' size accounting and price-time queues) and a ticker model per symbol. Invariants
 * 3, 4 and 5 are checked as each trade and order update arrives; the levels the row changed, as
 * the shadow saw them and as the venue published them, are noted for invariants 1, 2 and 7.
 */
import type {
  BookLevelChange,
  Instrument,
  OrderRecord,
  Side,
  TradeRecord,
  VenueEvent,
} from '../../src/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { fromUnits, toUnits } from '../units/units.js';
import { ShadowBook, type ShadowOrder } from './shadow-book.js';
import { statusMismatch } from './state-comparisons.js';
import { TickerModel } from './ticker-model.js';

export interface Problem {
  readonly invariant: number;
  readonly message: string;
}

/** A level the current row changed; `published` is the venue's last size for it, if any. */
export interface ChangedLevel {
  readonly instrument: Instrument;
  readonly side: Side;
  readonly price: bigint;
  published: string | null;
}

export class EventModel {
  readonly book = new ShadowBook();
  readonly instruments = new Map<string, Instrument>();
  readonly tickers = new Map<string, TickerModel>();
  /** The first problem of the current row. */
  problem: Problem | null = null;
  /** Keyed by symbol, side and price as the venue formats them. */
  readonly changedLevels = new Map<string, ChangedLevel>();
  readonly tradedSymbols = new Set<string>();
  takerSeen = false;
  #row: ParsedScenarioRow | null = null;
  #takerId: string | null = null;
  #lastTradeSequence = 0;
  #lastTradeTime = -Infinity;
  /** Each instrument's zero size, as the venue formats it. */
  readonly #zeroSizes = new Map<Instrument, string>();

  constructor(instruments: readonly Instrument[]) {
    for (const instrument of instruments) {
      this.instruments.set(instrument.symbol, instrument);
      this.tickers.set(instrument.symbol, new TickerModel(instrument));
      this.#zeroSizes.set(instrument, fromUnits(0n, instrument.sizeDecimals));
    }
  }

  startRow(row: ParsedScenarioRow): void {
    this.#row = row;
    this.#takerId = null;
    this.takerSeen = false;
    this.problem = null;
    if (this.changedLevels.size > 0) this.changedLevels.clear();
    if (this.tradedSymbols.size > 0) this.tradedSymbols.clear();
  }

  readonly onEvent = (event: VenueEvent): void => {
    if (this.problem !== null) return;
    if (event.type === 'trade') this.problem = this.#onTrade(event.trade);
    else if (event.type === 'order') this.problem = this.#onOrder(event.order);
    else this.#onLevel(event.change);
  };

  #onTrade(trade: TradeRecord): Problem | null {
    const instrument = this.instruments.get(trade.symbol)!;
    const row = this.#row!;
    const sequence = Number(trade.id.slice(2));
    // invariant 5
    if (sequence !== this.#lastTradeSequence + 1)
      return fail(5, `trade ${trade.id} follows t_${this.#lastTradeSequence}`);
    if (trade.timestamp < this.#lastTradeTime || trade.timestamp !== row.ts) {
      return fail(
        5,
        `trade ${trade.id} at ${trade.timestamp}, row time ${row.ts}, previous trade ${this.#lastTradeTime}`,
      );
    }
    this.#lastTradeSequence = sequence;
    this.#lastTradeTime = trade.timestamp;
    const price = toUnits(trade.price, instrument.priceDecimals);
    const size = toUnits(trade.size, instrument.sizeDecimals);
    const book = this.book;
    // invariant 4
    const maker = book.orders.get(trade.makerOrderId);
    if (maker === undefined || !maker.resting)
      return fail(4, `trade ${trade.id}: maker ${trade.makerOrderId} was not resting`);
    if (price !== maker.price)
      return fail(4, `trade ${trade.id} at ${trade.price}, not the maker's price`);
    const best = book.best(trade.symbol, maker.side);
    if (best?.first !== maker.id) {
      return fail(
        4,
        `trade ${trade.id}: maker ${maker.id} was not first in time at the best price (${best?.first} was)`,
      );
    }
    let taker = this.#taker(trade.takerOrderId);
    // an amend to a crossing price: the amended order leaves its queue and comes in as the taker
    if (taker?.resting === true && row.action === 'amend') taker = this.#amended(taker, instrument);
    if (taker === null || taker.resting || taker.side !== trade.side || taker.side === maker.side) {
      return fail(
        4,
        `trade ${trade.id}: taker ${trade.takerOrderId} is not the incoming order on the other side`,
      );
    }
    if (taker.price !== null && (taker.side === 'buy' ? price > taker.price : price < taker.price))
      return fail(4, `trade ${trade.id} at ${trade.price} is beyond the taker's limit`);
    // invariant 3
    if (size <= 0n || size > book.remaining(maker) || size > book.remaining(taker))
      return fail(3, `trade ${trade.id} of ${trade.size} exceeds what its orders had left`);
    maker.filled += size;
    taker.filled += size;
    this.#changed(maker);
    if (book.remaining(maker) === 0n) book.unqueue(maker);
    this.tickers.get(trade.symbol)!.record(trade.timestamp, price, size);
    this.tradedSymbols.add(trade.symbol);
    return null;
  }

  #onOrder(record: OrderRecord): Problem | null {
    const row = this.#row!;
    const id = record.id;
    const instrument = this.instruments.get(record.symbol)!;
    let order = this.book.orders.get(id) ?? this.#taker(id);
    if (order === null) return fail(3, `update of an unknown order ${id}`);
    const units = (text: string) => toUnits(text, instrument.sizeDecimals);
    if (row.action === 'amend' && order.resting && this.#isAmended(order, record, instrument)) {
      const left = units(record.remainingSize);
      const keeps =
        record.price === formatPrice(order.price, instrument) && left <= this.book.remaining(order);
      order = this.#amended(order, instrument, keeps);
      this.#changed(order);
    }
    const [size, filled, remaining] = [
      units(record.size),
      // most updates are of orders with nothing filled yet
      order.filled === 0n && record.filledSize === this.#zeroSizes.get(instrument)
        ? 0n
        : units(record.filledSize),
      units(record.remainingSize),
    ];
    const book = this.book;
    if (id === this.#takerId) this.takerSeen = true;
    // a cancel or reduce row's own update (an expiry in the same row is `expired`)
    if ((row.action === 'cancel' || row.action === 'reduce') && record.status !== 'expired') {
      const before = book.remaining(order);
      order.removed += row.action === 'cancel' ? before : minimum(units(row.size), before);
      this.#changed(order);
    }
    const final =
      record.status !== 'open' &&
      record.status !== 'partially_filled' &&
      record.status !== 'pending';
    if (record.status === 'expired' || record.status === 'rejected')
      order.removed += book.remaining(order);
    // invariant 3
    if (size !== order.size) return fail(3, `${id}: size ${record.size} changed`);
    // invariant 5: each side of each trade counted once
    if (filled !== order.filled)
      return fail(
        5,
        `${id}: filled ${record.filledSize}, but its trades sum ${fromUnits(order.filled, instrument.sizeDecimals)}`,
      );
    if (filled > size) return fail(3, `${id}: filled ${record.filledSize} exceeds its size`);
    if (filled + remaining + order.removed !== size) {
      return fail(
        3,
        `${id}: filled ${record.filledSize} + remaining ${record.remainingSize} + cancelled or expired ${fromUnits(order.removed, instrument.sizeDecimals)} != size ${record.size}`,
      );
    }
    const statusProblem = statusMismatch(record.status, filled, remaining, size);
    if (statusProblem !== null) return fail(3, `${id}: ${statusProblem}`);
    if (final) book.forget(order);
    else if (!order.resting && record.status !== 'pending') {
      book.rest(order);
      this.#changed(order);
    }
    return null;
  }

  /** Whether a resting order's update shows the amend of the current row (docs/order-types.md). */
  #isAmended(order: ShadowOrder, record: OrderRecord, instrument: Instrument): boolean {
    const units = (text: string) => toUnits(text, instrument.sizeDecimals);
    return (
      units(record.size) !== order.size ||
      record.price !== formatPrice(order.price, instrument) ||
      units(record.filledSize) + units(record.remainingSize) + order.removed !== order.size
    );
  }

  /**
   * The order as the amend row makes it: the row's size (filled size included; nothing taken off
   * any more) and price. It keeps its place in its queue, or leaves it to come in again.
   */
  #amended(order: ShadowOrder, instrument: Instrument, keepsPlace = false): ShadowOrder {
    const row = this.#row as ParsedScenarioRow & { action: 'amend' };
    const price =
      row.price === undefined ? order.price : toUnits(row.price, instrument.priceDecimals);
    const size = row.size === undefined ? order.size : toUnits(row.size, instrument.sizeDecimals);
    if (!keepsPlace) this.book.unqueue(order);
    const amended: ShadowOrder = {
      ...order,
      price,
      levelKey: `${order.symbol} ${order.side} ${formatPrice(price, instrument)}`,
      size,
      removed: row.size === undefined ? order.removed : 0n,
    };
    this.book.orders.set(order.id, amended);
    return amended;
  }

  /** Invariants 2 and 7: the venue's published new size of a level, kept for the row's end. */
  #onLevel({ symbol, side, price, size }: BookLevelChange): void {
    const key = `${symbol} ${side} ${price}`;
    const level = this.changedLevels.get(key);
    if (level !== undefined) {
      level.published = size;
      return;
    }
    const instrument = this.instruments.get(symbol)!;
    const units = toUnits(price, instrument.priceDecimals);
    this.changedLevels.set(key, { instrument, side, price: units, published: size });
  }

  /** Notes the level of a resting order whose remaining size changes. */
  #changed(order: ShadowOrder): void {
    if (!order.resting || this.changedLevels.has(order.levelKey)) return;
    const instrument = this.instruments.get(order.symbol)!;
    const level = { instrument, side: order.side, price: order.price!, published: null };
    this.changedLevels.set(order.levelKey, level);
  }

  /** The incoming order of the current `new` row, created on its first mention. */
  #taker(id: string): ShadowOrder | null {
    const known = this.book.orders.get(id);
    if (known !== undefined) return known;
    const row = this.#row!;
    if (row.action !== 'new') return null;
    const instrument = this.instruments.get(row.symbol)!;
    const price = row.type === 'limit' ? toUnits(row.price!, instrument.priceDecimals) : null;
    const order: ShadowOrder = {
      id,
      symbol: row.symbol,
      side: row.side,
      price,
      levelKey:
        price === null
          ? ''
          : `${row.symbol} ${row.side} ${fromUnits(price, instrument.priceDecimals)}`,
      size: toUnits(row.size, instrument.sizeDecimals),
      filled: 0n,
      removed: 0n,
      resting: false,
    };
    this.book.orders.set(id, order);
    this.#takerId = id;
    return order;
  }
}

function formatPrice(price: bigint | null, instrument: Instrument): string | null {
  return price === null ? null : fromUnits(price, instrument.priceDecimals);
}

function minimum(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function fail(invariant: number, message: string): Problem {
  return { invariant, message };
}
