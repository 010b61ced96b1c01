import { describe, expect, it } from 'vitest';
import type { Strategy, StrategyFill } from '../../adapters/runs/backtest/strategy.js';
import { SMALL_FLOW, backtestInMemory, orderPathLatency, testConfig } from './helpers.js';

/** Market-buys 0.8 at the start (two fills, at 100.00 and 101.00); records its fills. */
function buyer(fills: StrategyFill[]): Strategy {
  return {
    onStart: (ctx) =>
      void ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.8' }),
    onFill: (fill) => void fills.push(fill),
  };
}

const FIRST_FILL = {
  orderId: 's1',
  tradeId: 't_1',
  symbol: 'BTC-USD',
  side: 'buy',
  liquidity: 'taker',
  price: '100.00',
  size: '0.500',
  fee: '0.05',
  timestamp: Date.parse('2026-01-05T09:30:00.000Z'),
};
const SECOND_FILL = {
  ...FIRST_FILL,
  tradeId: 't_2',
  price: '101.00',
  size: '0.300',
  fee: '0.0303',
};

describe("a strategy's fill (docs/backtest.md, hooks)", () => {
  it('serialises with JSON.stringify to the plain fill, every field in order', async () => {
    // Without latency the fill is built from the core's event; under response latency from the
    // venue's trade record: the same fill either way.
    const response = { kind: 'constant', ms: 5 } as const;
    for (const latency of [orderPathLatency(0), orderPathLatency(0, { response })]) {
      const fills: StrategyFill[] = [];
      await backtestInMemory(SMALL_FLOW, buyer(fills), testConfig({ latency, takerFee: '0.001' }));
      expect(fills.map((fill) => JSON.stringify(fill))).toEqual([
        JSON.stringify(FIRST_FILL),
        JSON.stringify(SECOND_FILL),
      ]);
    }
  });

  it('reads its strings through the fill: a spread copies only the other fields', async () => {
    const fills: StrategyFill[] = [];
    await backtestInMemory(SMALL_FLOW, buyer(fills), testConfig({ takerFee: '0.001' }));
    const fill = fills[0]!;
    expect([fill.tradeId, fill.price, fill.size, fill.fee]).toEqual([
      't_1',
      '100.00',
      '0.500',
      '0.05',
    ]);
    const { orderId, symbol, side, liquidity, timestamp } = FIRST_FILL;
    expect({ ...fill }).toEqual({ orderId, symbol, side, liquidity, timestamp });
    expect(JSON.parse(JSON.stringify(fill))).toEqual(FIRST_FILL);
  });
});
