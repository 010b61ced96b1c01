/**
 * A market maker: every timer tick (and after each fill) it quotes one bid and one ask around the
 * market's mid (its own quotes left out), `spread_ticks` away, skewed against its inventory but
 * never through the others' best price on the other side, and stops quoting the side that would
 * take it past `max_position`.
 *
 * Params: symbol (default: the first listed), size (default 0.1), spread_ticks (default 2),
 * max_position (default 10 x size), skew_ticks (ticks per size of inventory, default 1).
 */
import type {
  Strategy,
  StrategyContext,
  StrategyParams,
  TickBook,
  TickOrder,
} from 'simex/backtest';

export default class MarketMaker implements Strategy {
  /** The symbol given, else the first listed once a hook has read it (the list is fixed). */
  #symbol: string | null;
  readonly #size: string;
  readonly #spreadTicks: number;
  readonly #skewTicks: number;
  readonly #maxPosition: string | null;
  /** The size and the max position in lots, once the symbol is known (the first quote). */
  #sizeLots = 0;
  #maxLots = 0;
  #quotedBid: number | null = null;
  #quotedAsk: number | null = null;

  constructor(params: StrategyParams) {
    this.#symbol = params.values['symbol'] ?? null;
    this.#size = params.string('size', '0.1');
    this.#spreadTicks = params.number('spread_ticks', 2);
    this.#skewTicks = params.number('skew_ticks', 1);
    this.#maxPosition = params.values['max_position'] ?? null;
  }

  onTimer(ctx: StrategyContext): void {
    this.#requote(ctx);
  }

  onFill(_fill: unknown, ctx: StrategyContext): void {
    this.#requote(ctx);
  }

  #requote(ctx: StrategyContext): void {
    if (ctx.inFlight() > 0) return;
    const symbol = (this.#symbol ??= ctx.symbols()[0]!);
    // In ticks and lots throughout: no decimal string per quote.
    const own = ctx.openOrderTicks(symbol);
    // Its own orders sit at one price a side: the others' best is on the first two levels.
    const book = ctx.bookTicks(symbol, 2);
    const bestBid = marketBest(book.bids, 'buy', own);
    const bestAsk = marketBest(book.asks, 'sell', own);
    if (bestBid === null || bestAsk === null) return;
    if (this.#sizeLots === 0) {
      this.#sizeLots = ctx.toLots(symbol, this.#size);
      this.#maxLots =
        this.#maxPosition === null ? 10 * this.#sizeLots : ctx.toLots(symbol, this.#maxPosition);
    }
    const sizeLots = this.#sizeLots;
    const positionLots = ctx.positionLots(symbol);
    const skew = Math.round((positionLots / sizeLots) * this.#skewTicks);
    const midTwice = bestBid + bestAsk;
    // Never through the touch: the skew may move a quote past the others' best on the other side.
    const bid =
      positionLots + sizeLots > this.#maxLots
        ? null
        : Math.min(Math.floor(midTwice / 2) - this.#spreadTicks - skew, bestAsk - 1);
    const ask =
      positionLots - sizeLots < -this.#maxLots
        ? null
        : Math.max(Math.ceil(midTwice / 2) + this.#spreadTicks - skew, bestBid + 1);
    const quotes = (bid === null ? 0 : 1) + (ask === null ? 0 : 1);
    if (bid === this.#quotedBid && ask === this.#quotedAsk && own.length === quotes) return;
    for (const order of own) ctx.cancel(order.orderId);
    if (bid !== null && bid > 0)
      ctx.place({ symbol, side: 'buy', type: 'limit', priceTicks: bid, sizeLots, postOnly: true });
    if (ask !== null && ask > 0)
      ctx.place({ symbol, side: 'sell', type: 'limit', priceTicks: ask, sizeLots, postOnly: true });
    this.#quotedBid = bid;
    this.#quotedAsk = ask;
  }
}

/** The best price of the others' orders on one side's levels, in ticks; null when there are none. */
function marketBest(
  levels: TickBook['bids'],
  side: 'buy' | 'sell',
  own: readonly TickOrder[],
): number | null {
  // Indexed loops: no iterator per level read on every requote.
  for (let level = 0; level < levels.length; level++) {
    const [ticks, lots] = levels[level]!;
    let mineHere = 0;
    for (let i = 0; i < own.length; i++) {
      const order = own[i]!;
      if (order.side === side && order.priceTicks === ticks) mineHere += order.remainingLots;
    }
    if (lots > mineHere) return ticks;
  }
  return null;
}
