import { describe, expect, it } from 'vitest';
import type { Strategy, StrategyFill } from '../../adapters/runs/backtest/strategy.js';
import { SMALL_FLOW, backtestInMemory, testConfig } from './helpers.js';

/** Market-buys 0.8 at the start; records its fills. */
function buyer(fills: StrategyFill[]): Strategy {
  return {
    onStart: (ctx) =>
      void ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.800' }),
    onFill: (fill) => void fills.push(fill),
  };
}

const brief = (fills: StrategyFill[]) =>
  fills.map((f) => `${f.timestamp % 3_600_000} ${f.size}@${f.price}`);

describe('latency', () => {
  it('at 0 ms the order arrives after the flow rows of its own millisecond, before later ones', async () => {
    const fills: StrategyFill[] = [];
    await backtestInMemory(SMALL_FLOW, buyer(fills), testConfig({ latencyMs: 0 }));
    expect(brief(fills)).toEqual(['1800000 0.500@100.00', '1800000 0.300@101.00']);
  });

  it('arriving 1 ms before the flow taker, it still gets the cheap asks', async () => {
    const fills: StrategyFill[] = [];
    await backtestInMemory(SMALL_FLOW, buyer(fills), testConfig({ latencyMs: 59_999 }));
    expect(brief(fills)).toEqual(['1859999 0.500@100.00', '1859999 0.300@101.00']);
  });

  it('arriving in the same millisecond as the flow taker, it comes second (ties go to the flow)', async () => {
    const fills: StrategyFill[] = [];
    const engine = await backtestInMemory(
      SMALL_FLOW,
      buyer(fills),
      testConfig({ latencyMs: 60_000 }),
    );
    // The flow took 0.5 @ 100.00 and 0.1 @ 101.00; 0.4 is left, the rest of the market order expires.
    expect(brief(fills)).toEqual(['1860000 0.400@101.00']);
    expect(engine.ledgers[0]!.size(engine.ledgers[0]!.position)).toBe('0.400');
  });

  it('an action due after the last event is never sent', async () => {
    const fills: StrategyFill[] = [];
    const engine = await backtestInMemory(
      SMALL_FLOW,
      buyer(fills),
      testConfig({ latencyMs: 180_001 }),
    );
    expect(fills).toEqual([]);
    expect(engine.unsentActions).toBe(1);
  });

  it("the strategy's fills take liquidity the flow would have taken", async () => {
    const engine = await backtestInMemory(SMALL_FLOW, buyer([]), testConfig());
    // t1 (buy 0.6 ioc up to 102.00) now finds only 0.2 @ 101.00.
    const trades = engine.venue.trades('BTC-USD', 10);
    if (!trades.ok) throw new Error(trades.error.message);
    expect(trades.value.map((t) => `${t.takerAccount} ${t.size}@${t.price}`)).toEqual([
      'taker 0.200@101.00',
      'strategy 0.300@101.00',
      'strategy 0.500@100.00',
    ]);
  });
});
