/**
 * A market maker: every timer tick (and after each fill) it quotes one bid and one ask around the
 * market's mid (its own quotes left out), `spread_ticks` away, skewed against its inventory, and
 * stops quoting the side that would take it past `max_position`.
 *
 * Params: symbol (default: the first listed), size (default 0.1), spread_ticks (default 2),
 * max_position (default 10 x size), skew_ticks (ticks per size of inventory, default 1).
 */
import type {
  OrderRecord,
  Strategy,
  StrategyContext,
  StrategyParams,
  TickBook,
} from 'simex/backtest';

export default class MarketMaker implements Strategy {
  readonly #symbol: string | null;
  readonly #size: string;
  readonly #spreadTicks: number;
  readonly #skewTicks: number;
  readonly #maxPosition: string | null;
  #quoted: { bid: number | null; ask: number | null } = { bid: null, ask: null };

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
    const symbol = this.#symbol ?? ctx.symbols()[0]!;
    const own = ctx.openOrders(symbol);
    const book = ctx.bookTicks(symbol, 10);
    const bestBid = marketBest(ctx, symbol, book.bids, 'buy', own);
    const bestAsk = marketBest(ctx, symbol, book.asks, 'sell', own);
    if (bestBid === null || bestAsk === null) return;
    const sizeLots = ctx.toLots(symbol, this.#size);
    const maxLots = ctx.toLots(symbol, this.#maxPosition ?? ctx.fromLots(symbol, 10 * sizeLots));
    const positionLots = ctx.toLots(symbol, ctx.position(symbol).size);
    const skew = Math.round((positionLots / sizeLots) * this.#skewTicks);
    const midTwice = bestBid + bestAsk;
    const bid =
      positionLots + sizeLots > maxLots
        ? null
        : Math.floor(midTwice / 2) - this.#spreadTicks - skew;
    const ask =
      positionLots - sizeLots < -maxLots
        ? null
        : Math.ceil(midTwice / 2) + this.#spreadTicks - skew;
    if (bid === this.#quoted.bid && ask === this.#quoted.ask && own.length === count(bid, ask))
      return;
    for (const order of own) ctx.cancel(order.clientOrderId!);
    const quote = (side: 'buy' | 'sell', ticks: number | null) => {
      if (ticks === null || ticks <= 0) return;
      const price = ctx.fromTicks(symbol, ticks);
      ctx.place({ symbol, side, type: 'limit', price, size: this.#size, postOnly: true });
    };
    quote('buy', bid);
    quote('sell', ask);
    this.#quoted = { bid, ask };
  }
}

/** The best price of the others' orders on one side's levels, in ticks; null when there are none. */
function marketBest(
  ctx: StrategyContext,
  symbol: string,
  levels: TickBook['bids'],
  side: 'buy' | 'sell',
  own: readonly OrderRecord[],
): number | null {
  // Own orders of this side as [ticks, lots], converted once rather than at every level.
  const mine = own
    .filter((order) => order.side === side && order.price !== null)
    .map((order) => [ctx.toTicks(symbol, order.price!), ctx.toLots(symbol, order.remainingSize)]);
  for (const [ticks, lots] of levels) {
    let mineHere = 0;
    for (const [price, size] of mine) if (price === ticks) mineHere += size!;
    if (lots > mineHere) return ticks;
  }
  return null;
}

function count(...prices: (number | null)[]): number {
  return prices.filter((price) => price !== null).length;
}
