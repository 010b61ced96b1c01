/**
 * The checks of each trade as it arrives (invariants 3, 4 and 5) against the shadow book, which
 * it then fills; the trade also goes to its symbol's ticker model.
 */
import { SIDE_BUY, type TradeEvent } from '../../../src/index.js';
import type { CurrentRow } from './current-row.js';
import { fail, type Problem } from './problem.js';
import { TickerModel } from './ticker-model.js';

export class TradeChecks {
  readonly tickers: readonly TickerModel[];
  /** By book index: the number of the last row that traded there. */
  readonly #tradedRow: number[];
  #lastTrade = 0;
  #lastTradeTime = -Infinity;

  constructor(readonly current: CurrentRow) {
    this.tickers = current.instruments.map((instrument) => new TickerModel(instrument));
    this.#tradedRow = current.instruments.map(() => 0);
  }

  /** Whether the current row traded on the book. */
  traded(book: number): boolean {
    return this.#tradedRow[book] === this.current.count;
  }

  check(event: TradeEvent): Problem | null {
    const {
      sequence: trade,
      book: bookIndex,
      price,
      size,
      makerSequence,
      takerSequence,
      time,
    } = event;
    const current = this.current;
    const row = current.row!;
    // invariant 5
    if (trade !== this.#lastTrade + 1)
      return fail(5, `trade t_${trade} follows t_${this.#lastTrade}`);
    if (time < this.#lastTradeTime || time !== row.ts) {
      return fail(
        5,
        `trade t_${trade} at ${time}, row time ${row.ts}, previous trade ${this.#lastTradeTime}`,
      );
    }
    this.#lastTrade = trade;
    this.#lastTradeTime = time;
    const book = current.book;
    // invariant 4
    const maker = book.orders.get(makerSequence);
    if (maker === undefined || !maker.resting)
      return fail(4, `trade t_${trade}: maker ord_${makerSequence} was not resting`);
    if (price !== maker.price)
      return fail(
        4,
        `trade t_${trade} at ${current.price(bookIndex, price)}, not the maker's price`,
      );
    const first = book.firstAtBest(bookIndex, maker.side);
    if (first !== maker) {
      return fail(
        4,
        `trade t_${trade}: maker ord_${maker.sequence} was not first in time at the best price (${first === null ? 'none' : `ord_${first.sequence}`} was)`,
      );
    }
    const taker = current.taker(takerSequence);
    // an amend to a crossing price: the amended order leaves its queue and comes in as the taker
    if (taker?.resting === true && row.action === 'amend') current.amend(taker, false);
    if (taker === null || taker.resting || taker.side === maker.side || taker.book !== bookIndex) {
      return fail(
        4,
        `trade t_${trade}: taker ord_${takerSequence} is not the incoming order on the other side`,
      );
    }
    if (
      taker.price !== null &&
      (taker.side === SIDE_BUY ? price > taker.price : price < taker.price)
    )
      return fail(
        4,
        `trade t_${trade} at ${current.price(bookIndex, price)} is beyond the taker's limit`,
      );
    // invariant 3
    if (size <= 0 || size > book.remaining(maker) || size > book.remaining(taker)) {
      return fail(
        3,
        `trade t_${trade} of ${current.size(bookIndex, size)} exceeds what its orders had left`,
      );
    }
    maker.filled += size;
    taker.filled += size;
    current.changed(maker);
    if (book.remaining(maker) === 0) book.unqueue(maker);
    this.tickers[bookIndex]!.record(time, price, size);
    this.#tradedRow[bookIndex] = current.count;
    return null;
  }
}
