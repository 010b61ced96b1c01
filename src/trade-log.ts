import type { MonotonicClock } from './monotonic-clock.js';
import { DAY_MS, TradeWindow, type TradeSeries } from './trade-window.js';
import type { TradeStore } from './trade-store.js';
import type { Units } from './quantities.js';

/** Float64s a position in the log's ring: the trade's time, price and size, and its store slot. */
const STRIDE = 4;
const TIME = 0;
const PRICE = 1;
const SIZE = 2;
const SLOT = 3;

/**
 * One symbol's trades in time order, at absolute positions: the tape (its most recent `capacity`
 * trades, as TradeStore slots) and the 24h window (`stats`) are both ranges of it. Each position
 * keeps the trade's time, price and size beside its slot, in one ring written in order, so the
 * window reads its trades in sequence and never the store. The log holds a trade's store row (one
 * of its references) while it is on the tape, and a position while it is on the tape or in the
 * window: memory is the tape's rows plus 32 bytes a trade of the larger range.
 */
export class TradeLog implements TradeSeries {
  #ring = new Float64Array(16 * STRIDE);
  /** Positions the ring holds - 1 (a power of two - 1). */
  #mask = 15;
  /** The first position kept. */
  #start = 0;
  #end = 0;
  readonly stats = new TradeWindow(this);

  constructor(
    readonly capacity: number,
    private readonly trades: TradeStore,
  ) {}

  get end(): number {
    return this.#end;
  }
  leftWindowAt(position: number, now: number): boolean {
    return this.#ring[(position & this.#mask) * STRIDE + TIME]! <= now - DAY_MS;
  }
  leftWindowByTrade(position: number, latest: number): boolean {
    const ring = this.#ring;
    const mask = this.#mask;
    return (
      ring[(position & mask) * STRIDE + TIME]! <= ring[(latest & mask) * STRIDE + TIME]! - DAY_MS
    );
  }
  price(position: number): Units {
    return this.#ring[(position & this.#mask) * STRIDE + PRICE]! as Units;
  }
  size(position: number): Units {
    return this.#ring[(position & this.#mask) * STRIDE + SIZE]! as Units;
  }

  /**
   * Appends the trade at store slot `trade` (`size` at `price`, at the clock's command time); the
   * trade that leaves the tape is let go, and the positions that left the window too.
   */
  append(trade: number, price: Units, size: Units, clock: MonotonicClock): void {
    const end = this.#end;
    if (end - this.#start > this.#mask) this.#grow();
    const ring = this.#ring;
    const at = (end & this.#mask) * STRIDE;
    clock.writeCommandTime(ring, at + TIME);
    ring[at + PRICE] = price;
    ring[at + SIZE] = size;
    ring[at + SLOT] = trade;
    this.#end = end + 1;
    const leaving = end - this.capacity;
    if (leaving >= this.#start) this.trades.release(ring[(leaving & this.#mask) * STRIDE + SLOT]!);
    const stats = this.stats;
    stats.appended(end);
    const keep = Math.min(stats.start, leaving + 1);
    if (keep > this.#start) this.#start = keep;
  }

  /** Up to `limit` trade slots, most recent first. */
  recent(limit: number): number[] {
    const count = Math.min(limit, this.#end - this.#start, this.capacity);
    const result = new Array<number>(count);
    for (let i = 0; i < count; i++) {
      result[i] = this.#ring[((this.#end - 1 - i) & this.#mask) * STRIDE + SLOT]!;
    }
    return result;
  }

  /**
   * Doubles the ring, keeping every position at `position & mask`: that is its old index or the
   * old index plus the old capacity, so two copies of the old ring hold every position where it goes.
   */
  #grow(): void {
    const old = this.#ring;
    const ring = new Float64Array(old.length * 2);
    ring.set(old, 0);
    ring.set(old, old.length);
    this.#ring = ring;
    this.#mask = this.#mask * 2 + 1;
  }
}
