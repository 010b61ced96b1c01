import { orderId } from './order.js';
import type { OrderBook } from './order-book.js';
import type { OrderIndex } from './order-index.js';
import { NO_SLOT, type OrderStore } from './order-store.js';
import {
  STATUS_OPEN,
  STATUS_PARTIALLY_FILLED,
  STATUS_PENDING,
  STATUS_REJECTED,
} from './numeric.js';
import { ORDER_STATUSES } from './types.js';
import type { PriceLadder } from './price-ladder.js';
import { NO_LEVEL } from './price-level.js';
import type { TradeStore } from './trade-store.js';
import type { Venue } from './venue.js';
import type { Sequence } from './quantities.js';

/** What the state validator reads of a venue (`Venue.internals`). */
export interface VenueInternals {
  books: readonly OrderBook[];
  store: OrderStore;
  trades: TradeStore;
  orders: OrderIndex;
}

/**
 * Checks the venue's whole internal state; returns every problem found (empty when sound):
 * levels sorted, indexed and equal to the sum of their orders, no empty level or order, no crossed
 * book, linked queues consistent, and the order index agreeing with what rests on the books and
 * listing every order under its account, book and status; pending stops exactly the ones waiting
 * in their book's stops, with nothing filled (invariant 9).
 */
export function validateVenueState(venue: Venue): string[] {
  const problems: string[] = [];
  const { books, store, trades, orders } = venue.internals();
  if (venue.core.balances !== null) problems.push(...venue.core.balances.problems());
  let resting = 0;
  let waiting = 0;
  for (const book of books) {
    for (const sequence of venue.core.stopsOf(book.index)) {
      const slot = orders.slot(sequence);
      waiting++;
      if (
        slot < 0 ||
        store.statusColumn[slot] !== STATUS_PENDING ||
        store.book(slot) !== book.index
      )
        problems.push(`${orderId(sequence)}: among ${book.instrument.symbol}'s stops, not pending`);
    }
  }
  for (const book of books) {
    const symbol = book.instrument.symbol;
    resting += checkLadder(
      `${symbol} bids`,
      book.bids,
      book.index,
      false,
      store,
      orders.slot.bind(orders),
      problems,
    );
    resting += checkLadder(
      `${symbol} asks`,
      book.asks,
      book.index,
      true,
      store,
      orders.slot.bind(orders),
      problems,
    );
    const bestBid = book.bids.best();
    const bestAsk = book.asks.best();
    if (bestBid !== NO_LEVEL && bestAsk !== NO_LEVEL) {
      const bid = book.bids.price(bestBid);
      const ask = book.asks.price(bestAsk);
      if (bid >= ask) problems.push(`${symbol}: crossed book, bid ${bid} >= ask ${ask}`);
    }
  }
  let open = 0;
  for (const slot of orders.slots()) {
    const id = orderId(store.sequenceColumn[slot]!);
    const status = ORDER_STATUSES[store.statusColumn[slot]!];
    const filled = store.filledColumn[slot]!;
    const remaining = store.remainingColumn[slot]!;
    if (!orders.indexes(slot))
      problems.push(`${id}: not listed under its account, book and status`);
    if (store.isOpen(slot)) open++;
    else if (store.statusColumn[slot] === STATUS_PENDING) {
      waiting--;
      if (filled !== 0 || remaining <= 0) problems.push(`${id}: pending with filled ${filled}`);
    } else if (remaining !== 0) problems.push(`${id}: ${status} with remaining ${remaining}`);
    if (filled + remaining > store.size(slot)) problems.push(`${id}: filled + remaining > size`);
    let filledByTrades = 0;
    for (
      let fill = store.firstFill(slot);
      fill !== NO_SLOT;
      fill = trades.nextFill(fill, store.sequenceColumn[slot]!)
    ) {
      filledByTrades += trades.size(fill);
      if (trades.references(fill) === 0)
        problems.push(`${id}: fill t_${trades.sequence(fill)} was released`);
    }
    if (filledByTrades !== filled)
      problems.push(`${id}: filled ${filled} but trades sum ${filledByTrades}`);
    if (store.statusColumn[slot] === STATUS_PARTIALLY_FILLED && filled === 0)
      problems.push(`${id}: partially_filled with nothing filled`);
    if (store.statusColumn[slot] === STATUS_OPEN && filled !== 0)
      problems.push(`${id}: open but filled ${filled}`);
    if (store.statusColumn[slot] === STATUS_REJECTED && filled !== 0)
      problems.push(`${id}: rejected but filled ${filled}`);
  }
  if (open !== resting) problems.push(`index has ${open} open orders, books hold ${resting}`);
  if (waiting !== 0) problems.push(`the stops and the pending orders differ by ${waiting}`);
  return problems;
}

function checkLadder(
  where: string,
  ladder: PriceLadder,
  bookIndex: number,
  sell: boolean,
  store: OrderStore,
  slotOf: (sequence: Sequence) => number,
  out: string[],
): number {
  const levels = ladder.levels();
  if (levels.length !== ladder.size)
    out.push(`${where}: ${levels.length} sorted levels, ${ladder.size} indexed`);
  let count = 0;
  let previousKey = Infinity;
  for (const level of levels) {
    const price = ladder.price(level);
    const at = `${where} @${price}`;
    if (ladder.key(level) >= previousKey) out.push(`${at}: levels out of order`);
    previousKey = ladder.key(level);
    if (ladder.get(price) !== level) out.push(`${at}: level not indexed by price`);
    if (ladder.head(level) === NO_SLOT || ladder.total(level) <= 0) out.push(`${at}: empty level`);
    let total = 0;
    const queued = new Set<number>();
    let previous = NO_SLOT;
    for (let slot = ladder.head(level); slot !== NO_SLOT; slot = store.nextColumn[slot]!) {
      if (queued.has(slot)) {
        out.push(`${at}: the queue has a cycle`);
        break;
      }
      const id = orderId(store.sequenceColumn[slot]!);
      if (store.prev(slot) !== previous) out.push(`${at}: ${id} has a broken back link`);
      if (previous !== NO_SLOT && !store.extras.joinedBefore(previous, slot))
        out.push(`${at}: ${id} out of time order`);
      if (!store.isOpen(slot) || store.remainingColumn[slot]! <= 0)
        out.push(
          `${at}: ${id} rests as ${ORDER_STATUSES[store.statusColumn[slot]!]} with ${store.remainingColumn[slot]}`,
        );
      if (
        store.isSell(slot) !== sell ||
        store.priceColumn[slot] !== price ||
        store.book(slot) !== bookIndex
      )
        out.push(`${at}: ${id} on the wrong book, side or price`);
      if (store.levelColumn[slot] !== level) out.push(`${at}: ${id} holds another level's number`);
      if (slotOf(store.sequenceColumn[slot]!) !== slot)
        out.push(`${at}: ${id} not in the order index`);
      total += store.remainingColumn[slot]!;
      queued.add(slot);
      previous = slot;
    }
    if (ladder.tail(level) !== previous) out.push(`${at}: tail is not the last order`);
    if (total !== ladder.total(level))
      out.push(`${at}: total ${ladder.total(level)} but orders sum ${total}`);
    count += queued.size;
  }
  return count;
}
