/**
 * What the checker's event model knows of the row being applied: the row, the incoming order it
 * creates, the levels it changed, and the row's decimals in units. Shared by the trade and order
 * checks.
 */
import {
  formatPrice,
  formatSize,
  SIDE_BUY,
  SIDE_SELL,
  type Instrument,
  type VenueCore,
  type Sequence,
} from '../../../src/index.js';
import type { ParsedScenarioRow } from '../../flow/index.js';
import { toUnits } from '../../units/units.js';
import type { ExpectedBook, ExpectedOrder } from './expected-book.js';

/** What `ChangedLevel.published` holds while the venue published no change of the level. */
export const UNPUBLISHED = -1;

/** A level the current row changed; `published` is the venue's last total for it, in units. */
export interface ChangedLevel {
  readonly book: number;
  readonly side: number;
  readonly price: number;
  published: number;
}

export class CurrentRow {
  row: ParsedScenarioRow | null = null;
  /** Rows started so far. */
  count = 0;
  takerSequence = 0 as Sequence;
  takerSeen = false;
  changedLevels: ChangedLevel[] = [];

  constructor(
    readonly core: VenueCore,
    /** By book index. */
    readonly instruments: readonly Instrument[],
    readonly book: ExpectedBook,
  ) {}

  start(row: ParsedScenarioRow): void {
    this.row = row;
    this.takerSequence = 0 as Sequence;
    this.takerSeen = false;
    if (this.changedLevels.length > 0) this.changedLevels = [];
    this.count++;
  }

  /** The incoming order of the current `new` row, created on its first mention. */
  taker(sequence: Sequence): ExpectedOrder | null {
    const known = this.book.orders.get(sequence);
    if (known !== undefined) return known;
    const row = this.row!;
    if (row.action !== 'new') return null;
    const book = this.core.bookIndex(row.symbol);
    if (book < 0) return null;
    const { priceDecimals, sizeDecimals } = this.instruments[book]!;
    const order: ExpectedOrder = {
      sequence,
      book,
      side: row.side === 'buy' ? SIDE_BUY : SIDE_SELL,
      price: row.type === 'limit' ? this.units(row.price!, priceDecimals) : null,
      // A market buy by quote amount has the size the core bought it (VenueCore.sizeByQuote).
      size:
        'size' in row
          ? this.units(row.size, sizeDecimals)
          : this.core.store.size(this.core.orders.slot(sequence)),
      filled: 0,
      removed: 0,
      resting: false,
    };
    this.book.orders.set(sequence, order);
    this.takerSequence = sequence;
    return order;
  }

  /**
   * The order as the amend row makes it: the row's size (filled size included; nothing taken off
   * any more) and price. It keeps its place in its queue, or leaves it to come in again.
   */
  amend(order: ExpectedOrder, keepsPlace: boolean): void {
    const row = this.row as ParsedScenarioRow & { action: 'amend' };
    const { priceDecimals, sizeDecimals } = this.instruments[order.book]!;
    this.changed(order);
    if (!keepsPlace) this.book.unqueue(order);
    if (row.price !== undefined) order.price = this.units(row.price, priceDecimals);
    if (row.size !== undefined) {
      order.size = this.units(row.size, sizeDecimals);
      order.removed = 0;
    }
  }

  /** Notes the level of a resting order whose remaining size changes. */
  changed(order: ExpectedOrder): void {
    if (order.resting) this.level(order.book, order.side, order.price!);
  }

  /**
   * The changed level at `price`, noted on first mention. Found by scanning: a row changes a few
   * levels (a sweep of n levels costs n^2 / 2 comparisons: little for the tens a sweep reaches).
   */
  level(book: number, side: number, price: number): ChangedLevel {
    const levels = this.changedLevels;
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i]!;
      if (level.price === price && level.side === side && level.book === book) return level;
    }
    const level = { book, side, price, published: UNPUBLISHED };
    levels.push(level);
    return level;
  }

  /** A row's decimal as units. */
  units(text: string, decimals: number): number {
    return Number(toUnits(text, decimals));
  }

  price(book: number, units: number): string {
    return formatPrice(this.instruments[book]!, units);
  }

  size(book: number, units: number): string {
    return formatSize(this.instruments[book]!, units);
  }
}
