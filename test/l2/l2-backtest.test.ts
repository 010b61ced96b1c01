/**
 * The backtest engine on an L2 flow: the same strategy API as on scenario flows; the strategy's
 * resting order filled by the data's trades once the depth ahead is gone; a bad row stopped with
 * its place; feed latency taken from the rows' two times.
 */
import { describe, expect, it } from 'vitest';
import { backtestL2 } from '../../adapters/runs/backtest/in-process.js';
import type { BacktestConfig } from '../../adapters/runs/backtest/backtest-config.js';
import type {
  BookLevelChange,
  Strategy,
  StrategyContext,
  StrategyFill,
} from '../../adapters/runs/backtest/strategy.js';
import type { L2Row } from '../../adapters/flow/l2/l2-row.js';
import { parseQueueModel, type QueueModel } from '../../adapters/flow/l2/queue-model.js';
import { parseLatency } from '../../adapters/runs/backtest/latency/latency-options.js';
import { orderPathLatency, testConfig } from '../backtest/helpers.js';

const SYMBOL = 'ABC-USD';
const INSTRUMENTS = [{ symbol: SYMBOL, tickSize: '0.01', lotSize: '1' }];

function row(
  exchangeTs: number,
  kind: L2Row['kind'],
  side: L2Row['side'],
  price: string,
  size: string,
  localTs = exchangeTs,
): L2Row {
  return { exchangeTs, localTs, symbol: SYMBOL, kind, side, price, size };
}

function model(text: string): QueueModel {
  const parsed = parseQueueModel(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** Places one bid of 2 at 10.00 on start; records its fills and the best bids its onBook sees. */
class OneBid implements Strategy {
  readonly fills: StrategyFill[] = [];
  readonly seen: string[] = [];
  onStart(ctx: StrategyContext): void {
    ctx.place({ symbol: SYMBOL, side: 'buy', type: 'limit', price: '10.00', size: '2' });
  }
  onFill(fill: StrategyFill): void {
    this.fills.push(fill);
  }
  onBook(change: BookLevelChange, ctx: StrategyContext): void {
    this.seen.push(`${ctx.now()} ${change.side} ${change.price} ${change.size}`);
  }
}

const FLOW: L2Row[] = [
  row(1000, 'snapshot', 'buy', '10.00', '10'),
  row(1000, 'snapshot', 'sell', '10.01', '10'),
  row(1001, 'update', 'buy', '10.00', '15'),
  row(1002, 'trade', 'sell', '10.00', '9'),
  row(1002, 'update', 'buy', '10.00', '6'),
  // 15 -> 6 after the trade of 9: no model decrease, the strategy's bid has 1 ahead of it.
  row(1003, 'trade', 'sell', '10.00', '2'),
  row(1003, 'update', 'buy', '10.00', '4'),
];

async function run(flow: readonly L2Row[], config: BacktestConfig, queue = 'risk_averse') {
  const strategy = new OneBid();
  const outcome = await backtestL2(
    strategy,
    config,
    { instruments: INSTRUMENTS, batches: [flow], locate: (n) => `flow.l2.csv:${n + 1}` },
    model(queue),
    { strategy: 'one-bid.ts', data: 'flow.l2.csv' },
  );
  return { strategy, outcome };
}

describe('backtest on an L2 flow', () => {
  it("fills the strategy's bid once the trades took the depth ahead of it", async () => {
    const { strategy, outcome } = await run(FLOW, testConfig());
    expect(outcome.ok).toBe(true);
    // The trade of 2 at 1003: 1 ahead, then 1 of the strategy's 2.
    expect(strategy.fills.map((f) => [f.timestamp, f.price, f.size, f.liquidity])).toEqual([
      [1003, '10.00', '1', 'maker'],
    ]);
    if (!outcome.ok) return;
    expect(outcome.value.engine.flow.rowCount).toBe(FLOW.length);
  });

  it('a row stamped before the row before it runs at the time of the row before', async () => {
    const early = FLOW.map((r, i) => (i >= 5 ? { ...r, exchangeTs: 1001, localTs: 1001 } : r));
    const { strategy } = await run(early, testConfig());
    expect(strategy.fills.map((f) => [f.timestamp, f.size])).toEqual([[1002, '1']]);
  });

  it('a row the venue cannot take stops the run with its place', async () => {
    const bad = [...FLOW.slice(0, 3), row(1001, 'update', 'buy', '10.001', '1')];
    const { outcome } = await run(bad, testConfig());
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'bad_input', message: 'flow.l2.csv:5: price 10.001 has more than 2 decimals' },
    });
  });

  it('--latency-feed data: the strategy sees each row at its local time', async () => {
    // Each row received 5 ms after the exchange's time; a last row at 1100 lets the run go on.
    const late = [...FLOW, row(1100, 'update', 'sell', '10.01', '10')].map((r) => ({
      ...r,
      localTs: r.exchangeTs + 5,
    }));
    const zero = await run(late, testConfig());
    const data = await run(
      late,
      testConfig({ latency: orderPathLatency(0, { feed: { kind: 'data' } }) }),
    );
    // The level's changes, as the trades and updates made them (the strategy's 2 included).
    const changes = ['buy 10.00 10', 'sell 10.01 10', 'buy 10.00 12', 'buy 10.00 17'];
    const after = ['buy 10.00 8', 'buy 10.00 7', 'buy 10.00 6', 'buy 10.00 5'];
    const times = (at: number[], texts: string[]) => texts.map((t, i) => `${at[i]} ${t}`);
    expect(zero.strategy.seen).toEqual([
      ...times([1000, 1000, 1000, 1001], changes),
      ...times([1002, 1003, 1003, 1003], after),
    ]);
    expect(data.strategy.seen).toEqual([
      ...times([1005, 1005, 1005, 1006], changes),
      ...times([1007, 1008, 1008, 1008], after),
    ]);
  });
});

describe('an L2 level that crosses a strategy order', () => {
  it("fills it once by the level's size; the order's rest is cancelled and the level stands", async () => {
    // The strategy bids 10.05 for 50 inside the spread; an ask of 8 appears at 10.03, under it.
    class InsideBid implements Strategy {
      readonly fills: string[] = [];
      asks: string[] = [];
      open = -1;
      onStart(ctx: StrategyContext): void {
        ctx.place({ symbol: SYMBOL, side: 'buy', type: 'limit', price: '10.05', size: '50' });
      }
      onFill(fill: StrategyFill): void {
        this.fills.push(`${fill.timestamp} ${fill.price} ${fill.size}`);
      }
      onEnd(ctx: StrategyContext): void {
        this.asks = ctx.book(SYMBOL, 10).asks.map(([price, size]) => `${price}:${size}`);
        this.open = ctx.openOrders(SYMBOL).length;
      }
    }
    const flow = [
      row(1000, 'snapshot', 'buy', '10.00', '10'),
      row(1000, 'snapshot', 'sell', '10.10', '10'),
      row(1001, 'update', 'sell', '10.03', '8'),
      // The recorded execution of that ask takes the level, which stands at 8 again.
      row(1002, 'trade', 'buy', '10.03', '8'),
      row(1002, 'update', 'sell', '10.03', '0'),
      row(1003, 'update', 'sell', '10.04', '60'),
    ];
    const strategy = new InsideBid();
    const outcome = await backtestL2(
      strategy,
      testConfig(),
      { instruments: INSTRUMENTS, batches: [flow], locate: (n) => `flow.l2.csv:${n + 1}` },
      model('risk_averse'),
      { strategy: 'inside-bid.ts', data: 'flow.l2.csv' },
    );
    expect(outcome.ok).toBe(true);
    expect(strategy.fills).toEqual(['1001 10.05 8']);
    expect(strategy.asks).toEqual(['10.04:60', '10.10:10']);
    expect(strategy.open).toBe(0);
  });
});

describe('--latency-feed data', () => {
  it('is the feed path only', () => {
    expect(parseLatency({ latency: 'data' })).toBe(
      '--latency data is a feed latency only (--latency-feed data)',
    );
    expect(parseLatency({ latencyCancel: 'data' })).toBe(
      '--latency-cancel data is a feed latency only (--latency-feed data)',
    );
    const settings = parseLatency({ latencyFeed: 'data' });
    expect(typeof settings !== 'string' && settings.feed).toEqual({ kind: 'data' });
  });
});
