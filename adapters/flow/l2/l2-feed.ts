/**
 * An L2 flow onto the venue (docs/l2.md "Backtests on L2"). The venue stays the one matching
 * engine: each level of the data stands in its book as anonymous orders of one account
 * (`l2-depth`), kept equal to the data's size. A strategy order at a level is a real order in the
 * venue's queue, so its place in the queue is the venue's own:
 * - an increase joins the back of the queue (a new order, or a larger one when no strategy order
 *   rests at the level);
 * - a decrease is split by the queue model between the depth ahead of the level's first strategy
 *   order and the depth behind it; the part ahead leaves from the front, the part behind from the
 *   back;
 * - a trade row is an immediate-or-cancel order of another account (`l2-trades`) at the trade's
 *   price and size, so it takes the queue from the front and fills a strategy order once the
 *   depth ahead of it is gone;
 * - a run of snapshot rows (one symbol, one exchange time) sets each level it names and, when it
 *   ends, empties the levels it did not name.
 * Market impact is none: what the strategy takes stays taken only until the data next sets that
 * level. A level row that crosses the other side first empties the other side's depth it crosses
 * (the data's book is never crossed), then meets any strategy order there.
 */
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_REDUCE,
  type OrderCommand,
  SIDE_BUY,
  SIDE_SELL,
  TIF_GTC,
  TIF_IOC,
  type Instrument,
  type Lots,
  type Sequence,
  type Ticks,
  type Venue,
  type Slot,
  type Units,
} from '../../../src/index.js';
import type { OrderBook } from '../../../src/order-book.js';
import type { PriceLadder } from '../../../src/price-ladder.js';
import { NO_LEVEL } from '../../../src/price-level.js';
import type { Level } from '../../../src/quantities.js';
import { NO_SLOT } from '../../../src/order-store.js';
import type { L2Row, L2Side } from './l2-row.js';
import type { QueueModel } from './queue-model.js';

export const L2_DEPTH_ACCOUNT = 'l2-depth';
export const L2_TRADE_ACCOUNT = 'l2-trades';

/** A row the venue cannot take: unknown symbol, a price off the tick grid, a size off the lot. */
export class L2RowError extends Error {}

/** One entry of a level's queue, front first: the data's depth or another order (the strategy's). */
export interface QueueEntry {
  readonly depth: boolean;
  readonly lots: number;
}

interface SymbolBook {
  readonly index: number;
  readonly book: OrderBook;
  readonly instrument: Instrument;
  /** The exchange time of the open snapshot run, or -1. */
  snapshotTs: number;
  /** Price units each side's open snapshot run has named. */
  readonly named: [Set<number>, Set<number>];
}

export class L2Feed {
  readonly #venue: Venue;
  readonly #model: QueueModel;
  readonly #depth: number;
  readonly #taker: number;
  readonly #books = new Map<string, SymbolBook>();
  /** Scratch: the depth orders of the level being set, front first (slots). */
  readonly #slots: Slot[] = [];
  /** The feed's commands, filled in place for each. */
  readonly #command: OrderCommand;

  constructor(venue: Venue, model: QueueModel) {
    this.#venue = venue;
    this.#model = model;
    this.#depth = venue.core.accountId(L2_DEPTH_ACCOUNT);
    this.#command = venue.core.newCommand();
    this.#taker = venue.core.accountId(L2_TRADE_ACCOUNT);
    for (const instrument of venue.instruments()) {
      const index = venue.core.bookIndex(instrument.symbol);
      this.#books.set(instrument.symbol, {
        index,
        book: venue.core.books[index]!,
        instrument,
        snapshotTs: -1,
        named: [new Set(), new Set()],
      });
    }
  }

  /** Applies one row at the venue's current time; throws L2RowError for a row it cannot take. */
  apply(row: L2Row): void {
    const symbol = this.#books.get(row.symbol);
    if (symbol === undefined) throw new L2RowError(`unknown symbol ${row.symbol}`);
    const { instrument } = symbol;
    const price = units(row.price, instrument.priceDecimals, instrument.tickUnits, 'price');
    const lots = units(row.size, instrument.sizeDecimals, instrument.lotUnits, 'size');
    if (price <= 0) throw new L2RowError(`price must be positive; got ${row.price}`);
    const side = row.side === 'buy' ? SIDE_BUY : SIDE_SELL;
    if (row.kind === 'snapshot') {
      if (symbol.snapshotTs !== row.exchangeTs) {
        this.#endSnapshot(symbol);
        symbol.snapshotTs = row.exchangeTs;
      }
      symbol.named[side].add(price);
    } else this.#endSnapshot(symbol);
    if (row.kind === 'trade') {
      if (lots <= 0) throw new L2RowError(`a trade's size must be positive; got ${row.size}`);
      this.#placeLimit(this.#taker, symbol, side, TIF_IOC, price, lots);
    } else this.#setLevel(symbol, side, price, lots);
  }

  /** Ends an open snapshot run (at the end of the flow). */
  finish(): void {
    for (const symbol of this.#books.values()) this.#endSnapshot(symbol);
  }

  /** A level's queue, front first (for tests and tools). */
  queue(symbol: string, side: L2Side, price: string): QueueEntry[] {
    const { book, instrument } = this.#books.get(symbol)!;
    const ladder = book.ladder(side === 'sell');
    const level = ladder.get(units(price, instrument.priceDecimals, instrument.tickUnits, 'price'));
    const store = this.#venue.core.store;
    const entries: QueueEntry[] = [];
    const head = level === NO_LEVEL ? NO_SLOT : ladder.head(level);
    for (let slot = head; slot !== NO_SLOT; slot = store.next(slot))
      entries.push({
        depth: store.account(slot) === this.#depth,
        lots: store.remaining(slot) / instrument.lotUnits,
      });
    return entries;
  }

  #endSnapshot(symbol: SymbolBook): void {
    if (symbol.snapshotTs < 0) return;
    symbol.snapshotTs = -1;
    for (const side of [SIDE_BUY, SIDE_SELL]) {
      const named = symbol.named[side]!;
      const ladder = side === SIDE_BUY ? symbol.book.bids : symbol.book.asks;
      for (const level of ladder.levels()) {
        const price = ladder.price(level);
        if (!named.has(price)) this.#setLevel(symbol, side, price, 0);
      }
      named.clear();
    }
  }

  /** Makes the depth at a level `target` units (invariant: the data's size, until the strategy trades). */
  #setLevel(symbol: SymbolBook, side: number, price: Units, target: number): void {
    const { book, instrument } = symbol;
    const store = this.#venue.core.store;
    const sell = side === SIDE_SELL;
    const slots = this.#slots;
    slots.length = 0;
    const ladder = book.ladder(sell);
    let level = ladder.get(price);
    let depth = 0;
    let ahead = -1; // depth ahead of the level's first strategy order; -1: none rests there
    const head = level === NO_LEVEL ? NO_SLOT : ladder.head(level);
    for (let slot = head; slot !== NO_SLOT; slot = store.next(slot)) {
      if (store.account(slot) === this.#depth) {
        slots.push(slot);
        depth += store.remaining(slot);
      } else if (ahead < 0) ahead = depth;
    }
    if (target > depth) {
      this.#clearCrossed(symbol, sell, price);
      this.#raise(symbol, side, price, target - depth, ahead < 0 ? slots.at(-1) : undefined);
      // The new depth traded with the strategy orders it crossed, once: what is left of them is
      // cancelled (the data's book is never crossed), and the level topped up to the data's size.
      level = ladder.get(price);
      const now = level === NO_LEVEL ? 0 : this.#depthAt(ladder, level);
      if (now < target) {
        this.#cancelCrossing(symbol, sell, price);
        this.#raise(symbol, side, price, target - now, undefined);
      }
      return;
    }
    if (target === depth) return;
    const decrease = depth - target;
    if (ahead < 0) return this.#takeFromBack(slots, decrease, instrument.lotUnits);
    const behind = depth - ahead;
    const scale = 10 ** instrument.sizeDecimals;
    const share = clampShare(this.#model.shareAhead(ahead / scale, behind / scale));
    const lotsDecrease = decrease / instrument.lotUnits;
    let fromAhead = Math.round(share * lotsDecrease) * instrument.lotUnits;
    if (fromAhead > ahead) fromAhead = ahead;
    let fromBehind = decrease - fromAhead;
    if (fromBehind > behind) {
      fromAhead += fromBehind - behind;
      fromBehind = behind;
    }
    this.#takeFromFront(slots, fromAhead, instrument.lotUnits);
    this.#takeFromBack(slots, fromBehind, instrument.lotUnits);
  }

  #depthAt(ladder: PriceLadder, level: Level): number {
    const store = this.#venue.core.store;
    let depth = 0;
    for (let slot = ladder.head(level); slot !== NO_SLOT; slot = store.next(slot))
      if (store.account(slot) === this.#depth) depth += store.remaining(slot);
    return depth;
  }

  /** Adds `amount` units at the back: a larger `last` (no strategy order behind it), or a new order. */
  #raise(
    symbol: SymbolBook,
    side: number,
    price: Units,
    amount: number,
    last: Slot | undefined,
  ): void {
    const core = this.#venue.core;
    const { lotUnits } = symbol.instrument;
    if (last !== undefined) {
      const sequence = core.store.sequence(last);
      // An amend's size counts the filled part; a reduce took the rest of `size` away.
      const size = core.store.filled(last) + core.store.remaining(last) + amount;
      const amend = this.#onOrder(ACTION_AMEND, sequence);
      amend.size = (size / lotUnits) as Lots;
      if (core.submit(amend) >= 0) return;
    }
    this.#placeLimit(this.#depth, symbol, side, TIF_GTC, price, amount);
  }

  /** Places a limit order of `size` units at `price` units. */
  #placeLimit(
    account: number,
    symbol: SymbolBook,
    side: number,
    timeInForce: number,
    price: Units,
    size: number,
  ): void {
    const { tickUnits, lotUnits } = symbol.instrument;
    const command = this.#command.clear();
    command.account = account;
    command.book = symbol.index;
    command.side = side;
    command.timeInForce = timeInForce;
    command.price = (price / tickUnits) as Ticks;
    command.size = (size / lotUnits) as Lots;
    this.#venue.core.submit(command);
  }

  /** The command `action` on the depth order `sequence` (its other fields to be filled). */
  #onOrder(action: number, sequence: Sequence): OrderCommand {
    const command = this.#command.clear();
    command.action = action;
    command.account = this.#depth;
    command.target = sequence;
    return command;
  }

  /** Takes the depth on the other side that a level at `price` would cross. */
  #clearCrossed(symbol: SymbolBook, sell: boolean, price: Units): void {
    const ladder = sell ? symbol.book.bids : symbol.book.asks;
    const best = ladder.best();
    if (best === NO_LEVEL) return;
    const bestPrice = ladder.price(best);
    if (sell ? bestPrice < price : bestPrice > price) return; // the usual case
    const crossed: Level[] = [];
    ladder.forEachFromBest(Infinity, (level) => {
      const at = ladder.price(level);
      return (sell ? at >= price : at <= price) ? void crossed.push(level) : false;
    });
    const store = this.#venue.core.store;
    for (const level of crossed) {
      const slots: Slot[] = [];
      for (let slot = ladder.head(level); slot !== NO_SLOT; slot = store.next(slot))
        if (store.account(slot) === this.#depth) slots.push(slot);
      for (const slot of slots)
        this.#venue.core.submit(this.#onOrder(ACTION_CANCEL, store.sequence(slot)));
    }
  }

  /** Cancels the orders (the strategy's) on the other side that a level at `price` crosses. */
  #cancelCrossing(symbol: SymbolBook, sell: boolean, price: Units): void {
    const store = this.#venue.core.store;
    const crossing: number[] = [];
    const opposite = symbol.book.ladder(!sell);
    opposite.forEachFromBest(Infinity, (level) => {
      const at = opposite.price(level);
      if (sell ? at < price : at > price) return false;
      for (let slot = opposite.head(level); slot !== NO_SLOT; slot = store.next(slot))
        crossing.push(store.account(slot), store.sequence(slot));
    });
    for (let i = 0; i < crossing.length; i += 2) {
      const cancel = this.#onOrder(ACTION_CANCEL, crossing[i + 1]! as Sequence);
      cancel.account = crossing[i]!;
      this.#venue.core.submit(cancel);
    }
  }

  #takeFromFront(slots: readonly Slot[], amount: number, lotUnits: number): void {
    for (let i = 0; amount > 0 && i < slots.length; i++)
      amount = this.#take(slots[i]!, amount, lotUnits);
  }

  #takeFromBack(slots: readonly Slot[], amount: number, lotUnits: number): void {
    for (let i = slots.length - 1; amount > 0 && i >= 0; i--)
      amount = this.#take(slots[i]!, amount, lotUnits);
  }

  /** Takes up to `amount` units off a depth order; what is left to take. */
  #take(slot: Slot, amount: number, lotUnits: number): number {
    const core = this.#venue.core;
    const remaining = core.store.remaining(slot);
    const taken = amount < remaining ? amount : remaining;
    const reduce = this.#onOrder(ACTION_REDUCE, core.store.sequence(slot));
    reduce.size = (taken / lotUnits) as Lots;
    core.submit(reduce);
    return amount - taken;
  }
}

function clampShare(share: number): number {
  return share > 0 ? (share < 1 ? share : 1) : 0; // NaN gives 0
}

/**
 * A decimal text as a whole number of `step` units of 10^-decimals; throws L2RowError when it is
 * not one (more decimals, off the step, not a plain non-negative decimal, beyond a safe integer).
 */
export function units(text: string, decimals: number, step: number, field: string): Units {
  let value = 0;
  let fraction = -1;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */ && fraction < 0 && digits > 0) fraction = 0;
    else if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else throw new L2RowError(`${field} must be a plain decimal; got "${text}"`);
  }
  if (digits === 0 || fraction === 0)
    throw new L2RowError(`${field} must be a plain decimal; got "${text}"`);
  const scale = decimals - Math.max(fraction, 0);
  if (scale < 0) {
    // Trailing zeros beyond the instrument's decimals are still exact.
    const divisor = 10 ** -scale;
    if (value % divisor !== 0)
      throw new L2RowError(`${field} ${text} has more than ${decimals} decimals`);
    value /= divisor;
  } else value *= 10 ** scale;
  if (!Number.isSafeInteger(value)) throw new L2RowError(`${field} ${text} is too large`);
  if (value % step !== 0)
    throw new L2RowError(
      `${field} ${text} is not a multiple of the ${field === 'price' ? 'tick' : 'lot'}`,
    );
  return value as Units;
}
