/**
 * The context's `bookTicks` on the venue: one TickBook per book and depth, refilled in place from
 * the book's ladders at each call rather than built anew, so that a strategy reading the book on
 * every tick allocates nothing for it. A view holds while the hook that asked for it runs (the
 * market does not move during a hook: actions are queued); a later hook's call refills it.
 */
import type { Lots, TickBook, Ticks, Venue } from '../../../src/index.js';
import { DEFAULT_BOOK_DEPTH, isQueryLimit } from '../../../src/market-data.js';
import type { PriceLadder } from '../../../src/price-ladder.js';
import type { Level as LevelNumber } from '../../../src/quantities.js';

type Level = [priceTicks: Ticks, sizeLots: Lots];

interface View {
  readonly bids: Level[];
  readonly asks: Level[];
  sequence: number;
}

export class TickBookViews {
  /** By book index, then depth. */
  readonly #views: Map<number, View>[] = [];
  // The ladder walk's state, so that its visitor is one function made once.
  #levels: Level[] = [];
  #count = 0;
  #tickUnits = 1;
  #lotUnits = 1;
  #ladder: PriceLadder | null = null;
  readonly #visit = (level: LevelNumber): void => {
    const levels = this.#levels;
    const ladder = this.#ladder!;
    const price = (ladder.price(level) / this.#tickUnits) as Ticks;
    const size = (ladder.total(level) / this.#lotUnits) as Lots;
    const at = levels[this.#count++];
    if (at === undefined) levels.push([price, size]);
    else {
      at[0] = price;
      at[1] = size;
    }
  };

  constructor(
    readonly venue: Venue,
    /** The venue's refusal, as the context's reads report it. */
    readonly refused: (result: ReturnType<Venue['orderBookTicks']>) => TickBook,
  ) {}

  /** The book's levels to `depth`; a bad symbol or depth as the venue's orderBookTicks answers. */
  read(symbol: string, depth: number = DEFAULT_BOOK_DEPTH): TickBook {
    const core = this.venue.core;
    const index = typeof symbol === 'string' ? core.bookIndex(symbol) : -1;
    if (index < 0 || !isQueryLimit(depth))
      return this.refused(this.venue.orderBookTicks(symbol, depth));
    core.expireDueOutsideListeners();
    const book = core.books[index]!;
    const byDepth = (this.#views[index] ??= new Map());
    let view = byDepth.get(depth);
    if (view === undefined) byDepth.set(depth, (view = { bids: [], asks: [], sequence: 0 }));
    this.#tickUnits = book.instrument.tickUnits;
    this.#lotUnits = book.instrument.lotUnits;
    this.#fill(view.bids, book.bids, depth);
    this.#fill(view.asks, book.asks, depth);
    view.sequence = book.sequence;
    return view;
  }

  #fill(levels: Level[], ladder: PriceLadder, depth: number): void {
    this.#levels = levels;
    this.#count = 0;
    this.#ladder = ladder;
    ladder.forEachFromBest(depth, this.#visit);
    if (levels.length !== this.#count) levels.length = this.#count;
  }
}
