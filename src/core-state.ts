import { AccountNames } from './account-names.js';
import { Balances, type BalancePlan } from './balances.js';
import { CoreEvents } from './core-events.js';
import { GtdExpiry } from './gtd-expiry.js';
import type { Instrument } from './instrument.js';
import { MonotonicClock } from './monotonic-clock.js';
import { REFUSED_ACCOUNT, REFUSED_UNKNOWN_SYMBOL, STP_NONE } from './numeric.js';
import type { CoreListener } from './events.js';
import { OrderBook, type TradeCounter } from './order-book.js';
import { OrderIndex } from './order-index.js';
import { OrderMatching } from './order-matching.js';
import { OrderStore } from './order-store.js';
import { PendingStops } from './pending-stops.js';
import { TradeStore } from './trade-store.js';
import type { Lots, Sequence, Slot, Ticks } from './quantities.js';

/**
 * A venue's state in numbers and its reads: the books, the order and trade stores, the order
 * index, the clock, the numeric listeners, matching and gtd expiry. VenueCore adds the commands.
 */
export class CoreState {
  readonly books: readonly OrderBook[];
  readonly store = new OrderStore(new AccountNames());
  readonly trades = new TradeStore();
  readonly orders: OrderIndex;
  readonly #bookIndexes = new Map<string, number>();
  readonly #tradeCounter: TradeCounter = { last: 0 };
  /** Listeners added with `listen` (not the balances): code outside the core that commands run. */
  #listeners = 0;
  protected readonly clock: MonotonicClock;
  protected readonly events = new CoreEvents(this.store, this.trades);
  protected readonly matching: OrderMatching;
  protected readonly expiry: GtdExpiry;
  /** The self-trade prevention mode of orders that name none. */
  readonly defaultStp: number;
  /** The accounts' balances (invariant 14), or null: the venue keeps none. */
  readonly balances: Balances | null;

  constructor(
    instruments: readonly Instrument[],
    clock: () => number,
    tradeRetention: number,
    orderRetention: number,
    defaultStp: number = STP_NONE,
    balances: BalancePlan | null = null,
  ) {
    this.clock = new MonotonicClock(clock);
    this.defaultStp = defaultStp;
    this.orders = new OrderIndex(this.store, this.trades, orderRetention, instruments.length);
    const matching = new OrderMatching(this.store, this.orders, this.events, new PendingStops());
    this.matching = matching;
    const tradeCounter = this.#tradeCounter;
    this.books = instruments.map((instrument, index) => {
      this.#bookIndexes.set(instrument.symbol, index);
      return new OrderBook(
        index,
        instrument,
        tradeRetention,
        this.store,
        this.orders,
        this.trades,
        tradeCounter,
        matching,
        this.clock,
      );
    });
    this.expiry = new GtdExpiry(this.store, this.orders, matching, this.books);
    this.balances = balances === null ? null : new Balances(instruments, this.store, balances);
    if (this.balances !== null) this.events.listen(this.balances); // first: others see it settled
    matching.funds = this.balances;
  }

  /**
   * The clock's reading, never earlier than a previous one; inside a listener, the time of the
   * command that is running (a listener's query must not move the time of the command's later
   * stamps).
   */
  now(): number {
    return this.events.dispatching ? this.clock.commandTime : this.clock.read();
  }

  /**
   * The time of the command running, or of the last one: the clock's one reading for it, taken at
   * its start when a gtd order waits or a listener listens, else when first asked for (invariant
   * 13). Every stamp of a command (its order's created_at, its trades, the expiries it ran) is at
   * this time, so a journal that records it replays the command exactly.
   */
  get commandTime(): number {
    return this.clock.commandTime;
  }

  /** How many trades the venue made (the last one is `t_<tradeCount>`). */
  get tradeCount(): number {
    return this.#tradeCounter.last;
  }

  /** The book index of a listed symbol (its position in the instruments), or REFUSED_UNKNOWN_SYMBOL. */
  bookIndex(symbol: string): number {
    return this.#bookIndexes.get(symbol) ?? REFUSED_UNKNOWN_SYMBOL;
  }

  /** The id of an account name (interned on first use), or REFUSED_ACCOUNT for an empty name. */
  accountId(name: string): number {
    return typeof name === 'string' && name.length > 0
      ? this.store.accounts.id(name)
      : REFUSED_ACCOUNT;
  }

  /** How many account names are interned: their ids are 0 to `accountCount - 1`. */
  get accountCount(): number {
    return this.store.accounts.count;
  }

  /**
   * Forgets account `id`, the newest, interned for a command the core then refused: a refused
   * command leaves no account behind. Nothing is forgotten when `id` is not the newest account or
   * was given its starting funds (Balances); no order names it.
   */
  forgetAccount(id: number): void {
    const accounts = this.store.accounts;
    if (id === accounts.count - 1 && id >= (this.balances?.accountsOpened ?? 0))
      accounts.truncate(id);
  }

  /**
   * Starts a command, as every command does first: expires the gtd orders due at its time
   * (invariant 12). The clock is read once for it (`commandTime`, invariant 13): here when a gtd
   * order waits or a listener may run (and move the clock) before the command needs a time, else
   * when it first needs one. Throws when called from inside a listener.
   */
  expireDue(): void {
    this.events.assertNotDispatching();
    this.clock.startCommand();
    if (this.expiry.waiting) this.expiry.expireDue(this.clock.commandTime);
    else if (this.#listeners !== 0) this.clock.tick();
  }

  /** The earliest expiry time of a live gtd order (or of one that ended since), or Infinity. */
  nextExpiry(): number {
    return this.expiry.next;
  }

  /** The waiting stops of a book (for validation). */
  stopsOf(book: number): readonly Sequence[] {
    return this.matching.stops.sequencesOf(book);
  }

  /** The order's status code, or -1 when there is no such order (or it was forgotten). */
  orderStatus(sequence: Sequence): number {
    const slot = this.#querySlot(sequence);
    return slot < 0 ? -1 : this.store.statusColumn[slot]!;
  }

  /** The order's filled size in lots, or -1. */
  filledLots(sequence: Sequence): Lots {
    const slot = this.#querySlot(sequence);
    return (
      slot < 0 ? -1 : this.store.filledColumn[slot]! / this.bookOf(slot).instrument.lotUnits
    ) as Lots;
  }

  /** The order's size still resting, in lots, or -1. */
  remainingLots(sequence: Sequence): Lots {
    const slot = this.#querySlot(sequence);
    return (
      slot < 0 ? -1 : this.store.remainingColumn[slot]! / this.bookOf(slot).instrument.lotUnits
    ) as Lots;
  }

  /** The order's size in lots (as placed, or as an amend set it), or -1. */
  sizeLots(sequence: Sequence): Lots {
    const slot = this.#querySlot(sequence);
    return (slot < 0 ? -1 : this.store.size(slot) / this.bookOf(slot).instrument.lotUnits) as Lots;
  }

  /** The order's limit price in ticks (0 for a market order), or -1. */
  priceTicks(sequence: Sequence): Ticks {
    const slot = this.#querySlot(sequence);
    if (slot < 0) return -1 as Ticks;
    return (
      this.store.isMarket(slot)
        ? 0
        : this.store.priceColumn[slot]! / this.bookOf(slot).instrument.tickUnits
    ) as Ticks;
  }

  /**
   * Calls the listener's handlers with every event from now on (with `account`, an account id:
   * only that account's trades and orders); returns the function that stops it.
   */
  listen(listener: CoreListener, account = -1): () => void {
    const stop = this.events.listen(listener, account);
    this.#listeners++;
    let listening = true;
    return () => {
      if (listening) this.#listeners--;
      listening = false;
      stop();
    };
  }

  /** Queries expire due orders first, except from inside a listener (which sees the command's state). */
  expireDueOutsideListeners(): void {
    if (!this.events.dispatching) this.expiry.expireDue(this.clock.read());
  }

  /** Throws (a caller's bug) when called from inside a listener. */
  assertNotDispatching(): void {
    this.events.assertNotDispatching();
  }

  bookOf(slot: Slot): OrderBook {
    return this.books[this.store.book(slot)]!;
  }

  /** The slot of `ord_<sequence>`, or -1. */
  protected slotOf(sequence: Sequence): Slot {
    return Number.isInteger(sequence) ? this.orders.slot(sequence) : (-1 as Slot);
  }

  #querySlot(sequence: Sequence): Slot {
    this.expireDueOutsideListeners();
    return this.slotOf(sequence);
  }
}
