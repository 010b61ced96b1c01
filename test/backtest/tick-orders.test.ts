/**
 * The strategy API in ticks and lots: an order given as priceTicks/sizeLots places the same order
 * as its decimal form, a bad field is refused in the tick form's words, and openOrderTicks and
 * positionLots read what openOrders and position read, in whole numbers.
 */
import { describe, expect, it } from 'vitest';
import type {
  Strategy,
  StrategyContext,
  StrategyFill,
  TickOrder,
} from '../../adapters/runs/backtest/strategy.js';
import { backtestInMemory, orderPathLatency, SMALL_FLOW, testConfig } from './helpers.js';

const SYMBOL = 'BTC-USD';

/** Runs `start` at the first event; returns the fills, refusals and the strategy's venue orders. */
async function run(
  start: (ctx: StrategyContext) => void,
  more: Strategy = {},
  config = testConfig({ intervalMs: 60_000 }),
) {
  const fills: string[] = [];
  const refusals: string[] = [];
  const strategy: Strategy = {
    onStart: start,
    onFill: (fill: StrategyFill) => void fills.push(`${fill.orderId} ${fill.size}@${fill.price}`),
    onRefused: ({ orderId, code, message }) => void refusals.push(`${orderId} ${code}: ${message}`),
    ...more,
  };
  const engine = await backtestInMemory(SMALL_FLOW, strategy, config);
  const orders = engine.venue.listOrders('strategy');
  if (!orders.ok) throw new Error(orders.error.message);
  return { fills, refusals, orders: orders.value.reverse() };
}

describe('orders in ticks and lots', () => {
  it('place the same orders as the decimal form', async () => {
    const ticks = await run((ctx) => {
      ctx.place({ symbol: SYMBOL, side: 'buy', type: 'market', sizeLots: 300 });
      ctx.place({ symbol: SYMBOL, side: 'buy', type: 'limit', priceTicks: 9_900, sizeLots: 250 });
      ctx.place({
        symbol: SYMBOL,
        side: 'sell',
        type: 'limit',
        priceTicks: 10_500,
        sizeLots: 1,
        postOnly: true,
        stp: 'cancel_maker',
      });
      ctx.place({
        symbol: SYMBOL,
        side: 'buy',
        type: 'limit',
        priceTicks: 9_000,
        sizeLots: 5,
        timeInForce: 'gtd',
        expireAt: ctx.now() + 30_000,
      });
      ctx.place({
        symbol: SYMBOL,
        side: 'sell',
        type: 'market',
        sizeLots: 2,
        stopPriceTicks: 9_000,
      });
    });
    const decimals = await run((ctx) => {
      ctx.place({ symbol: SYMBOL, side: 'buy', type: 'market', size: '0.300' });
      ctx.place({ symbol: SYMBOL, side: 'buy', type: 'limit', price: '99.00', size: '0.250' });
      ctx.place({
        symbol: SYMBOL,
        side: 'sell',
        type: 'limit',
        price: '105.00',
        size: '0.001',
        postOnly: true,
        stp: 'cancel_maker',
      });
      ctx.place({
        symbol: SYMBOL,
        side: 'buy',
        type: 'limit',
        price: '90.00',
        size: '0.005',
        timeInForce: 'gtd',
        expireAt: ctx.now() + 30_000,
      });
      ctx.place({
        symbol: SYMBOL,
        side: 'sell',
        type: 'market',
        size: '0.002',
        stopPrice: '90.00',
      });
    });
    expect(ticks.refusals).toEqual([]);
    expect(ticks.fills).toEqual(['s1 0.300@100.00']);
    expect(ticks.orders).toEqual(decimals.orders);
    expect(ticks.orders.map((order) => `${order.clientOrderId} ${order.status}`)).toEqual([
      's1 filled',
      's2 open',
      's3 open',
      's4 expired',
      's5 pending',
    ]);
  });

  it("are refused in the tick form's words", async () => {
    const { refusals } = await run((ctx) => {
      const base = { symbol: SYMBOL, side: 'buy', type: 'limit', priceTicks: 9_900, sizeLots: 1 };
      const sent: object[] = [
        { ...base, sizeLots: 0.5 },
        { ...base, sizeLots: 0 },
        { ...base, priceTicks: 0 },
        { ...base, priceTicks: '9900' },
        { symbol: SYMBOL, side: 'buy', type: 'market', priceTicks: 9_900, sizeLots: 1 },
        { ...base, stopPriceTicks: 0 },
        { ...base, side: 'long' },
        { ...base, type: 'stop' },
        { ...base, timeInForce: 'day' },
        { symbol: SYMBOL, side: 'buy', type: 'market', sizeLots: 1, timeInForce: 'ioc' },
        { ...base, timeInForce: 'gtd' },
        { ...base, expireAt: ctx.now() + 1 },
        { ...base, postOnly: 'yes' },
        { ...base, timeInForce: 'ioc', postOnly: true },
        { ...base, stp: 'always' },
        { ...base, price: '99.00' },
        { ...base, symbol: 'XYZ-USD' },
        base,
      ];
      for (const order of sent) ctx.place(order as Parameters<typeof ctx.place>[0]);
    });
    const size = 'sizeLots must be a whole number of lots within the min and max size';
    const price = 'priceTicks must be a whole number of ticks from 1, for limit orders only';
    const timeInForce = 'timeInForce must be "gtc", "ioc", "fok" or "gtd", for limit orders only';
    const expireAt = 'expireAt must be a time after now, for gtd orders only';
    const postOnly = 'postOnly must be a boolean, true for limit gtc orders only';
    expect(refusals).toEqual([
      `s1 invalid_parameter: ${size}`,
      `s2 invalid_parameter: ${size}`,
      `s3 invalid_parameter: ${price}`,
      `s4 invalid_parameter: ${price}`,
      `s5 invalid_parameter: ${price}`,
      's6 invalid_parameter: stopPriceTicks must be a whole number of ticks from 1',
      's7 invalid_parameter: side must be "buy" or "sell"',
      's8 invalid_parameter: type must be "market" or "limit"',
      `s9 invalid_parameter: ${timeInForce}`,
      `s10 invalid_parameter: ${timeInForce}`,
      `s11 invalid_parameter: ${expireAt}`,
      `s12 invalid_parameter: ${expireAt}`,
      `s13 invalid_parameter: ${postOnly}`,
      `s14 invalid_parameter: ${postOnly}`,
      's15 invalid_parameter: stp must be "none", "cancel_taker", "cancel_maker" or "cancel_both"',
      's16 invalid_parameter: unknown field price',
      's17 unknown_symbol: symbol XYZ-USD is not listed',
    ]);
  });
});

describe('openOrderTicks and positionLots', () => {
  it.each([
    ['without latency', testConfig({ intervalMs: 60_000 }), 'the fill before the 09:31 timer'],
    [
      'under response latency (from the delivered records)',
      testConfig({
        intervalMs: 60_000,
        latency: orderPathLatency(0, { response: { kind: 'constant', ms: 5 } }),
      }),
      'the fill after the 09:31 timer',
    ],
  ])(
    'read what openOrders and position read, in ticks and lots: %s',
    async (_name, config, order) => {
      const seen: string[] = [];
      const sameAsDecimal = (ctx: StrategyContext) => {
        const ticks = ctx.openOrderTicks(SYMBOL).map((order: TickOrder) => ({ ...order }));
        const records = ctx.openOrders(SYMBOL).map((order) => ({
          orderId: order.clientOrderId!,
          symbol: order.symbol,
          side: order.side,
          status: order.status,
          priceTicks: order.price === null ? null : ctx.toTicks(SYMBOL, order.price),
          sizeLots: ctx.toLots(SYMBOL, order.size),
          remainingLots: ctx.toLots(SYMBOL, order.remainingSize),
        }));
        expect(ticks).toEqual(records);
        expect(ctx.openOrderTicks()).toEqual(ctx.openOrderTicks(SYMBOL));
        expect(ctx.openOrderTicks('ETH-USD')).toEqual([]);
        expect(ctx.positionLots(SYMBOL)).toBe(ctx.toLots(SYMBOL, ctx.position(SYMBOL).size));
        seen.push(
          `${ctx.positionLots(SYMBOL)} ` +
            ticks
              .map((o) => `${o.orderId}:${o.status}:${o.remainingLots}@${o.priceTicks}`)
              .join(','),
        );
      };
      await run(
        (ctx) => {
          // A bid the 09:32 flow row does not reach, an ask the 09:31 taker takes 0.100 of, a stop.
          ctx.place({
            symbol: SYMBOL,
            side: 'buy',
            type: 'limit',
            priceTicks: 9_000,
            sizeLots: 200,
          });
          ctx.place({
            symbol: SYMBOL,
            side: 'sell',
            type: 'limit',
            priceTicks: 10_050,
            sizeLots: 300,
          });
          ctx.place({
            symbol: SYMBOL,
            side: 'sell',
            type: 'market',
            sizeLots: 1,
            stopPriceTicks: 8_000,
          });
        },
        {
          onOrder: (_order, ctx) => sameAsDecimal(ctx),
          onFill: (_fill, ctx) => sameAsDecimal(ctx),
          onTimer: sameAsDecimal,
        },
        config,
      );
      const placed = '0 s1:open:200@9000,s2:open:300@10050,s3:pending:1@null';
      const filled = '-100 s1:open:200@9000,s2:partially_filled:200@10050,s3:pending:1@null';
      // onOrder and onFill of the 09:31 taker's fill, the timer at 09:31 and 09:32.
      const after =
        order === 'the fill before the 09:31 timer'
          ? [filled, filled, filled, filled]
          : [placed, filled, filled, filled];
      expect(seen).toEqual([
        '0 s1:open:200@9000',
        '0 s1:open:200@9000,s2:open:300@10050',
        placed,
        ...after,
      ]);
    },
  );

  it('are views that a later read refills in place', async () => {
    let first: readonly TickOrder[] = [];
    let second: readonly TickOrder[] = [];
    await run(
      (ctx) => {
        ctx.place({ symbol: SYMBOL, side: 'buy', type: 'limit', priceTicks: 9_000, sizeLots: 200 });
      },
      {
        onTimer: (ctx) => {
          if (first.length === 0) first = ctx.openOrderTicks(SYMBOL);
          else second = ctx.openOrderTicks(SYMBOL);
        },
      },
    );
    expect(second).toBe(first);
    expect(first[0]!.orderId).toBe('s1');
  });
});
