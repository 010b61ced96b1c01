import type { MonotonicClock } from './monotonic-clock.js';
import { DAY_MS, TradeWindow, type TradeSeries } from './trade-window.js';
import type { TradeStore } from './trade-store.js';
import type { Units } from './quantities.js';

/** Float64s a position: the trade's time, price and size. */
const STRIDE = 3;
const TIME = 0;
const PRICE = 1;
const SIZE = 2;
/** Positions per chunk (2^10: a chunk of 24 KiB). */
const CHUNK_BITS = 10;
const CHUNK_POSITIONS = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_POSITIONS - 1;

/**
 * One symbol's trades in time order, at absolute positions: the tape (its most recent `capacity`
 * trades) and the 24h window (`stats`) are both ranges of it. The tape keeps the trades' TradeStore
 * slots in a ring, and holds each row (one of its references) while the trade is on it. The window's
 * positions keep the trade's time, price and size, written in order into chunks of 1,024 positions
 * that are never copied (a chunk the window has left is reused), so the window reads its trades in
 * sequence and never the store. Memory: the tape's rows, and 24 bytes a trade of the window.
 */
export class TradeLog implements TradeSeries {
  /** `#chunks[i]` holds the positions from `#base + i * CHUNK_POSITIONS` on. */
  readonly #chunks: Float64Array[] = [];
  #base = 0;
  /** A chunk left behind, for the next one needed. */
  #spare: Float64Array | null = null;
  #end = 0;
  /** The tape's slots, position `p` at `p & #tapeMask`; it doubles up to `capacity`. */
  #tape = new Int32Array(16);
  #tapeMask = 15;
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
    this.#end = end + 1;
    if (end >= this.capacity)
      this.trades.release(this.#tape[(end - this.capacity) & this.#tapeMask]!);
    else if (end > this.#tapeMask) this.#growTape();
    this.#tape[end & this.#tapeMask] = trade;
    const stats = this.stats;
    stats.appended(end);
    if (stats.start - this.#base >= CHUNK_POSITIONS) this.#drop(stats.start);
  }

  /** Up to `limit` trade slots, most recent first. */
  recent(limit: number): number[] {
    const end = this.#end;
    const count = Math.min(limit, end, this.capacity);
    const result = new Array<number>(count);
    for (let i = 0; i < count; i++) result[i] = this.#tape[(end - 1 - i) & this.#tapeMask]!;
    return result;
  }

  #field(position: number, field: number): number {
    const offset = position - this.#base;
    return this.#chunks[offset >>> CHUNK_BITS]![(offset & CHUNK_MASK) * STRIDE + field]!;
  }

  /** Lets the chunks that hold only positions before `start` go. */
  #drop(start: number): void {
    while (start - this.#base >= CHUNK_POSITIONS) {
      this.#spare = this.#chunks.shift()!;
      this.#base += CHUNK_POSITIONS;
    }
  }

  /** Doubles the tape's ring, which then holds positions 0 to its old size - 1, at their indexes. */
  #growTape(): void {
    const old = this.#tape;
    const tape = new Int32Array(old.length * 2);
    tape.set(old);
    this.#tape = tape;
    this.#tapeMask = tape.length - 1;
  }
}
