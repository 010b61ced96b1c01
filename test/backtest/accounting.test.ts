import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseBacktestOptions } from '../../adapters/runs/backtest/backtest-options.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import type { Summary } from '../../adapters/runs/backtest/summary.js';
import { SMALL_FLOW, captureIo, tempFiles } from './helpers.js';

describe('exact PnL and fees, computed by hand', () => {
  it('taker fee over two levels, a maker rebate on a partial fill, FIFO realized PnL', async () => {
    const dir = tempFiles({ 'flow.csv': SMALL_FLOW });
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const strategyFile = 'test/backtest/fixtures/buy-then-offer.ts';
    const options = parseBacktestOptions({
      strategy: strategyFile,
      data: join(dir, 'flow.csv'),
      out: join(dir, 'out'),
      makerFee: '-0.0002',
      takerFee: '0.001',
    });
    if (typeof options === 'string') throw new Error(options);
    const run = captureIo();
    expect(await runBacktestCommand(options, run.io)).toBe(0);
    expect(run.stderr).toBe('');
    const out = (name: string) => readFileSync(join(dir, 'out', name), 'utf8');
    // Buys 0.5 @ 100.00 (fee 0.05) and 0.3 @ 101.00 (fee 0.0303); sells 0.4 of 0.6 @ 102.00 as maker
    // (rebate 40.8 x 0.0002 = 0.00816). FIFO: the sale closes 0.4 of the 100.00 lot: realized 0.80.
    // Open: 0.1 @ 100 + 0.3 @ 101 = 40.30 for 0.4 (average 100.75), marked at 102: unrealized 0.50.
    // Fees 0.0803 - 0.00816 = 0.07214; net 0.80 + 0.50 - 0.07214 = 1.22786.
    expect(out('fills.csv')).toBe(
      'ts,trade_id,order_id,symbol,side,liquidity,price,size,fee,position\n' +
        '2026-01-05T09:30:00.000Z,t_1,s1,BTC-USD,buy,taker,100.00,0.500,0.05,0.500\n' +
        '2026-01-05T09:30:00.000Z,t_2,s1,BTC-USD,buy,taker,101.00,0.300,0.0303,0.800\n' +
        '2026-01-05T09:31:00.000Z,t_4,s2,BTC-USD,sell,maker,102.00,0.400,-0.00816,0.400\n',
    );
    const summary = JSON.parse(out('summary.json')) as Summary;
    expect(summary.symbols[0]).toEqual({
      symbol: 'BTC-USD',
      quote: 'USD',
      position: '0.400',
      average_entry: '100.750000',
      mark_price: '102.00',
      realized_pnl: '0.80',
      unrealized_pnl: '0.50',
      fees: '0.07214',
      net_pnl: '1.22786',
      orders: 2,
      fills: 3,
      maker_fills: 1,
      taker_fills: 2,
      maker_volume: '40.80',
      taker_volume: '80.30',
      traded_volume: '121.10',
      traded_size: '1.200',
      // Largest position notional: 0.8 x 101.00 after the second buy. Never flat: no round trip.
      return: '0.015196',
      max_exposure: '80.80',
      exposure_time: '1.000000',
      fill_ratio: '1.000000',
      maker_share: '0.336912',
      round_trips: 0,
      win_rate: null,
      profit_factor: null,
      expectancy: null,
      best_trade: null,
      worst_trade: null,
      average_trade: null,
      average_win: null,
      average_loss: null,
      average_trip_ms: null,
      max_trip_ms: null,
      sqn: null,
      max_drawdown: '0.00',
      max_drawdown_duration_ms: 0,
      calmar: null,
      sharpe: '0.707107',
      sortino: null,
    });
    expect(summary.totals[0]!.net_pnl).toBe('1.22786');
    // 09:30 after the buys: 0.8 marked at 101.00 = 80.80 - 80.30 - 0.0803 = 0.4197.
    expect(out('equity.csv')).toBe(
      'ts,BTC-USD,total_USD,drawdown_USD\n' +
        '2026-01-05T09:30:00.000Z,0.4197,0.4197,0.00\n' +
        '2026-01-05T09:31:00.000Z,1.22786,1.22786,0.00\n' +
        '2026-01-05T09:32:00.000Z,1.22786,1.22786,0.00\n',
    );
    expect(run.stdout).toMatch(/\nnet PnL +1\.22786 +1\.22786\n/);
  });
});
