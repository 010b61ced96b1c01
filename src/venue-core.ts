import { CoreState } from './core-state.js';
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_NEW,
  ACTION_REDUCE,
  REFUSED_ACCOUNT,
  REFUSED_INSUFFICIENT_BALANCE,
  REFUSED_LEVEL_FULL,
  REFUSED_ORDER_NOT_FOUND,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_QUOTE_SIZE,
  REFUSED_SIZE,
  REFUSED_UNKNOWN_SYMBOL,
  SIDE_BUY,
  TIF_GTD,
  TYPE_MARKET,
} from './numeric.js';
import { amendLive, UNCHANGED } from './order-amend.js';
import type { OrderBook } from './order-book.js';
import { KIND_MARKET, KIND_SELL, orderKind } from './order-kind.js';
import { OrderCommand } from './order-command.js';
import { amendRefusal, placeRefusal } from './place-checks.js';
import { NO_LEVEL } from './price-level.js';
import { sizeForQuote } from './balances.js';
import {
  lotsToUnits,
  ticksToUnits,
  type Lots,
  type Sequence,
  type Slot,
  type Units,
} from './quantities.js';

/**
 * The venue's one matching path, in numbers. Commands take integer codes (numeric.ts), prices in
 * ticks and sizes in lots; they return the order's sequence (`ord_<sequence>` in the string API)
 * or a negative refusal code, build no record and allocate nothing of their own. The string API
 * (Venue) validates its decimal strings into the same OrderCommand, then runs `placeValid` (a new
 * order) or `execute` (the others). What happens to an accepted order is OrderMatching's; gtd
 * expiry is GtdExpiry's.
 */
export class VenueCore extends CoreState {
  /** A command to fill and `submit`, its stp the venue's default until set. */
  newCommand(): OrderCommand {
    return new OrderCommand(this.defaultStp);
  }

  /**
   * Runs one command (see OrderCommand for the fields each action reads) and returns the order's
   * sequence, or a refusal code. A new order is checked in the string API's order: book, quote
   * (sizeByQuote, when it has one), account, then placeRefusal's; a cancel, reduce or amend first
   * finds the account's live order.
   */
  submit(command: OrderCommand): Sequence {
    this.expireDue();
    const result = this.execute(command);
    this.orders.forgetBeyondRetention();
    return result;
  }

  /**
   * `submit` for a caller that started the command itself (`expireDue`: its one clock reading,
   * invariant 13) and builds the order's record before it calls `orders.forgetBeyondRetention()`
   * (Venue).
   */
  execute(command: OrderCommand): Sequence {
    const { action } = command;
    if (action === ACTION_NEW) return this.#place(command);
    if (!(action >= ACTION_CANCEL && action <= ACTION_AMEND)) {
      throw new RangeError(`${action} is not a command action`);
    }
    const slot = this.#liveSlot(command);
    return slot < 0 ? (slot as Sequence) : this.executeOn(command, slot as Slot);
  }

  /**
   * `execute` for a cancel, reduce or amend whose order the caller has found: the live order at
   * `slot`, the command's account's, whose sequence is the command's `target` (Venue, which looks
   * it up by its id first, answering order_not_found or order_not_open in its words).
   */
  executeOn(command: OrderCommand, slot: Slot): Sequence {
    switch (command.action) {
      case ACTION_CANCEL:
        this.takeOff(slot, this.store.remainingColumn[slot]!);
        return command.target;
      case ACTION_REDUCE:
        return this.#reduce(command, slot);
      case ACTION_AMEND:
        return this.#amend(command, slot);
      default:
        throw new RangeError(`${command.action} is not an action on an order`);
    }
  }

  #place(command: OrderCommand): Sequence {
    const orderBook = this.books[command.book];
    if (orderBook === undefined) return REFUSED_UNKNOWN_SYMBOL as Sequence;
    if (command.quote !== 0n) {
      const refused = this.sizeByQuote(orderBook, command);
      if (refused !== 0) return refused as Sequence;
    }
    if (!this.#isAccount(command.account)) return REFUSED_ACCOUNT as Sequence;
    const now = command.timeInForce === TIF_GTD ? this.commandTime : 0;
    const refusal = placeRefusal(orderBook.instrument, command, now);
    if (refusal !== 0) return refusal as Sequence;
    return this.placeValid(orderBook, command);
  }

  #reduce(command: OrderCommand, slot: Slot): Sequence {
    const lots = command.size;
    const size = lotsToUnits(lots, this.bookOf(slot).instrument.lotUnits);
    if (!Number.isInteger(lots) || lots < 1 || size > Number.MAX_SAFE_INTEGER) {
      return REFUSED_SIZE as Sequence;
    }
    const remaining = this.store.remainingColumn[slot]!;
    this.takeOff(slot, size < remaining ? size : remaining);
    return command.target;
  }

  /** Invariant 11, see amendLive. */
  #amend(command: OrderCommand, slot: Slot): Sequence {
    const { instrument } = this.bookOf(slot);
    const { size, price } = command;
    const refusal = amendRefusal(instrument, this.store, slot, size, price);
    if (refusal !== 0) return refusal as Sequence;
    const refused = this.#amendValid(
      slot,
      size === 0 ? UNCHANGED : lotsToUnits(size, instrument.lotUnits),
      price === 0 ? UNCHANGED : ticksToUnits(price, instrument.tickUnits),
    );
    return refused < 0 ? (refused as Sequence) : command.target;
  }

  /** Amends a live order with checked values (units; -1 leaves one as it is); 0 or a refusal. */
  #amendValid(slot: Slot, newSize: Units, newPrice: Units): number {
    const book = this.bookOf(slot);
    const store = this.store;
    const sequence = store.sequenceColumn[slot]!;
    const balances = this.balances;
    if (balances !== null) {
      const remaining = (
        newSize < 0 ? store.remainingColumn[slot]! : newSize - store.filledColumn[slot]!
      ) as Units;
      if (!balances.relock(sequence, newPrice, remaining)) return REFUSED_INSUFFICIENT_BALANCE;
    }
    const refused = amendLive(this.matching, this.events, store, book, slot, newSize, newPrice);
    if (refused < 0 && balances !== null) {
      const price = store.priceColumn[slot]!;
      balances.relock(sequence, price, store.remainingColumn[slot]!); // back as it was
    }
    return refused;
  }

  /**
   * A market buy by quote amount: sets the command's `size` to the whole lots its `quote` buys
   * from the asks at this moment (walked as the order will take them, rounded down to the max
   * size). 0, or REFUSED_QUOTE_SIZE when it is not a market buy with size 0 and a positive quote,
   * or buys less than the minimum size.
   */
  sizeByQuote(book: OrderBook, command: OrderCommand): number {
    const { type, side, quote, account, stp } = command;
    if (type !== TYPE_MARKET || side !== SIDE_BUY || command.size !== 0 || quote <= 0n) {
      return REFUSED_QUOTE_SIZE;
    }
    const { maxSizeUnits, minSizeUnits, lotUnits } = book.instrument;
    let size = sizeForQuote(book, this.store, account, stp, quote);
    const max = BigInt(maxSizeUnits);
    if (size > max) size = max - (max % BigInt(lotUnits));
    if (size < BigInt(minSizeUnits)) return REFUSED_QUOTE_SIZE;
    command.size = (Number(size) / lotUnits) as Lots; // whole lots (sizeForQuote)
    return 0;
  }

  /**
   * Places a checked new order's command on its book (`book`, already found) and matches it, or
   * parks it as a pending stop (invariant 9: unless its stop is already due); then runs the stops
   * its trades made due. Returns its sequence, or REFUSED_LEVEL_FULL. The caller then builds what
   * it returns and calls `orders.forgetBeyondRetention()`.
   */
  placeValid(book: OrderBook, command: OrderCommand): Sequence {
    const { account, side, type, timeInForce, flags, stp, clientOrderId, expireAt } = command;
    const { tickUnits, lotUnits } = book.instrument;
    const kind = orderKind(side, type, timeInForce, flags, stp);
    const price = ticksToUnits(command.price, tickUnits);
    const size = lotsToUnits(command.size, lotUnits);
    const stopPrice = ticksToUnits(command.stopPrice, tickUnits);
    const sell = (kind & KIND_SELL) !== 0;
    const level = (kind & KIND_MARKET) !== 0 ? NO_LEVEL : book.levelAt(sell, price);
    if (level !== NO_LEVEL && book.ladder(sell).total(level) > Number.MAX_SAFE_INTEGER - size) {
      return REFUSED_LEVEL_FULL as Sequence;
    }
    const market = (kind & KIND_MARKET) !== 0;
    const balances = this.balances;
    let lock = 0n;
    if (balances !== null) {
      lock = balances.required(book, account, sell, market, price, size, stp, stopPrice !== 0);
      if (!balances.covers(account, book.index, sell, lock))
        return REFUSED_INSUFFICIENT_BALANCE as Sequence;
    }
    const sequence = (this.orders.lastSequence + 1) as Sequence;
    const store = this.store;
    const slot = store.allocate(sequence, book.index, account, kind, price, size, clientOrderId);
    balances?.lock(sequence, account, book.index, sell, market, price, lock);
    this.clock.writeCommandTime(store.createdAtColumn, slot);
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
  takeOff(slot: Slot, size: Units): void {
    this.matching.takeOff(this.bookOf(slot), slot, size);
  }

  #isAccount(account: number): boolean {
    return Number.isInteger(account) && account >= 0 && account < this.store.accounts.count;
  }

  /** A command's start on one order: the account's live `target` order's slot, or a refusal. */
  #liveSlot(command: OrderCommand): number {
    const slot = this.slotOf(command.target);
    if (slot < 0 || this.store.accountColumn[slot] !== command.account)
      return REFUSED_ORDER_NOT_FOUND;
    return this.store.isLive(slot) ? slot : REFUSED_ORDER_NOT_OPEN;
  }
}
