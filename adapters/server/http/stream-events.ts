import { MAX_QUERY_LIMIT, type Venue, type VenueEvent } from '../../../src/index.js';
import { restingOrders } from './client-routes.js';
import { isoTime, orderJson, tradeJson } from './wire-format.js';

/** What a stream can carry, as `channels` names it. */
export const CHANNELS = ['trades', 'book', 'orders'] as const;
export type Channel = (typeof CHANNELS)[number];

/** One event of a symbol, encoded once for every stream that carries it. */
export interface LoggedEvent {
  /** The symbol's stream sequence: one more than the symbol's previous event. */
  readonly sequence: number;
  readonly channel: Channel;
  /** An order update's account (only that account's streams carry it); null for market data. */
  readonly account: string | null;
  /**
   * `event:` and `data:` lines and the blank line, written after an `id:` line. Null for an order
   * update no stream can be sent (see `unsentOrder`).
   */
  readonly text: string | null;
}

/** Levels per side in a snapshot (the deepest a REST order book goes too). */
export const SNAPSHOT_DEPTH = MAX_QUERY_LIMIT;
/** Recent trades in a snapshot, most recent first. */
export const SNAPSHOT_TRADES = 100;
/** The caller's resting orders in a snapshot, newest first. */
export const SNAPSHOT_ORDERS = MAX_QUERY_LIMIT;

function sse(event: string, data: Record<string, unknown>): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function symbolOf(event: VenueEvent): string {
  switch (event.type) {
    case 'trade':
      return event.trade.symbol;
    case 'order':
      return event.order.symbol;
    case 'book':
      return event.change.symbol;
  }
}

/** The venue's event as the stream's event number `sequence` of its symbol. */
export function encodeEvent(event: VenueEvent, sequence: number): LoggedEvent {
  switch (event.type) {
    case 'trade': {
      // Written out (no object, no JSON.stringify): every value is a symbol, an id, a side, a
      // decimal or a timestamp, none of which needs escaping. Same bytes as tradeJson's.
      const { trade } = event;
      const text = `event: trade\ndata: {"symbol":"${trade.symbol}","sequence":${sequence},"trade_id":"${trade.id}","side":"${trade.side}","price":"${trade.price}","size":"${trade.size}","timestamp":"${isoTime(trade.timestamp)}"}\n\n`;
      return { sequence, channel: 'trades', account: null, text };
    }
    case 'order': {
      const { order } = event;
      const data = { symbol: order.symbol, sequence, order: orderJson(order) };
      return { sequence, channel: 'orders', account: order.account, text: sse('order', data) };
    }
    case 'book': {
      const { symbol, side, price, size, sequence: bookSequence } = event.change;
      const text = `event: book\ndata: {"symbol":"${symbol}","sequence":${sequence},"side":"${side}","price":"${price}","size":"${size}","book_sequence":${bookSequence}}\n\n`;
      return { sequence, channel: 'book', account: null, text };
    }
  }
}

/**
 * An order update of an account that has no stream of the `orders` channel: logged for its
 * sequence, not encoded (the costliest event to encode), so never sent; a resume that would need
 * it starts with a snapshot.
 */
export function unsentOrder(account: string, sequence: number): LoggedEvent {
  return { sequence, channel: 'orders', account, text: null };
}

/**
 * The `snapshot` event: the symbol's state as of its stream sequence `sequence`, the parts the
 * channels ask for (the book's top levels, the recent trades, the caller's resting orders).
 */
export function snapshotEvent(
  venue: Venue,
  symbol: string,
  sequence: number,
  channels: ReadonlySet<Channel>,
  account: string,
): string {
  const data: Record<string, unknown> = { symbol, sequence, timestamp: isoTime(venue.now()) };
  if (channels.has('book')) {
    const book = venue.orderBook(symbol, SNAPSHOT_DEPTH);
    if (book.ok) {
      data['book_sequence'] = book.value.sequence;
      data['bids'] = book.value.bids;
      data['asks'] = book.value.asks;
    }
  }
  if (channels.has('trades')) {
    const trades = venue.trades(symbol, SNAPSHOT_TRADES);
    if (trades.ok) data['trades'] = trades.value.map(tradeJson);
  }
  if (channels.has('orders')) {
    const orders = restingOrders(venue, account, symbol, SNAPSHOT_ORDERS);
    if (orders.ok) data['orders'] = orders.value.map(orderJson);
  }
  return sse('snapshot', data);
}
