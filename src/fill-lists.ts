import { grown, SlotPool } from './typed-columns.js';

/**
 * The fills of the orders that have any, one row per order (OrderStore's `fills` column names
 * it), so that an order without fills carries one Int32 for them: its first and last fill (trade
 * slots, linked through the TradeStore), how many there are, and their notional.
 */
export class FillLists {
  first = new Int32Array(0);
  last = new Int32Array(0);
  count = new Uint32Array(0);
  /** Sum of the fills' price x size units while exact (at most 2^53), else BIG_NOTIONAL. */
  notional = new Float64Array(0);
  readonly #rows = new SlotPool((capacity) => this.#grow(capacity));

  /** A row for an order's first fill, `trade`; the caller adds its notional. */
  open(trade: number): number {
    const row = this.#rows.take();
    this.first[row] = trade;
    this.last[row] = trade;
    this.count[row] = 1;
    this.notional[row] = 0;
    return row;
  }

  close(row: number): void {
    this.#rows.give(row);
  }

  #grow(capacity: number): void {
    this.first = grown(this.first, capacity);
    this.last = grown(this.last, capacity);
    this.count = grown(this.count, capacity);
    this.notional = grown(this.notional, capacity);
  }
}
