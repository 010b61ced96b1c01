import { grown, SlotPool } from './typed-columns.js';

/** The fields of a FillLists row, in that order. */
const FIRST = 0;
const LAST = 1;
const COUNT = 2;
const NOTIONAL = 3;
const WIDTH = 4;

/** In the `notional` field: the sum passed 2^53 and is held in OrderExtras as a BigInt. */
export const BIG_NOTIONAL = -1;

/**
 * The fills of the orders that have any, one row per order (OrderStore's fills link names
 * it), so that an order without fills carries one Int32 for them. A row is its order's first fill
 * and last fill (trade slots, linked through the TradeStore; the last one as slot + 1 when the
 * order was its maker, -(slot + 1) when its taker: no division on the path that links a fill), how many there are and their notional (the sum of price x size
 * units while exact, at most 2^53, else BIG_NOTIONAL), side by side in one Float64Array so that
 * adding a fill to a resting order reads one cache line.
 */
export class FillLists {
  #rows = new Float64Array(0);
  readonly #pool = new SlotPool((capacity) => {
    this.#rows = grown(this.#rows, capacity * WIDTH);
  });

  /** A row for an order's first fill, `trade` (as its taker when `taker`), of `notional`. */
  open(trade: number, taker: number, notional: number): number {
    const row = this.#pool.take();
    const at = row * WIDTH;
    const rows = this.#rows;
    rows[at + FIRST] = trade;
    rows[at + LAST] = taker === 0 ? trade + 1 : -1 - trade;
    rows[at + COUNT] = 1;
    rows[at + NOTIONAL] = notional;
    return row;
  }

  close(row: number): void {
    this.#pool.give(row);
  }

  first(row: number): number {
    return this.#rows[row * WIDTH + FIRST]!;
  }
  /** The last fill's slot + 1 when the order was its maker, -(slot + 1) when its taker. */
  last(row: number): number {
    return this.#rows[row * WIDTH + LAST]!;
  }
  count(row: number): number {
    return this.#rows[row * WIDTH + COUNT]!;
  }
  notional(row: number): number {
    return this.#rows[row * WIDTH + NOTIONAL]!;
  }

  /** Marks the row's notional as held in OrderExtras (past 2^53). */
  setBigNotional(row: number): void {
    this.#rows[row * WIDTH + NOTIONAL] = BIG_NOTIONAL;
  }

  /** Makes `trade` (as its taker when `taker`) the row's last fill, with the new notional. */
  append(row: number, trade: number, taker: number, notional: number): void {
    const at = row * WIDTH;
    const rows = this.#rows;
    rows[at + LAST] = taker === 0 ? trade + 1 : -1 - trade;
    rows[at + COUNT]!++;
    rows[at + NOTIONAL] = notional;
  }
}
