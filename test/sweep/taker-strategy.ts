/**
 * A small strategy for the sweep tests, as a .mjs module (no tsx needed): every `every` timer
 * ticks it sends a market order of `size`, alternating buy and sell. Size 0.03 throws.
 */
export const TAKER_STRATEGY = `export default class Taker {
  constructor(params) {
    this.size = params.string('size');
    this.every = params.number('every', 1);
    this.ticks = 0;
    this.side = 'buy';
  }
  onTimer(ctx) {
    if (this.size === '0.03') throw new Error('size 0.03 is refused here');
    this.ticks++;
    if (this.ticks % this.every !== 0 || ctx.inFlight() > 0) return;
    ctx.place({ symbol: ctx.symbols()[0], side: this.side, type: 'market', size: this.size });
    this.side = this.side === 'buy' ? 'sell' : 'buy';
  }
}
`;
