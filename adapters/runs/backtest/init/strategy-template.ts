/**
 * The starting strategy `simex init strategy FILE` writes: a commented, working example that
 * trades on a generated flow. `.ts` files get type annotations; `.js` files get JSDoc.
 */
const TYPESCRIPT_HEADER = `import type { Strategy, StrategyContext, StrategyFill, StrategyParams } from 'simex/backtest';

export default class MyStrategy implements Strategy {
  readonly symbol: string | null;
  readonly size: string;
  readonly spreadTicks: number;

  constructor(params: StrategyParams) {`;

const JAVASCRIPT_HEADER = `/** @typedef {import('simex/backtest').StrategyContext} StrategyContext */

/** @implements {import('simex/backtest').Strategy} */
export default class MyStrategy {
  /** @param {import('simex/backtest').StrategyParams} params */
  constructor(params) {`;

const BODY = `
    // --param symbol=..., --param size=..., --param spread_ticks=... on the command line.
    this.symbol = params.values['symbol'] ?? null;
    this.size = params.string('size', '0.01');
    this.spreadTicks = params.number('spread_ticks', 3);
  }

  // Runs every --interval (for example --interval 1s): the strategy's clock.
  onTimer(ctx$CTX) {
    // Actions reach the venue after --latency; wait until the last ones have arrived.
    if (ctx.inFlight() > 0) return;
    const symbol = this.symbol ?? ctx.symbols()[0]$BANG;
    const book = ctx.book(symbol, 1);
    const bid = book.bids[0];
    const ask = book.asks[0];
    if (bid === undefined || ask === undefined) return;
    // Prices and sizes are decimal strings; whole ticks and lots make exact arithmetic easy.
    const mid = Math.floor((ctx.toTicks(symbol, bid[0]) + ctx.toTicks(symbol, ask[0])) / 2);
    for (const order of ctx.openOrders(symbol)) ctx.cancel(order.clientOrderId$BANG);
    // Lean against the position: quote only the side that brings it back towards flat.
    const position = ctx.toLots(symbol, ctx.position(symbol).size);
    const limit = 5 * ctx.toLots(symbol, this.size);
    if (position < limit) this.quote(ctx, symbol, 'buy', mid - this.spreadTicks);
    if (position > -limit) this.quote(ctx, symbol, 'sell', mid + this.spreadTicks);
  }

  // Every fill of the strategy's own orders, with its exact fee.
  onFill(fill$FILL, ctx$CTX) {
    void fill;
    void ctx;
  }

  // Once, after the last event: read the final state (no more actions can be sent).
  onEnd(ctx$CTX) {
    const symbol = this.symbol ?? ctx.symbols()[0]$BANG;
    void ctx.position(symbol);
  }

  $PRIVATEquote(ctx$CTX, symbol$STRING, side$SIDE, ticks$NUMBER) {
    if (ticks <= 0) return;
    const price = ctx.fromTicks(symbol, ticks);
    ctx.place({ symbol, side, type: 'limit', price, size: this.size, postOnly: true });
  }
}
`;

const TYPESCRIPT_TYPES: Record<string, string> = {
  $CTX: ': StrategyContext',
  $FILL: ': StrategyFill',
  $STRING: ': string',
  $SIDE: ": 'buy' | 'sell'",
  $NUMBER: ': number',
  $BANG: '!',
  $PRIVATE: 'private ',
};

const JAVASCRIPT_TYPES: Record<string, string> = {
  $CTX: '',
  $FILL: '',
  $STRING: '',
  $SIDE: '',
  $NUMBER: '',
  $BANG: '',
  $PRIVATE: '',
};

export function strategyTemplate(language: 'ts' | 'js'): string {
  const types = language === 'ts' ? TYPESCRIPT_TYPES : JAVASCRIPT_TYPES;
  const header = language === 'ts' ? TYPESCRIPT_HEADER : JAVASCRIPT_HEADER;
  return header + BODY.replace(/\$[A-Z_]+/g, (name) => types[name] ?? name);
}
