/**
 * The core's events: one TradeEvent, one OrderEvent and one LevelEvent per venue, filled in place
 * by CoreEvents and handed to every CoreListener, valid during the call (a listener that keeps
 * something copies it). Prices and sizes are in units, as the stores hold them; sides, types and
 * statuses are the codes of codes.ts. A record (`Trade`, `OrderRecord`) is built from an event only
 * by a reader that wants one (event-records.ts).
 */
import { KIND_MARKET, KIND_SELL } from './order-kind.js';
import type { OrderStore } from './order-store.js';
import type { Sequence, Slot, Units } from './quantities.js';
import type { TradeStore } from './trade-store.js';

/** A trade, announced as it is made. */
interface TradeFields {
  /** The trade's number: its id is `t_<sequence>`. */
  sequence: number;
  time: number;
  /** The instrument's index. */
  book: number;
  price: Units;
  size: Units;
  /** The taker's side: SIDE_BUY or SIDE_SELL. */
  takerSide: number;
  /** Account ids (AccountNames). */
  makerAccount: number;
  takerAccount: number;
  makerSequence: Sequence;
  takerSequence: Sequence;
  /** The two orders' slots in the OrderStore (readable while the event is). */
  makerSlot: Slot;
  takerSlot: Slot;
  /** The trade's row in the TradeStore (its record reads it). */
  index: number;
}

/** An order that changed: placed, filled, reduced, amended, cancelled or expired. */
interface OrderFields {
  sequence: Sequence;
  /** Its slot in the OrderStore (readable while the event is). */
  slot: Slot;
  book: number;
  account: number;
  side: number;
  type: number;
  status: number;
  /** The limit price (0 for a market order). */
  price: Units;
  size: Units;
  filled: Units;
  remaining: Units;
}

/*
 * An announced event names its store and its order's slot (or trade's row), and a getter reads a
 * field from the store when the field is read, so an announcement costs a listener only the fields
 * it reads; the store holds the announced state for as long as the event is valid (listeners
 * cannot issue commands). An event written to holds its fields: a write to an announced event
 * first copies the store's fields into the event (`#hold`). Each field has a getter of its own, so
 * that a reader's call site stays monomorphic and is inlined.
 */

export class TradeEvent implements TradeFields {
  /** The store the fields are read from (at `index`), or null when the event holds them. */
  #trades: TradeStore | null = null;
  #index = 0;
  book = 0;
  makerSlot = 0 as Slot;
  takerSlot = 0 as Slot;
  #sequence = 0;
  #time = 0;
  #price = 0 as Units;
  #size = 0 as Units;
  #takerSide = 0;
  #makerAccount = 0;
  #takerAccount = 0;
  #makerSequence = 0 as Sequence;
  #takerSequence = 0 as Sequence;

  /** Announces the trade at row `index` of the store, between the orders at `maker` and `taker`. */
  read(trades: TradeStore, index: number, book: number, maker: Slot, taker: Slot): void {
    this.#trades = trades;
    this.#index = index;
    this.book = book;
    this.makerSlot = maker;
    this.takerSlot = taker;
  }

  get index(): number {
    return this.#index;
  }
  set index(value: number) {
    this.#hold();
    this.#index = value;
  }
  get sequence(): number {
    const trades = this.#trades;
    return trades === null ? this.#sequence : trades.sequence(this.#index);
  }
  set sequence(value: number) {
    this.#hold();
    this.#sequence = value;
  }
  get time(): number {
    const trades = this.#trades;
    return trades === null ? this.#time : trades.timestamp(this.#index);
  }
  set time(value: number) {
    this.#hold();
    this.#time = value;
  }
  get price(): Units {
    const trades = this.#trades;
    return trades === null ? this.#price : trades.price(this.#index);
  }
  set price(value: Units) {
    this.#hold();
    this.#price = value;
  }
  get size(): Units {
    const trades = this.#trades;
    return trades === null ? this.#size : trades.size(this.#index);
  }
  set size(value: Units) {
    this.#hold();
    this.#size = value;
  }
  get takerSide(): number {
    const trades = this.#trades;
    return trades === null ? this.#takerSide : trades.takerSells(this.#index);
  }
  set takerSide(value: number) {
    this.#hold();
    this.#takerSide = value;
  }
  get makerAccount(): number {
    const trades = this.#trades;
    return trades === null ? this.#makerAccount : trades.makerAccount(this.#index);
  }
  set makerAccount(value: number) {
    this.#hold();
    this.#makerAccount = value;
  }
  get takerAccount(): number {
    const trades = this.#trades;
    return trades === null ? this.#takerAccount : trades.takerAccount(this.#index);
  }
  set takerAccount(value: number) {
    this.#hold();
    this.#takerAccount = value;
  }
  get makerSequence(): Sequence {
    const trades = this.#trades;
    return trades === null ? this.#makerSequence : trades.makerSequence(this.#index);
  }
  set makerSequence(value: Sequence) {
    this.#hold();
    this.#makerSequence = value;
  }
  get takerSequence(): Sequence {
    const trades = this.#trades;
    return trades === null ? this.#takerSequence : trades.takerSequence(this.#index);
  }
  set takerSequence(value: Sequence) {
    this.#hold();
    this.#takerSequence = value;
  }

  #hold(): void {
    if (this.#trades === null) return;
    this.#sequence = this.sequence;
    this.#time = this.time;
    this.#price = this.price;
    this.#size = this.size;
    this.#takerSide = this.takerSide;
    this.#makerAccount = this.makerAccount;
    this.#takerAccount = this.takerAccount;
    this.#makerSequence = this.makerSequence;
    this.#takerSequence = this.takerSequence;
    this.#trades = null;
  }
}

export class OrderEvent implements OrderFields {
  /** The store the fields are read from (at `slot`), or null when the event holds them. */
  #store: OrderStore | null = null;
  #slot = 0 as Slot;
  book = 0;
  #sequence = 0 as Sequence;
  #account = 0;
  #side = 0;
  #type = 0;
  #status = 0;
  #price = 0 as Units;
  #size = 0 as Units;
  #filled = 0 as Units;
  #remaining = 0 as Units;

  /** Announces the order at `slot` of the store, an order of book `book`. */
  read(store: OrderStore, slot: Slot, book: number): void {
    this.#store = store;
    this.#slot = slot;
    this.book = book;
  }

  get slot(): Slot {
    return this.#slot;
  }
  set slot(value: Slot) {
    this.#hold();
    this.#slot = value;
  }
  get sequence(): Sequence {
    const store = this.#store;
    return store === null ? this.#sequence : store.sequenceColumn[this.#slot]!;
  }
  set sequence(value: Sequence) {
    this.#hold();
    this.#sequence = value;
  }
  get account(): number {
    const store = this.#store;
    return store === null ? this.#account : store.accountColumn[this.#slot]!;
  }
  set account(value: number) {
    this.#hold();
    this.#account = value;
  }
  get side(): number {
    const store = this.#store;
    return store === null ? this.#side : store.kindColumn[this.#slot]! & KIND_SELL;
  }
  set side(value: number) {
    this.#hold();
    this.#side = value;
  }
  get type(): number {
    const store = this.#store;
    return store === null ? this.#type : (store.kindColumn[this.#slot]! & KIND_MARKET) >> 1;
  }
  set type(value: number) {
    this.#hold();
    this.#type = value;
  }
  get status(): number {
    const store = this.#store;
    return store === null ? this.#status : store.statusColumn[this.#slot]!;
  }
  set status(value: number) {
    this.#hold();
    this.#status = value;
  }
  get price(): Units {
    const store = this.#store;
    return store === null ? this.#price : store.priceColumn[this.#slot]!;
  }
  set price(value: Units) {
    this.#hold();
    this.#price = value;
  }
  get size(): Units {
    const store = this.#store;
    return store === null ? this.#size : store.size(this.#slot);
  }
  set size(value: Units) {
    this.#hold();
    this.#size = value;
  }
  get filled(): Units {
    const store = this.#store;
    return store === null ? this.#filled : store.filledColumn[this.#slot]!;
  }
  set filled(value: Units) {
    this.#hold();
    this.#filled = value;
  }
  get remaining(): Units {
    const store = this.#store;
    return store === null ? this.#remaining : store.remainingColumn[this.#slot]!;
  }
  set remaining(value: Units) {
    this.#hold();
    this.#remaining = value;
  }

  #hold(): void {
    if (this.#store === null) return;
    this.#sequence = this.sequence;
    this.#account = this.account;
    this.#side = this.side;
    this.#type = this.type;
    this.#status = this.status;
    this.#price = this.price;
    this.#size = this.size;
    this.#filled = this.filled;
    this.#remaining = this.remaining;
    this.#store = null;
  }
}

/** A price level's new total (0: the level is gone). */
export class LevelEvent {
  book = 0;
  side = 0;
  price = 0 as Units;
  total = 0 as Units;
  /** The book's sequence after the change. */
  bookSequence = 0;
}

/**
 * What the core announces, synchronously and in the order of VenueEvent: for each match onTrade,
 * then onOrder (the maker), then onLevel (the maker's level); then onOrder for the incoming order,
 * then onLevel for the level it rests on, if it rests. Cancels and reduces give onOrder, then
 * onLevel. onFinal comes with the onOrder of a change that left the order final (filled,
 * cancelled, expired, rejected), with its slot and status only: a listener of these alone costs a
 * live order's change no event. Listeners must not issue commands (that throws).
 */
export interface CoreListener {
  onTrade?(trade: TradeEvent): void;
  onOrder?(order: OrderEvent): void;
  onFinal?(slot: Slot, status: number): void;
  onLevel?(level: LevelEvent): void;
}
