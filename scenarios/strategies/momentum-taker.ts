/**
 * A momentum taker: every timer tick it compares the last trade price with the one `lookback`
 * ticks ago. A rise of at least `threshold_ticks` buys `size` at market, a fall sells, up to
 * `max_position` either way; when the move fades (less than half the threshold) it closes out.
 *
 * Params: symbol (default: the first listed), size (default 0.1), lookback (default 5),
 * threshold_ticks (default 10), max_position (default 3 x size).
 */
import type { Strategy, StrategyContext, StrategyParams } from 'simex/backtest';

export default class MomentumTaker implements Strategy {
  readonly #symbol: string | null;
  readonly #size: string;
  readonly #lookback: number;
  readonly #threshold: number;
  readonly #maxPosition: string | null;
  readonly #prices: number[] = [];

  constructor(params: StrategyParams) {
    this.#symbol = params.values['symbol'] ?? null;
    this.#size = params.string('size', '0.1');
    this.#lookback = params.number('lookback', 5);
    this.#threshold = params.number('threshold_ticks', 10);
    this.#maxPosition = params.values['max_position'] ?? null;
  }

  onTimer(ctx: StrategyContext): void {
    const symbol = this.#symbol ?? ctx.symbols()[0]!;
    const last = ctx.trades(symbol, 1)[0];
    if (last === undefined) return;
    this.#prices.push(ctx.toTicks(symbol, last.price));
    if (this.#prices.length <= this.#lookback) return;
    const move = this.#prices[this.#prices.length - 1]! - this.#prices.shift()!;
    if (ctx.inFlight() > 0) return;
    const sizeLots = ctx.toLots(symbol, this.#size);
    const maxLots = ctx.toLots(symbol, this.#maxPosition ?? ctx.fromLots(symbol, 3 * sizeLots));
    const position = ctx.toLots(symbol, ctx.position(symbol).size);
    const market = (side: 'buy' | 'sell', lots: number) =>
      ctx.place({ symbol, side, type: 'market', size: ctx.fromLots(symbol, lots) });
    if (move >= this.#threshold && position + sizeLots <= maxLots) market('buy', sizeLots);
    else if (move <= -this.#threshold && sizeLots - position <= maxLots) market('sell', sizeLots);
    else if (Math.abs(move) * 2 < this.#threshold && position !== 0)
      market(position > 0 ? 'sell' : 'buy', Math.abs(position));
  }
}
