import { CoreState } from './core-state.js';
import {
  REFUSED_ACCOUNT,
  REFUSED_INSUFFICIENT_BALANCE,
  REFUSED_LEVEL_FULL,
  REFUSED_ORDER_NOT_FOUND,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_SIZE,
  REFUSED_UNKNOWN_SYMBOL,
  TIF_GTD,
} from './numeric.js';
import { amendLive, UNCHANGED } from './order-amend.js';
import type { OrderBook } from './order-book.js';
import { KIND_MARKET, KIND_SELL, KIND_STP_SHIFT, orderKind } from './order-kind.js';
import { amendRefusal, placeRefusal } from './place-checks.js';
import {
  lotsToUnits,
  NO_UNITS,
  ticksToUnits,
  type Lots,
  type Sequence,
  type Ticks,
  type Units,
} from './quantities.js';

/**
 * The venue's one matching path, in numbers. Commands take integer codes (numeric.ts), prices in
 * ticks and sizes in lots; they return the order's sequence (`ord_<sequence>` in the string API)
 * or a negative refusal code, build no record and allocate nothing of their own. The string API
 * (Venue) validates its decimal strings, then runs the same `placeValid`, `takeOff` and
 * `amendValid`. What happens to an accepted order is OrderMatching's; gtd expiry is GtdExpiry's.
 */
export class VenueCore extends CoreState {
  /**
   * Places an order: `priceTicks` 0 for market orders (which take TIF_IOC), `flags` 0 or
   * FLAG_POST_ONLY, `stopTicks` 0 or a stop price, `expireAt` a time after now for TIF_GTD orders
   * (else 0), `stp` a mode (default the venue's). Checks in the string API's order: book, account,
   * then placeRefusal's. Returns the new order's sequence or a refusal code.
   */
  place(
    account: number,
    book: number,
    side: number,
    type: number,
    timeInForce: number,
    flags: number,
    priceTicks: number,
    sizeLots: number,
    clientOrderId: string | null = null,
    stopTicks = 0,
    stp: number = this.defaultStp,
    expireAt = 0,
  ): number {
    this.expireDue();
    const orderBook = this.books[book];
    if (orderBook === undefined) return REFUSED_UNKNOWN_SYMBOL;
    if (!this.#isAccount(account)) return REFUSED_ACCOUNT;
    const { instrument } = orderBook;
    // The numeric API's door: its numbers are ticks and lots from here on.
    const price = priceTicks as Ticks;
    const size = sizeLots as Lots;
    const stop = stopTicks as Ticks;
    const refusal = placeRefusal(
      instrument,
      side,
      type,
      timeInForce,
      flags,
      price,
      size,
      clientOrderId,
      stop,
      stp,
      expireAt,
      timeInForce === TIF_GTD ? this.commandTime : 0,
    );
    if (refusal !== 0) return refusal;
    const sequence = this.placeValid(
      orderBook,
      account,
      orderKind(side, type, timeInForce, flags, stp),
      ticksToUnits(price, instrument.tickUnits),
      lotsToUnits(size, instrument.lotUnits),
      clientOrderId,
      ticksToUnits(stop, instrument.tickUnits),
      expireAt,
    );
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /** Cancels the account's open or pending order; returns its sequence or a refusal code. */
  cancel(account: number, sequence: number): number {
    const slot = this.#liveSlot(account, sequence);
    if (slot < 0) return slot;
    this.takeOff(slot, this.store.remaining[slot]!);
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /** Takes `sizeLots` off the order's remaining size (all of it or more cancels); sequence or refusal. */
  reduce(account: number, sequence: number, sizeLots: number): number {
    const slot = this.#liveSlot(account, sequence);
    if (slot < 0) return slot;
    const size = lotsToUnits(sizeLots as Lots, this.bookOf(slot).instrument.lotUnits);
    if (!Number.isInteger(sizeLots) || sizeLots < 1 || size > Number.MAX_SAFE_INTEGER) {
      return REFUSED_SIZE;
    }
    const remaining = this.store.remaining[slot]!;
    this.takeOff(slot, size < remaining ? size : remaining);
    this.orders.forgetBeyondRetention();
    return sequence;
  }

  /**
   * Changes the account's open or pending order (invariant 11, see amendLive): `sizeLots` its new
   * size (filled size included, above it), `priceTicks` its new limit price; 0 leaves either as
   * it is. Sequence or refusal.
   */
  amend(account: number, sequence: number, sizeLots: number, priceTicks: number): number {
    const slot = this.#liveSlot(account, sequence);
    if (slot < 0) return slot;
    const { instrument } = this.bookOf(slot);
    const size = sizeLots as Lots;
    const price = priceTicks as Ticks;
    const refusal = amendRefusal(instrument, this.store, slot, size, price);
    if (refusal !== 0) return refusal;
    const refused = this.amendValid(
      slot,
      size === 0 ? UNCHANGED : lotsToUnits(size, instrument.lotUnits),
      price === 0 ? UNCHANGED : ticksToUnits(price, instrument.tickUnits),
    );
    this.orders.forgetBeyondRetention();
    return refused < 0 ? refused : sequence;
  }

  /**
   * Amends a live order with checked values (units; -1 leaves one as it is); 0, or
   * REFUSED_LEVEL_FULL. The caller then builds what it returns and forgets beyond retention.
   */
  amendValid(slot: number, newSize: Units, newPrice: Units): number {
    const book = this.bookOf(slot);
    const store = this.store;
    const sequence = store.sequence[slot]! as Sequence;
    const balances = this.balances;
    if (balances !== null) {
      const remaining = (
        newSize < 0 ? store.remaining[slot]! : newSize - store.filled[slot]!
      ) as Units;
      if (!balances.relock(sequence, newPrice, remaining)) return REFUSED_INSUFFICIENT_BALANCE;
    }
    const refused = amendLive(this.matching, this.events, store, book, slot, newSize, newPrice);
    if (refused < 0 && balances !== null) {
      const price = store.price[slot]! as Units;
      balances.relock(sequence, price, store.remaining[slot]! as Units); // back as it was
    }
    return refused;
  }

  /**
   * Places a validated order (`kind` from orderKind, amounts in units, `stopPrice` and `expireAt`
   * 0 when it has none) and matches it, or parks it as a pending stop (invariant 9: unless its
   * stop is already due); then runs the stops its trades made due. Returns its sequence, or
   * REFUSED_LEVEL_FULL. The caller then builds what it returns and calls
   * `orders.forgetBeyondRetention()`.
   */
  placeValid(
    book: OrderBook,
    account: number,
    kind: number,
    price: Units,
    size: Units,
    clientOrderId: string | null,
    stopPrice = NO_UNITS,
    expireAt = 0,
  ): number {
    const sell = (kind & KIND_SELL) !== 0;
    const level = (kind & KIND_MARKET) !== 0 ? undefined : book.levelAt(sell, price);
    if (level !== undefined && level.total > Number.MAX_SAFE_INTEGER - size) {
      return REFUSED_LEVEL_FULL;
    }
    const market = (kind & KIND_MARKET) !== 0;
    const balances = this.balances;
    let lock = 0n;
    if (balances !== null) {
      const stp = (kind >> KIND_STP_SHIFT) & 3;
      lock = balances.required(book, account, sell, market, price, size, stp, stopPrice !== 0);
      if (!balances.covers(account, book.index, sell, lock)) return REFUSED_INSUFFICIENT_BALANCE;
    }
    const sequence = (this.orders.lastSequence + 1) as Sequence;
    const store = this.store;
    const slot = store.allocate(sequence, book.index, account, kind, price, size, clientOrderId);
    balances?.lock(sequence, account, book.index, sell, market, price, lock);
    store.createdAt[slot] = this.commandTime;
    this.orders.add(sequence, slot);
    if (stopPrice !== 0 || expireAt !== 0) {
      if (expireAt !== 0) this.expiry.add(slot, expireAt);
      if (stopPrice !== 0) {
        store.extras.setStopPrice(slot, stopPrice);
        const last = book.stats.lastPrice;
        if (last === null || (sell ? last > stopPrice : last < stopPrice)) {
          this.matching.park(book, slot, stopPrice);
          return sequence;
        }
      }
    }
    this.matching.execute(book, slot, level, false);
    this.matching.triggerStops(book);
    return sequence;
  }

  /** Takes `size` units off an open or pending order (all of it cancels it), announcing the change. */
  takeOff(slot: number, size: number): void {
    this.matching.takeOff(this.bookOf(slot), slot, size);
  }

  #isAccount(account: number): boolean {
    return Number.isInteger(account) && account >= 0 && account < this.store.accounts.count;
  }

  /** A command's start on one order: the account's live order's slot, or a refusal. */
  #liveSlot(account: number, sequence: number): number {
    this.expireDue();
    const slot = this.slotOf(sequence);
    if (slot < 0 || this.store.account[slot] !== account) return REFUSED_ORDER_NOT_FOUND;
    return this.store.isLive(slot) ? slot : REFUSED_ORDER_NOT_OPEN;
  }
}
