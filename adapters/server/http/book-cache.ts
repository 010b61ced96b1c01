import type { Result, Venue } from '../../../src/index.js';
import { isoTime } from './wire-format.js';

interface Entry {
  readonly sequence: number;
  /** The last whole body and its timestamp: requests within one millisecond share it. */
  lastMs: number;
  lastBody: string;
  /** The JSON body up to the timestamp's value. */
  readonly head: string;
  /** The JSON body after the timestamp's value. */
  readonly tail: string;
}

/**
 * Orderbook bodies by (symbol, depth), reused while the symbol's book sequence is unchanged: a
 * depth-1 snapshot gives the sequence and the time cheaply; only the timestamp is written anew,
 * once per millisecond.
 */
export class OrderBookCache {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly capacity: number = 64) {}

  /** The orderbook JSON body, or the venue's error. */
  body(venue: Venue, symbol: string, depth: number): Result<string> {
    const probe = venue.orderBook(symbol, 1);
    if (!probe.ok) return probe;
    const key = `${symbol} ${depth}`;
    const cached = this.#entries.get(key);
    if (cached !== undefined && cached.sequence === probe.value.sequence) {
      if (cached.lastMs !== probe.value.timestamp) {
        cached.lastMs = probe.value.timestamp;
        cached.lastBody = cached.head + isoTime(cached.lastMs) + cached.tail;
      }
      return { ok: true, value: cached.lastBody };
    }
    const book = venue.orderBook(symbol, depth);
    if (!book.ok) return book;
    const { bids, asks, timestamp, sequence } = book.value;
    const head =
      JSON.stringify({ symbol: book.value.symbol, bids, asks }).slice(0, -1) + ',"timestamp":"';
    const tail = `","sequence":${sequence}}`;
    const lastBody = head + isoTime(timestamp) + tail;
    const entry: Entry = { sequence, head, tail, lastMs: timestamp, lastBody };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.capacity)
      this.#entries.delete(this.#entries.keys().next().value!);
    return { ok: true, value: entry.lastBody };
  }
}
