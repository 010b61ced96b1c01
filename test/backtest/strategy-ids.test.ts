/**
 * The strategy's ids: each maps to its venue order while the venue may still know it, so that a
 * long backtest holds a bounded map, and an action on an old id is refused as the venue refuses it.
 */
import { describe, expect, it } from 'vitest';
import { FINAL_ORDER_RETENTION } from '../../adapters/flow/driver/index.js';
import type { ActionRefusal, Strategy } from '../../adapters/runs/backtest/strategy.js';
import { backtestInMemory, SMALL_FLOW, testConfig } from './helpers.js';

const PLACED = FINAL_ORDER_RETENTION + 5;

describe('strategy ids', () => {
  it('stay mapped for the venue retention of final orders, and are refused alike beyond it', async () => {
    const refusals: ActionRefusal[] = [];
    let ticks = 0;
    const strategy: Strategy = {
      onStart: (ctx) => {
        for (let i = 0; i < PLACED; i++)
          ctx.place({
            symbol: 'BTC-USD',
            side: 'buy',
            type: 'limit',
            price: '1.00',
            size: '0.001',
          });
      },
      onTimer: (ctx) => {
        ticks++;
        if (ticks === 1) for (let i = 1; i <= PLACED; i++) ctx.cancel(`s${i}`);
        if (ticks === 2) for (const id of ['s1', 's5', 's6', `s${PLACED}`, 'nope']) ctx.cancel(id);
      },
      onRefused: (refusal) => void refusals.push(refusal),
    };
    const engine = await backtestInMemory(SMALL_FLOW, strategy, testConfig({ intervalMs: 60_000 }));
    expect(engine.orders.mappedIds).toBe(FINAL_ORDER_RETENTION);
    expect(refusals.map(({ orderId, code, message }) => `${orderId} ${code}: ${message}`)).toEqual([
      's1 order_not_found: no order s1 for this account',
      's5 order_not_found: no order s5 for this account',
      's6 order_not_open: order s6 is cancelled',
      `s${PLACED} order_not_open: order s${PLACED} is cancelled`,
      'nope order_not_found: no order nope for this account',
    ]);
  });

  it('reach the venue with every field as sent: an unknown one, or a market price, is refused', async () => {
    const refusals: string[] = [];
    const strategy: Strategy = {
      onStart: (ctx) => {
        const sent = [
          { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.001', colour: 'red' },
          { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.001', price: '100.00' },
          { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '1.00', size: '0.001' },
        ];
        for (const order of sent) ctx.place(order as Parameters<typeof ctx.place>[0]);
      },
      onRefused: ({ orderId, code, message }) =>
        void refusals.push(`${orderId} ${code}: ${message}`),
    };
    const engine = await backtestInMemory(SMALL_FLOW, strategy);
    expect(refusals).toEqual([
      's1 invalid_parameter: unknown field colour',
      expect.stringMatching(/^s2 invalid_parameter: .*price/),
    ]);
    expect(engine.orders.open.size).toBe(1);
  });

  it('refused places answer in the string API’s words, on the venue’s grid and off it', async () => {
    const refusals: string[] = [];
    const strategy: Strategy = {
      onStart: (ctx) => {
        const sent = [
          { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '100.001', size: '0.001' },
          { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '100.00', size: '0.0001' },
          { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '100.00', size: '0' },
          { symbol: 'BTC-USD', side: 'up', type: 'limit', price: '100.00', size: '0.001' },
          { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '-1', size: '0.001' },
          { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.001' },
          { symbol: 'BTC-USD', side: 'sell', type: 'limit', price: '1.00', size: '1', stp: 'x' },
          {
            symbol: 'BTC-USD',
            side: 'buy',
            type: 'limit',
            price: '1.00',
            size: '1',
            timeInForce: 'gtd',
          },
          { symbol: 'XYZ-USD', side: 'buy', type: 'limit', price: '1.00', size: '1' },
          { symbol: 'nope', side: 'buy', type: 'limit', price: '1.00', size: '1' },
          { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '1.00', size: '5000000000000' },
          { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '1.00', size: '5000000000000' },
        ];
        for (const order of sent) ctx.place(order as Parameters<typeof ctx.place>[0]);
      },
      onRefused: ({ orderId, code, message }) =>
        void refusals.push(`${orderId} ${code}: ${message}`),
    };
    const engine = await backtestInMemory(SMALL_FLOW, strategy);
    expect(refusals).toEqual([
      's1 invalid_parameter: price must be a multiple of the tick size 0.01',
      's2 invalid_parameter: size must be a multiple of the lot size 0.001',
      's3 invalid_parameter: size must be positive',
      's4 invalid_parameter: side must be "buy" or "sell"',
      's5 invalid_parameter: price must be a decimal string like "1.5" (no sign, exponent or spaces)',
      's7 invalid_parameter: stp must be "none", "cancel_taker", "cancel_maker" or "cancel_both"',
      's8 invalid_parameter: expire_at is required for gtd orders',
      's9 unknown_symbol: symbol XYZ-USD is not listed',
      's10 invalid_parameter: symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9',
      's12 invalid_parameter: the price level would hold more than can be counted exactly',
    ]);
    expect(engine.orders.open.records(-1).map((order) => order.clientOrderId)).toEqual(['s11']);
  });
});
