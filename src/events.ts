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

/** Reads one field of an announced event from its store, at the event's slot or trade row. */
type FieldReader<Source> = (source: Source, at: number) => number;

/**
 * An event's fields live behind a getter and a setter per field. An announced event names its
 * store and its order's slot (or trade's row) and reads a field from the store when the field is
 * read, so an announcement costs a listener only the fields it reads; the store holds the announced
 * state for as long as the event is valid (listeners cannot issue commands). An event that is
 * written to holds its fields in `numbers`, in the order of its field list (the output worker fills
 * events this way); a write to an announced event first copies its fields there.
 */
abstract class EventNumbers<Source> {
  readonly numbers: Float64Array;
  /** The store the event reads its fields from, or null when `numbers` holds them. */
  source: Source | null = null;

  constructor(count: number) {
    this.numbers = new Float64Array(count);
  }
}

/**
 * Defines the fields of `target`: `readers[i]` reads field i from the store (null: the field is
 * always held in `numbers`, as the slot or row, field `at`, is).
 */
function defineFields<Source>(
  target: { prototype: EventNumbers<Source> },
  fields: readonly string[],
  at: number,
  readers: readonly (FieldReader<Source> | null)[],
): void {
  const held = (event: EventNumbers<Source>) => {
    const { numbers, source } = event;
    readers.forEach((reader, index) => {
      if (reader !== null) numbers[index] = reader(source!, numbers[at]!);
    });
    event.source = null;
  };
  fields.forEach((field, index) => {
    const reader = readers[index]!;
    Object.defineProperty(target.prototype, field, {
      get:
        reader === null
          ? function (this: EventNumbers<Source>) {
              return this.numbers[index];
            }
          : function (this: EventNumbers<Source>) {
              const source = this.source;
              return source === null ? this.numbers[index] : reader(source, this.numbers[at]!);
            },
      set(this: EventNumbers<Source>, value: number) {
        if (this.source !== null) held(this);
        this.numbers[index] = value;
      },
    });
  });
}

const TRADE_FIELDS = [
  'sequence',
  'time',
  'book',
  'price',
  'size',
  'takerSide',
  'makerAccount',
  'takerAccount',
  'makerSequence',
  'takerSequence',
  'makerSlot',
  'takerSlot',
  'index',
] as const satisfies readonly (keyof TradeFields)[];
const TRADE_INDEX = TRADE_FIELDS.indexOf('index');
const TRADE_BOOK = TRADE_FIELDS.indexOf('book');
const TRADE_MAKER_SLOT = TRADE_FIELDS.indexOf('makerSlot');
const TRADE_TAKER_SLOT = TRADE_FIELDS.indexOf('takerSlot');

class TradeNumbers extends EventNumbers<TradeStore> {
  constructor() {
    super(TRADE_FIELDS.length);
  }

  /** Announces the trade at row `index` of the store, between the orders at `maker` and `taker`. */
  read(trades: TradeStore, index: number, book: number, maker: Slot, taker: Slot): void {
    const numbers = this.numbers;
    this.source = trades;
    numbers[TRADE_INDEX] = index;
    numbers[TRADE_BOOK] = book;
    numbers[TRADE_MAKER_SLOT] = maker;
    numbers[TRADE_TAKER_SLOT] = taker;
  }
}
defineFields<TradeStore>(TradeNumbers, TRADE_FIELDS, TRADE_INDEX, [
  (trades, index) => trades.sequence(index),
  (trades, index) => trades.timestamp(index),
  null,
  (trades, index) => trades.price(index),
  (trades, index) => trades.size(index),
  (trades, index) => trades.takerSells(index),
  (trades, index) => trades.makerAccount(index),
  (trades, index) => trades.takerAccount(index),
  (trades, index) => trades.makerSequence(index),
  (trades, index) => trades.takerSequence(index),
  null,
  null,
  null,
]);
export type TradeEvent = TradeNumbers & TradeFields;
export const TradeEvent = TradeNumbers as new () => TradeEvent;

const ORDER_FIELDS = [
  'sequence',
  'slot',
  'book',
  'account',
  'side',
  'type',
  'status',
  'price',
  'size',
  'filled',
  'remaining',
] as const satisfies readonly (keyof OrderFields)[];
const ORDER_SLOT = ORDER_FIELDS.indexOf('slot');
const ORDER_BOOK = ORDER_FIELDS.indexOf('book');

class OrderNumbers extends EventNumbers<OrderStore> {
  constructor() {
    super(ORDER_FIELDS.length);
  }

  /** Announces the order at `slot` of the store, an order of book `book`. */
  read(store: OrderStore, slot: Slot, book: number): void {
    const numbers = this.numbers;
    this.source = store;
    numbers[ORDER_SLOT] = slot;
    numbers[ORDER_BOOK] = book;
  }
}
defineFields<OrderStore>(OrderNumbers, ORDER_FIELDS, ORDER_SLOT, [
  (store, slot) => store.sequenceColumn[slot]!,
  null,
  null,
  (store, slot) => store.accountColumn[slot]!,
  (store, slot) => store.kindColumn[slot]! & KIND_SELL,
  (store, slot) => (store.kindColumn[slot]! & KIND_MARKET) >> 1,
  (store, slot) => store.statusColumn[slot]!,
  (store, slot) => store.priceColumn[slot]!,
  (store, slot) => store.size(slot as Slot),
  (store, slot) => store.filledColumn[slot]!,
  (store, slot) => store.remainingColumn[slot]!,
]);
export type OrderEvent = OrderNumbers & OrderFields;
export const OrderEvent = OrderNumbers as new () => OrderEvent;

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
