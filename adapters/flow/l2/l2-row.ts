/**
 * One row of an L2 flow (docs/l2.md): a price level's new total, or a trade. L2 data has no
 * orders: a level row says how much stands at a price, a trade row says what traded there.
 * Prices and sizes are decimal text, as in scenario flows; the instrument's tick and lot hold them.
 */

/** `snapshot`: a level of a book snapshot; a run of snapshot rows replaces the symbol's whole book. */
export const L2_KINDS = ['snapshot', 'update', 'trade'] as const;
export type L2Kind = (typeof L2_KINDS)[number];

/** For a level: `buy` is the bid side, `sell` the ask side. For a trade: the aggressor's side. */
export type L2Side = 'buy' | 'sell';

export interface L2Row {
  /** The exchange's time, ms since the epoch. */
  readonly exchangeTs: number;
  /** When the recorder received the row, ms since the epoch; feed latency is localTs - exchangeTs. */
  readonly localTs: number;
  /** `BASE-QUOTE`. */
  readonly symbol: string;
  readonly kind: L2Kind;
  readonly side: L2Side;
  readonly price: string;
  /** A level's new total size (`0` removes the level), or a trade's size. */
  readonly size: string;
}
