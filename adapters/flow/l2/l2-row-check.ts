/**
 * The rules every L2 flow row follows, in either form (docs/l2.md, "Format"): the cells of one
 * row checked and turned into an L2Row, and the order of local times across rows.
 */
import { SYMBOL_PATTERN } from '../../../src/index.js';
import { canonicalDecimal } from './l2-decimal.js';
import { L2_KINDS, type L2Kind, type L2Row } from './l2-row.js';

/** The column a problem is in (an index into L2_COLUMNS) and why. */
export interface CellProblem {
  readonly column: number;
  readonly reason: string;
}

const TIME = /^\d{1,15}$/;

/** Milliseconds from a cell of digits; null when not a whole, safe, non-negative number. */
export function parseMs(text: string): number | null {
  return TIME.test(text) ? Number(text) : null;
}

export class L2RowChecker {
  #lastLocalTs = 0;

  /**
   * The row of these cells, or the first problem. `exchangeTs` and `localTs` are null when their
   * cell is not a time.
   */
  check(
    exchangeTs: number | null,
    localTs: number | null,
    symbol: string,
    kind: string,
    side: string,
    price: string,
    size: string,
  ): L2Row | CellProblem {
    if (exchangeTs === null)
      return { column: 0, reason: 'exchange_ts must be whole ms since the epoch' };
    if (localTs === null) return { column: 1, reason: 'local_ts must be whole ms since the epoch' };
    if (localTs < this.#lastLocalTs)
      return {
        column: 1,
        reason: `time going backwards: local_ts ${localTs} after ${this.#lastLocalTs}`,
      };
    if (!SYMBOL_PATTERN.test(symbol))
      return { column: 2, reason: `symbol must look like BASE-QUOTE, got "${symbol}"` };
    if (!(L2_KINDS as readonly string[]).includes(kind))
      return { column: 3, reason: `kind must be snapshot, update or trade, got "${kind}"` };
    if (side !== 'buy' && side !== 'sell')
      return { column: 4, reason: `side must be buy or sell, got "${side}"` };
    const exactPrice = canonicalDecimal(price);
    if (exactPrice === null || exactPrice === '0')
      return { column: 5, reason: `price must be a positive decimal, got "${price}"` };
    const exactSize = canonicalDecimal(size);
    if (exactSize === null || (kind === 'trade' && exactSize === '0'))
      return {
        column: 6,
        reason: `size must be a ${kind === 'trade' ? 'positive' : 'non-negative'} decimal, got "${size}"`,
      };
    this.#lastLocalTs = localTs;
    return {
      exchangeTs,
      localTs,
      symbol,
      kind: kind as L2Kind,
      side: side,
      price: exactPrice,
      size: exactSize,
    };
  }
}

export function isProblem(result: L2Row | CellProblem): result is CellProblem {
  return 'reason' in result;
}
