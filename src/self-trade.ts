/**
 * Self-trade prevention (invariant 10). The taker's mode decides, when it meets a resting order of
 * its own account: `cancel_taker` ends the taker's remainder, `cancel_maker` ends the resting order
 * and matching goes on, `cancel_both` ends both; `none` lets them trade. The match loop pays one
 * integer compare per maker for it when the taker's mode is `none`.
 */
import { STP_CANCEL_MAKER, STP_NONE } from './numeric.js';
import type { OrderBook } from './order-book.js';
import { NO_SLOT, type OrderStore } from './order-store.js';
import type { Slot } from './quantities.js';

/**
 * Whether a fok taker with self-trade prevention would fill all of its size: the liquidity within
 * its limit that matching would reach, skipping its own resting orders under `cancel_maker` and
 * stopping at the first one otherwise. Like canFill, it changes nothing (order-book.ts, 4).
 */
export function canFillPreventingSelfTrade(
  book: OrderBook,
  store: OrderStore,
  taker: Slot,
): boolean {
  const stp = store.stpCode(taker);
  const account = store.accountColumn[taker]!;
  const wanted = store.remainingColumn[taker]!;
  const sell = store.isSell(taker);
  const limitKey = store.isMarket(taker)
    ? -Infinity
    : sell
      ? store.priceColumn[taker]!
      : -(store.priceColumn[taker]! as number);
  let available = 0;
  let stopped = false;
  const opposite = sell ? book.bids : book.asks;
  opposite.forEachFromBest(Infinity, (level) => {
    if (opposite.key(level) < limitKey) return false;
    for (let maker = opposite.head(level); maker !== NO_SLOT; maker = store.nextColumn[maker]!) {
      if (stp !== STP_NONE && store.accountColumn[maker] === account) {
        if (stp !== STP_CANCEL_MAKER) stopped = true;
      } else {
        available += store.remainingColumn[maker]!;
      }
      if (stopped || available >= wanted) return false;
    }
    return true;
  });
  return available >= wanted;
}
