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

/**
 * An event's fields live in one Float64Array, `numbers`, in the order of its field list, behind
 * a getter and a setter per field: a reader sees named fields, and the fields are filled in
 * place for each announcement.
 */
abstract class EventNumbers {
  readonly numbers: Float64Array;

  constructor(count: number) {
    this.numbers = new Float64Array(count);
  }
}

/** Defines each field of `fields` on `target`'s prototype as its element of `numbers`. */
function defineFields(target: { prototype: EventNumbers }, fields: readonly string[]): void {
  fields.forEach((field, index) =>
    Object.defineProperty(target.prototype, field, {
      get(this: EventNumbers) {
        return this.numbers[index];
      },
      set(this: EventNumbers, value: number) {
        this.numbers[index] = value;
      },
    }),
  );
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

class TradeNumbers extends EventNumbers {
  constructor() {
    super(TRADE_FIELDS.length);
  }

  /** Reads trade `index` of the store, made on book `book` between the orders at slots `maker` and `taker`. */
  read(trades: TradeStore, index: number, book: number, maker: Slot, taker: Slot): void {
    const event = this as unknown as TradeEvent;
    event.index = index;
    event.sequence = trades.sequence(index);
    event.book = book;
    event.price = trades.price(index);
    event.size = trades.size(index);
    event.makerSequence = trades.makerSequence(index);
    event.takerSequence = trades.takerSequence(index);
    event.makerSlot = maker;
    event.takerSlot = taker;
    event.makerAccount = trades.makerAccount(index);
    event.takerAccount = trades.takerAccount(index);
    event.takerSide = trades.takerSells(index);
    event.time = trades.timestamp(index);
  }
}
defineFields(TradeNumbers, TRADE_FIELDS);
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

class OrderNumbers extends EventNumbers {
  constructor() {
    super(ORDER_FIELDS.length);
  }

  /** Reads the order at `slot` of the store, an order of book `book`. */
  read(store: OrderStore, slot: Slot, book: number): void {
    const event = this as unknown as OrderEvent;
    event.sequence = store.sequenceColumn[slot]!;
    event.slot = slot;
    event.book = book;
    event.account = store.accountColumn[slot]!;
    const kind = store.kindColumn[slot]!;
    event.side = kind & KIND_SELL;
    event.type = (kind & KIND_MARKET) >> 1;
    event.status = store.statusColumn[slot]!;
    event.price = store.priceColumn[slot]!;
    event.size = store.size(slot);
    event.filled = store.filledColumn[slot]!;
    event.remaining = store.remainingColumn[slot]!;
  }
}
defineFields(OrderNumbers, ORDER_FIELDS);
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
 * onLevel. Listeners must not issue commands (that throws).
 */
export interface CoreListener {
  onTrade?(trade: TradeEvent): void;
  onOrder?(order: OrderEvent): void;
  onLevel?(level: LevelEvent): void;
}
