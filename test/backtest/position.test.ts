/**
 * `ctx.position`: exact figures as of the call, in a frozen plain object that stays as it was after
 * later fills; marked to the last trade even while the strategy has no open order.
 */
import { describe, expect, it } from 'vitest';
import type { Position, Strategy, StrategyOrder } from '../../adapters/runs/backtest/strategy.js';
import { backtestInMemory, SMALL_FLOW, testConfig } from './helpers.js';

describe('ctx.position', () => {
  it('gives the figures as of the call, whenever they are read', async () => {
    const positions: Position[] = [];
    let ticks = 0;
    const buy = (size: string): StrategyOrder => ({
      symbol: 'BTC-USD',
      side: 'buy',
      type: 'market',
      size,
    });
    const strategy: Strategy = {
      onTimer: (ctx) => {
        ticks++;
        if (ticks === 1) ctx.place(buy('0.100'));
        if (ticks === 2) ctx.place(buy('0.500'));
      },
      onFill: (_fill, ctx) => void positions.push(ctx.position('BTC-USD')),
    };
    await backtestInMemory(SMALL_FLOW, strategy, testConfig({ intervalMs: 1, takerFee: '0.001' }));
    // 0.100 at 100.00, then 0.400 at 100.00 and 0.100 at 101.00 (two fills, booked before the hook).
    const first = {
      symbol: 'BTC-USD',
      size: '0.100',
      averageEntry: '100.000000',
      realizedPnl: '0.00',
      unrealizedPnl: '0.00',
      fees: '0.01',
      netPnl: '-0.01',
    };
    const after = {
      symbol: 'BTC-USD',
      size: '0.600',
      averageEntry: '100.166667', // 60.10 / 0.6, half away from zero
      realizedPnl: '0.00',
      unrealizedPnl: '0.50', // marked at 101.00
      fees: '0.0601',
      netPnl: '0.4399',
    };
    expect(JSON.parse(JSON.stringify(positions))).toEqual([first, after, after]);
    expect(Object.keys(positions[0]!)).toEqual(Object.keys(first));
    expect(Object.isFrozen(positions[0])).toBe(true);
  });

  it('marks a position held with no open order to the flow trades that follow its fill', async () => {
    const positions: Position[] = [];
    const strategy: Strategy = {
      onStart: (ctx) =>
        void ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.100' }),
      onEnd: (ctx) => void positions.push(ctx.position('BTC-USD')),
    };
    const engine = await backtestInMemory(SMALL_FLOW, strategy, testConfig());
    // Bought 0.100 at 100.00 with nothing left open; the flow's taker then traded up to 101.00.
    expect(engine.orders.open.size).toBe(0);
    expect(positions[0]!.unrealizedPnl).toBe('0.10');
    expect(engine.ledgers[0]!.mark).toBe('101.00');
    expect(engine.sampler.marks[0]).toEqual(['100.00', '101.00', '101.00']);
  });
});
