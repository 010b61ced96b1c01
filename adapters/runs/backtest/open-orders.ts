/**
 * The strategy's resting orders and waiting stops as it last learned of them, oldest first, in
 * ticks and lots. Without latency an update is the core's numeric event, and the order's record is
 * built from the venue only when `openOrders()` asks for it (the order cannot change between its
 * events); under latency the update is the delivered record itself.
 */
import type { OrderEvent, OrderRecord, VenueCore } from '../../../src/index.js';
import { parsePrice, parseSize } from '../../../src/instrument.js';
import { orderView } from '../../../src/order-queries.js';
import { SIDE_SELL, TYPE_LIMIT } from '../../../src/numeric.js';
import { ORDER_STATUSES } from '../../../src/types.js';
import type { Sequence } from '../../../src/quantities.js';
import type { TickOrder } from './strategy.js';

/** One open order; `record` is null until asked for since its last update. */
interface Entry {
  sequence: Sequence;
  book: number;
  orderId: string;
  /** The n of its strategy id `s<n>` when known at its opening (see `fromEvent`); -1 if not. */
  idNumber: number;
  sell: boolean;
  status: number;
  priceTicks: number | null;
  sizeLots: number;
  remainingLots: number;
  record: OrderRecord | null;
}

/** A reused view of `openOrderTicks`. */
type View = { -readonly [K in keyof TickOrder]: TickOrder[K] };

export class OpenOrders {
  /** By venue order sequence, in the order the orders opened. */
  readonly #entries = new Map<Sequence, Entry>();
  /** Entries of ended orders, reused by the next ones. */
  readonly #free: Entry[] = [];
  /** `ticks`' lists by book (-1: all books), each view reused by the next read. */
  readonly #lists = new Map<number, { views: View[]; list: View[] }>();

  constructor(readonly core: VenueCore) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Without latency: the core's event of a live order of the strategy's; its record if built.
   * `placing` is the id (and its n) of the order being placed while its own place runs, else null:
   * an order's first live event comes from its own place, so a new entry then is that order.
   */
  fromEvent(
    event: OrderEvent,
    record: OrderRecord | null,
    placing: string | null,
    placingNumber: number,
  ): void {
    const { tickUnits, lotUnits } = this.core.books[event.book]!.instrument;
    let entry = this.#entries.get(event.sequence);
    if (entry === undefined) {
      entry = this.#entry(event.sequence);
      if (placing === null) {
        entry.orderId = this.core.store.clientOrderId(event.slot)!;
        entry.idNumber = -1;
      } else {
        entry.orderId = placing;
        entry.idNumber = placingNumber;
      }
    }
    entry.book = event.book;
    entry.sell = event.side === SIDE_SELL;
    entry.status = event.status;
    entry.priceTicks = event.type === TYPE_LIMIT ? event.price / tickUnits : null;
    entry.sizeLots = event.size / lotUnits;
    entry.remainingLots = event.remaining / lotUnits;
    entry.record = record;
  }

  /** Under latency: a delivered record of a live order of the strategy's. */
  fromRecord(record: OrderRecord, sequence: Sequence): void {
    const book = this.core.bookIndex(record.symbol);
    const instrument = this.core.books[book]!.instrument;
    const entry = this.#entry(sequence);
    entry.book = book;
    entry.orderId = record.clientOrderId!;
    entry.idNumber = -1;
    entry.sell = record.side === 'sell';
    entry.status = ORDER_STATUSES.indexOf(record.status);
    entry.priceTicks =
      record.price === null
        ? null
        : (parsePrice(instrument, record.price, 'price') as number) / instrument.tickUnits;
    entry.sizeLots = (parseSize(instrument, record.size, 'size') as number) / instrument.lotUnits;
    entry.remainingLots =
      (parseSize(instrument, record.remainingSize, 'size') as number) / instrument.lotUnits;
    entry.record = record;
  }

  /** Takes the order off; returns the n of its strategy id if its entry knew it, else -1. */
  delete(sequence: Sequence): number {
    const entry = this.#entries.get(sequence);
    if (entry === undefined) return -1;
    this.#entries.delete(sequence);
    entry.record = null;
    this.#free.push(entry);
    return entry.idNumber;
  }

  /** The orders' records, of book `book` (or of all when -1); records are built once per update. */
  records(book: number): OrderRecord[] {
    const list: OrderRecord[] = [];
    for (const entry of this.#entries.values()) {
      if (book >= 0 && entry.book !== book) continue;
      entry.record ??= orderView(this.core, this.core.orders.slot(entry.sequence));
      list.push(entry.record);
    }
    return list;
  }

  /** The orders in ticks and lots, of book `book` (or of all when -1), in reused views. */
  ticks(book: number): readonly TickOrder[] {
    let lists = this.#lists.get(book);
    if (lists === undefined) this.#lists.set(book, (lists = { views: [], list: [] }));
    const { views, list } = lists;
    // Written over in place and cut to size after: emptying it first would drop its storage.
    let count = 0;
    for (const entry of this.#entries.values()) {
      if (book >= 0 && entry.book !== book) continue;
      const view = (views[count] ??= {
        orderId: '',
        symbol: '',
        side: 'buy',
        status: 'open',
        priceTicks: null,
        sizeLots: 0,
        remainingLots: 0,
      });
      view.orderId = entry.orderId;
      view.symbol = this.core.books[entry.book]!.instrument.symbol;
      view.side = entry.sell ? 'sell' : 'buy';
      view.status = ORDER_STATUSES[entry.status]!;
      view.priceTicks = entry.priceTicks;
      view.sizeLots = entry.sizeLots;
      view.remainingLots = entry.remainingLots;
      if (count < list.length) list[count] = view;
      else list.push(view);
      count++;
    }
    if (list.length !== count) list.length = count;
    return list;
  }

  /** The entry of `sequence`, a new one (its id to fill) when it has none. */
  #entry(sequence: Sequence): Entry {
    let entry = this.#entries.get(sequence);
    if (entry === undefined) {
      entry = this.#free.pop() ?? {
        sequence: 0 as Sequence,
        book: 0,
        orderId: '',
        idNumber: -1,
        sell: false,
        status: 0,
        priceTicks: null,
        sizeLots: 0,
        remainingLots: 0,
        record: null,
      };
      entry.sequence = sequence;
      this.#entries.set(sequence, entry);
    }
    return entry;
  }
}
