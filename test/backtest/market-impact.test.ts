/**
 * `marketImpact: 'none'` on a scenario flow (flow-displacement.ts): a flow taker that trades with
 * the strategy's resting order also takes that size from the flow's own orders, so the flow's
 * book, and its later rows, are the ones it has without the strategy. Hand-built LOBSTER-like
 * flows: an execution of a named order, and a new gtc order that crosses the strategy's quote.
 */
import { describe, expect, it } from 'vitest';
import type {
  Strategy,
  StrategyContext,
  StrategyFill,
} from '../../adapters/runs/backtest/strategy.js';
import { parseBacktestOptions } from '../../adapters/runs/backtest/backtest-options.js';
import { backtestInMemory, testConfig } from './helpers.js';

const HEAD = `# instrument symbol=ABC-USD tick_size=0.01 lot_size=1
ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only
`;
const T = (s: number) => `2026-01-05T09:30:0${s}.000Z`;

/** One bid on start; its fills, and the book's bids (price:size, the strategy's included) at the end. */
class OneBid implements Strategy {
  readonly fills: string[] = [];
  bids: string[] = [];
  constructor(
    readonly price: string,
    readonly size: string,
  ) {}
  onStart(ctx: StrategyContext): void {
    ctx.place({
      symbol: 'ABC-USD',
      side: 'buy',
      type: 'limit',
      price: this.price,
      size: this.size,
    });
  }
  onFill(fill: StrategyFill): void {
    this.fills.push(`${fill.price} ${fill.size}`);
  }
  onEnd(ctx: StrategyContext): void {
    const book = ctx.book('ABC-USD', 10);
    this.bids = book.bids.map(([price, size]) => `${price}:${size}`);
    this.asks = book.asks.map(([price, size]) => `${price}:${size}`);
  }
  asks: string[] = [];
}

// Order x1 (10 at 10.00) rests; the strategy bids 10.01 at 09:30:00, after the rows of that ms.
// At :01 an execution of x1 (an ioc sell of 10 at 10.00) meets the strategy's better bid first.
const EXECUTION = `${HEAD}${T(0)},new,x1,lobster,ABC-USD,buy,limit,10.00,10,gtc,false
${T(0)},new,a1,lobster,ABC-USD,sell,limit,10.05,5,gtc,false
${T(1)},new,e1,taker,ABC-USD,sell,limit,10.00,10,ioc,
${T(2)},new,x2,lobster,ABC-USD,buy,limit,10.00,7,gtc,false
`;

describe("market impact 'none' on a scenario flow", () => {
  it('an execution that filled the strategy still takes the order it executed', async () => {
    const full = new OneBid('10.01', '4');
    await backtestInMemory(EXECUTION, full, testConfig());
    // Full impact: the strategy's 4 came out of x1's execution; x1 keeps 4 and stands ahead of x2.
    expect(full.fills).toEqual(['10.01 4']);
    expect(full.bids).toEqual(['10.00:11']);
    const none = new OneBid('10.01', '4');
    await backtestInMemory(EXECUTION, none, testConfig({ marketImpact: 'none' }));
    // No impact: the strategy fills 4 and x1 is executed in full, as the flow says: only x2 is left.
    expect(none.fills).toEqual(['10.01 4']);
    expect(none.bids).toEqual(['10.00:7']);
  });

  it("takes the displaced size from the flow's orders front first, never beyond the taker's limit", async () => {
    // x1 6 and x3 3 at 10.00, x4 5 at 9.99; the strategy bids 10.01 for 4; a sell ioc of 8 at 10.00.
    const flow = `${HEAD}${T(0)},new,x1,lobster,ABC-USD,buy,limit,10.00,6,gtc,false
${T(0)},new,x3,lobster,ABC-USD,buy,limit,10.00,3,gtc,false
${T(0)},new,x4,lobster,ABC-USD,buy,limit,9.99,5,gtc,false
${T(1)},new,e1,taker,ABC-USD,sell,limit,10.00,8,ioc,
${T(2)},cancel,x3,lobster,ABC-USD,,,,,,
`;
    const none = new OneBid('10.01', '4');
    const engine = await backtestInMemory(flow, none, testConfig({ marketImpact: 'none' }));
    // Without the strategy the ioc takes x1's 6 and 2 of x3: x3 keeps 1 (cancelled at :02), x4 untouched.
    expect(none.fills).toEqual(['10.01 4']);
    expect(none.bids).toEqual(['9.99:5']);
    expect([...engine.flowRefusals]).toEqual([]);
  });

  it("a new gtc order that crossed the strategy rests at its full size; the strategy's crossing rest is cancelled", async () => {
    // The strategy bids 10.03 for 4; a new sell of 10 at 10.02 fills it, then rests 10 (not 6).
    const flow = `${HEAD}${T(0)},new,b1,lobster,ABC-USD,buy,limit,10.00,5,gtc,false
${T(0)},new,a1,lobster,ABC-USD,sell,limit,10.05,5,gtc,false
${T(1)},new,a2,lobster,ABC-USD,sell,limit,10.02,10,gtc,false
`;
    const full = new OneBid('10.03', '4');
    await backtestInMemory(flow, full, testConfig());
    expect(full.asks).toEqual(['10.02:6', '10.05:5']);
    const none = new OneBid('10.03', '4');
    await backtestInMemory(flow, none, testConfig({ marketImpact: 'none' }));
    expect(none.fills).toEqual(['10.03 4']);
    expect(none.asks).toEqual(['10.02:10', '10.05:5']);
    // A gtc order smaller than the strategy's crossing bid: it fills 3 of the bid, the bid's rest
    // is cancelled (the flow's book is never crossed by the strategy's) and the order rests at 3.
    const small = `${HEAD}${T(0)},new,b1,lobster,ABC-USD,buy,limit,10.00,5,gtc,false
${T(1)},new,a2,lobster,ABC-USD,sell,limit,10.02,3,gtc,false
`;
    const crossed = new OneBid('10.03', '4');
    await backtestInMemory(small, crossed, testConfig({ marketImpact: 'none' }));
    expect(crossed.fills).toEqual(['10.03 3']);
    expect(crossed.asks).toEqual(['10.02:3']);
    expect(crossed.bids).toEqual(['10.00:5']);
  });

  it('--market-impact takes full (the default) or none', () => {
    const parse = (marketImpact?: string) => {
      const parsed = parseBacktestOptions({ strategy: 's.ts', data: 'f.csv', marketImpact });
      return typeof parsed === 'string' ? parsed : parsed.config.marketImpact;
    };
    expect([parse(), parse('full'), parse('none')]).toEqual(['full', 'full', 'none']);
    expect(parse('some')).toBe('--market-impact must be full or none; got "some"');
  });
});
