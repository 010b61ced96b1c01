import { orderId, type Order } from './order.js';
import type { PriceLadder } from './price-ladder.js';
import type { Venue } from './venue.js';

/**
 * Checks the venue's whole internal state; returns every problem found (empty when sound):
 * levels sorted, indexed and equal to the sum of their orders, no empty level or order, no crossed
 * book, linked queues consistent, and the order index agreeing with what rests on the books.
 */
export function validateVenueState(venue: Venue): string[] {
  const problems: string[] = [];
  const { books, orders } = venue.internals();
  let resting = 0;
  for (const [symbol, book] of books) {
    for (const [name, ladder] of [['bids', book.bids], ['asks', book.asks]] as const) {
      resting += checkLadder(`${symbol} ${name}`, ladder, name === 'bids' ? 'buy' : 'sell', problems);
    }
    const bestBid = book.bids.best();
    const bestAsk = book.asks.best();
    if (bestBid !== null && bestAsk !== null && bestBid.price >= bestAsk.price) {
      problems.push(`${symbol}: crossed book, bid ${bestBid.price} >= ask ${bestAsk.price}`);
    }
  }
  let open = 0;
  for (const order of orders.all()) {
    const id = orderId(order.sequence);
    if (order.isOpen) open++;
    else if (order.remaining !== 0) problems.push(`${id}: ${order.status} with remaining ${order.remaining}`);
    if (order.filled + order.remaining > order.size) problems.push(`${id}: filled + remaining > size`);
    const filledByTrades = (order.fills ?? []).reduce((sum, trade) => sum + trade.sizeUnits, 0);
    if (filledByTrades !== order.filled) problems.push(`${id}: filled ${order.filled} but trades sum ${filledByTrades}`);
    if (order.status === 'partially_filled' && order.filled === 0) problems.push(`${id}: partially_filled with nothing filled`);
    if (order.status === 'open' && order.filled !== 0) problems.push(`${id}: open but filled ${order.filled}`);
  }
  if (open !== resting) problems.push(`index has ${open} open orders, books hold ${resting}`);
  return problems;

  function checkLadder(where: string, ladder: PriceLadder, side: Order['side'], out: string[]): number {
    const levels = ladder.levels();
    if (levels.length !== ladder.size) out.push(`${where}: ${levels.length} sorted levels, ${ladder.size} indexed`);
    let count = 0;
    let previousKey = Infinity;
    for (const level of levels) {
      const at = `${where} @${level.price}`;
      if (level.key >= previousKey) out.push(`${at}: levels out of order`);
      previousKey = level.key;
      if (ladder.get(level.price) !== level) out.push(`${at}: level not indexed by price`);
      if (level.count === 0 || level.total <= 0) out.push(`${at}: empty level`);
      let total = 0;
      let queued = 0;
      let previous: Order | null = null;
      for (let order = level.head; order !== null; order = order.next) {
        const id = orderId(order.sequence);
        if (order.prev !== previous) out.push(`${at}: ${id} has a broken back link`);
        if (previous !== null && previous.sequence >= order.sequence) out.push(`${at}: ${id} out of time order`);
        if (!order.isOpen || order.remaining <= 0) out.push(`${at}: ${id} rests as ${order.status} with ${order.remaining}`);
        if (order.side !== side || order.price !== level.price) out.push(`${at}: ${id} on the wrong side or price`);
        if (orders.get(order.sequence) !== order) out.push(`${at}: ${id} not in the order index`);
        total += order.remaining;
        queued++;
        previous = order;
      }
      if (level.tail !== previous) out.push(`${at}: tail is not the last order`);
      if (total !== level.total) out.push(`${at}: total ${level.total} but orders sum ${total}`);
      if (queued !== level.count) out.push(`${at}: count ${level.count} but ${queued} queued`);
      count += queued;
    }
    return count;
  }
}
