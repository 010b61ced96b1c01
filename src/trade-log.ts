import type { MonotonicClock } from './monotonic-clock.js';
import { DAY_MS, TradeWindow, type TradeSeries } from './trade-window.js';
import type { TradeStore } from './trade-store.js';
import type { Units } from './quantities.js';

/** Float64s a position: the trade's time, price and size, and its store slot. */
const STRIDE = 4;
const TIME = 0;
const PRICE = 1;
const SIZE = 2;
const SLOT = 3;
/** Positions per chunk (2^10: a chunk of 32 KiB). */
const CHUNK_BITS = 10;
const CHUNK_POSITIONS = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_POSITIONS - 1;

/**
 * One symbol's trades in time order, at absolute positions: the tape (its most recent `capacity`
 * trades, as TradeStore slots) and the 24h window (`stats`) are both ranges of it. Each position
 * keeps the trade's time, price and size beside its slot, written in order into chunks of 1,024
 * positions that are never copied (a chunk the window has left is reused), so the window reads its
 * trades in sequence and never the store. The log holds a trade's store row (one of its references)
 * while the trade is on the tape, and a position while it is on the tape or in the window: memory is
 * the tape's rows plus 32 bytes a trade of the larger range.
 */
export class TradeLog implements TradeSeries {
  /** `#chunks[i]` holds the positions from `#base + i * CHUNK_POSITIONS` on. */
  readonly #chunks: Float64Array[] = [];
  #base = 0;
  /** A chunk left behind, for the next one needed. */
  #spare: Float64Array | null = null;
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
    return this.#field(position, TIME) <= now - DAY_MS;
  }
  leftWindowByTrade(position: number, latest: number): boolean {
    return this.#field(position, TIME) <= this.#field(latest, TIME) - DAY_MS;
  }
  price(position: number): Units {
    return this.#field(position, PRICE) as Units;
  }
  size(position: number): Units {
    return this.#field(position, SIZE) as Units;
  }

  /**
   * Appends the trade at store slot `trade` (`size` at `price`, at the clock's command time); the
   * trade that leaves the tape is let go, and the positions that left the window too.
   */
  append(trade: number, price: Units, size: Units, clock: MonotonicClock): void {
    const end = this.#end;
    const offset = end - this.#base;
    if ((offset & CHUNK_MASK) === 0 && offset >>> CHUNK_BITS === this.#chunks.length) {
      this.#chunks.push(this.#spare ?? new Float64Array(CHUNK_POSITIONS * STRIDE));
      this.#spare = null;
    }
    const chunk = this.#chunks[offset >>> CHUNK_BITS]!;
    const at = (offset & CHUNK_MASK) * STRIDE;
    clock.writeCommandTime(chunk, at + TIME);
    chunk[at + PRICE] = price;
    chunk[at + SIZE] = size;
    chunk[at + SLOT] = trade;
    this.#end = end + 1;
    const leaving = end - this.capacity;
    if (leaving >= this.#start) this.trades.release(this.#field(leaving, SLOT));
    const stats = this.stats;
    stats.appended(end);
    const keep = Math.min(stats.start, leaving + 1);
    if (keep > this.#start) this.#drop(keep);
  }

  /** Up to `limit` trade slots, most recent first. */
  recent(limit: number): number[] {
    const count = Math.min(limit, this.#end - this.#start, this.capacity);
    const result = new Array<number>(count);
    for (let i = 0; i < count; i++) result[i] = this.#field(this.#end - 1 - i, SLOT);
    return result;
  }

  #field(position: number, field: number): number {
    const offset = position - this.#base;
    return this.#chunks[offset >>> CHUNK_BITS]![(offset & CHUNK_MASK) * STRIDE + field]!;
  }

  /** Lets the positions before `start` go, and the chunks that held only those. */
  #drop(start: number): void {
    this.#start = start;
    while (start - this.#base >= CHUNK_POSITIONS) {
      this.#spare = this.#chunks.shift()!;
      this.#base += CHUNK_POSITIONS;
    }
  }
}
