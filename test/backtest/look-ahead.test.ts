import { describe, expect, it } from 'vitest';
import type { Strategy, StrategyContext } from '../../adapters/runs/backtest/strategy.js';
import { SMALL_FLOW, backtestInMemory, testConfig } from './helpers.js';

describe('no look-ahead', () => {
  it('each hook sees the venue only as of its own event', async () => {
    const seen: string[] = [];
    const look = (label: string, ctx: StrategyContext) => {
      const book = ctx.book('BTC-USD', 5);
      const last = ctx.trades('BTC-USD', 1)[0];
      seen.push(
        `${label} ${new Date(ctx.now()).toISOString().slice(11, 19)} asks=${book.asks.map(([p, s]) => `${s}@${p}`).join(' ')} last=${last === undefined ? '-' : `${last.price}@${new Date(last.timestamp).toISOString().slice(11, 19)}`}`,
      );
      if (last !== undefined) expect(last.timestamp).toBeLessThanOrEqual(ctx.now());
    };
    const strategy: Strategy = {
      onStart: (ctx) => look('start', ctx),
      onTimer: (ctx) => look('timer', ctx),
      onTrade: (_trade, ctx) => look('trade', ctx),
    };
    await backtestInMemory(SMALL_FLOW, strategy, testConfig({ intervalMs: 30_000 }));
    expect(seen).toEqual([
      'start 09:30:00 asks= last=-',
      'timer 09:30:30 asks=0.500@100.00 0.500@101.00 last=-',
      'trade 09:31:00 asks=0.400@101.00 last=101.00@09:31:00',
      'trade 09:31:00 asks=0.400@101.00 last=101.00@09:31:00',
      'timer 09:31:00 asks=0.400@101.00 last=101.00@09:31:00',
      'timer 09:31:30 asks=0.400@101.00 last=101.00@09:31:00',
      'timer 09:32:00 asks=0.400@101.00 last=101.00@09:31:00',
    ]);
  });

  it('the context offers the present only: no rows, no engine, no clock to move', async () => {
    let keys: string[] = [];
    let frozen = false;
    await backtestInMemory(SMALL_FLOW, {
      onStart(ctx) {
        keys = Object.keys(ctx).sort();
        frozen = Object.isFrozen(ctx);
      },
    });
    expect(frozen).toBe(true);
    expect(keys).toEqual([
      'account',
      'amend',
      'book',
      'bookTicks',
      'cancel',
      'fromLots',
      'fromTicks',
      'inFlight',
      'instrument',
      'now',
      'openOrderTicks',
      'openOrders',
      'params',
      'place',
      'position',
      'positionLots',
      'reduce',
      'symbols',
      'ticker',
      'toLots',
      'toTicks',
      'trades',
    ]);
  });

  it('an order placed now cannot trade against flow that already happened', async () => {
    // At the 09:31 trade the strategy offers at 101.00; the taker is gone, so it never fills.
    const fills: unknown[] = [];
    await backtestInMemory(SMALL_FLOW, {
      onTrade(trade, ctx) {
        if (trade.takerAccount === 'taker')
          ctx.place({
            symbol: 'BTC-USD',
            side: 'sell',
            type: 'limit',
            price: '101.00',
            size: '0.100',
          });
      },
      onFill: (fill) => void fills.push(fill),
    });
    expect(fills).toEqual([]);
  });
});
