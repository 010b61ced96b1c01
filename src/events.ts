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
export class TradeEvent {
  /** The trade's row in the TradeStore (its record reads it). */
  index = 0;
  /** The trade's number: its id is `t_<sequence>`. */
  sequence = 0;
  /** The instrument's index. */
  book = 0;
  price = 0 as Units;
  size = 0 as Units;
  makerSequence = 0 as Sequence;
  takerSequence = 0 as Sequence;
  /** The two orders' slots in the OrderStore (readable while the event is). */
  makerSlot = 0 as Slot;
  takerSlot = 0 as Slot;
  /** Account ids (AccountNames). */
  makerAccount = 0;
  takerAccount = 0;
  /** The taker's side: SIDE_BUY or SIDE_SELL. */
  takerSide = 0;
  time = 0;

  /** Reads trade `index` of the store, made on book `book` between the orders at slots `maker` and `taker`. */
  read(trades: TradeStore, index: number, book: number, maker: Slot, taker: Slot): void {
    this.index = index;
    this.sequence = trades.sequence[index]!;
    this.book = book;
    this.price = trades.price[index]! as Units;
    this.size = trades.size[index]! as Units;
    this.makerSequence = trades.makerSequence[index]! as Sequence;
    this.takerSequence = trades.takerSequence[index]! as Sequence;
    this.makerSlot = maker;
    this.takerSlot = taker;
    this.makerAccount = trades.makerAccount[index]!;
    this.takerAccount = trades.takerAccount[index]!;
    this.takerSide = trades.takerSells[index]!;
    this.time = trades.timestamp[index]!;
  }
}

/** An order that changed: placed, filled, reduced, amended, cancelled or expired. */
export class OrderEvent {
  sequence = 0 as Sequence;
  /** Its slot in the OrderStore (readable while the event is). */
  slot = 0 as Slot;
  book = 0;
  account = 0;
  side = 0;
  type = 0;
  status = 0;
  /** The limit price (0 for a market order). */
  price = 0 as Units;
  size = 0 as Units;
  filled = 0 as Units;
  remaining = 0 as Units;

  /** Reads the order at `slot` of the store, an order of book `book`. */
  read(store: OrderStore, slot: Slot, book: number): void {
    this.sequence = store.sequence[slot]! as Sequence;
    this.slot = slot;
    this.book = book;
    this.account = store.account[slot]!;
    const kind = store.kind[slot]!;
    this.side = kind & KIND_SELL;
    this.type = (kind & KIND_MARKET) >> 1;
    this.status = store.status[slot]!;
    this.price = store.price[slot]! as Units;
    this.size = store.size[slot]! as Units;
    this.filled = store.filled[slot]! as Units;
    this.remaining = store.remaining[slot]! as Units;
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
 * onLevel. Listeners must not issue commands (that throws).
 */
export interface CoreListener {
  onTrade?(trade: TradeEvent): void;
  onOrder?(order: OrderEvent): void;
  onLevel?(level: LevelEvent): void;
}
