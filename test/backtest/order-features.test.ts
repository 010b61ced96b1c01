import { describe, expect, it } from 'vitest';
import type { Strategy, StrategyFill } from '../../adapters/runs/backtest/strategy.js';
import { SMALL_FLOW, backtestInMemory } from './helpers.js';

const brief = (fills: StrategyFill[]) =>
  fills.map((f) => `${f.orderId} ${f.liquidity} ${f.size}@${f.price}`);

/** Runs a strategy whose onStart does `start`, recording its fills. */
async function run(start: NonNullable<Strategy['onStart']>) {
  const fills: StrategyFill[] = [];
  const strategy: Strategy = { onStart: start, onFill: (fill) => void fills.push(fill) };
  const engine = await backtestInMemory(SMALL_FLOW, strategy);
  const orders = engine.venue.listOrders('strategy');
  if (!orders.ok) throw new Error(orders.error.message);
  return { fills, orders: orders.value.reverse() };
}

describe('order features in backtests', () => {
  it("a stop is triggered by the strategy's own trade", async () => {
    const { fills } = await run((ctx) => {
      ctx.place({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'market',
        size: '0.200',
        stopPrice: '100.00',
      });
      ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.300' });
    });
    expect(brief(fills)).toEqual(['s2 taker 0.300@100.00', 's1 taker 0.200@100.00']);
  });

  it('an amend to a crossing price trades like a new order', async () => {
    const { fills } = await run((ctx) => {
      const id = ctx.place({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: '99.00',
        size: '0.300',
      });
      ctx.amend(id, { price: '100.00' });
    });
    expect(brief(fills)).toEqual(['s1 taker 0.300@100.00']);
  });

  it("self-trade prevention cancels the strategy's own resting order", async () => {
    const { fills, orders } = await run((ctx) => {
      ctx.place({ symbol: 'BTC-USD', side: 'sell', type: 'limit', price: '100.00', size: '0.100' });
      ctx.place({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'market',
        size: '0.700',
        stp: 'cancel_maker',
      });
    });
    expect(brief(fills)).toEqual(['s2 taker 0.500@100.00', 's2 taker 0.200@101.00']);
    expect(orders[0]).toMatchObject({ status: 'expired', reason: 'self_trade_prevented' });
  });

  it('a gtd order expires at its time', async () => {
    const { orders } = await run((ctx) => {
      ctx.place({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: '90.00',
        size: '1.000',
        timeInForce: 'gtd',
        expireAt: ctx.now() + 60_000,
      });
    });
    expect(orders[0]).toMatchObject({ status: 'expired', reason: 'expire_at_reached' });
  });
});

describe('a market buy by quote amount (quoteSize) in backtests', () => {
  it('buys the whole lots the amount buys at the book prices, exactly', async () => {
    // 0.500 at 100.00 costs 50.00; the 20.70 left buys 0.204 at 101.00 (20.604), not 0.205.
    const { fills, orders } = await run((ctx) => {
      ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'market', quoteSize: '70.70' });
    });
    expect(brief(fills)).toEqual(['s1 taker 0.500@100.00', 's1 taker 0.204@101.00']);
    expect(orders[0]).toMatchObject({ size: '0.704', status: 'filled' });
  });

  it('is refused on a sell and below the minimum size', async () => {
    const refusals: string[] = [];
    const strategy: Strategy = {
      onStart: (ctx) => {
        ctx.place({ symbol: 'BTC-USD', side: 'sell', type: 'market', quoteSize: '10.00' } as never);
        ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'market', quoteSize: '0.09' });
      },
      onRefused: (refusal) => void refusals.push(`${refusal.orderId} ${refusal.message}`),
    };
    await backtestInMemory(SMALL_FLOW, strategy);
    expect(refusals).toEqual([
      's1 quote_size is for market buys only',
      's2 quote_size buys less than the minimum size from the book',
    ]);
  });
});
