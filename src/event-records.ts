import type { OrderEvent, TradeEvent } from './events.js';
import { orderView } from './order-queries.js';
import { TradeView } from './trade.js';
import type { OrderRecord, TradeRecord } from './types.js';
import type { VenueCore } from './venue-core.js';

/**
 * The records of the core's events, for readers that want one: built on the call, from the
 * stores (an order's record reads its slot, a trade's its TradeStore row, both still held while
 * the event is announced).
 */
export function tradeRecord(core: VenueCore, trade: TradeEvent): TradeRecord {
  const { trades, store, books } = core;
  return new TradeView(trades, trade.index, books[trade.book]!.instrument, store.accounts);
}

export function orderRecord(core: VenueCore, order: OrderEvent): OrderRecord {
  return orderView(core, order.slot, core.books[order.book]);
}
