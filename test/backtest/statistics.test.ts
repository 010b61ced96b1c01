import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openScenario } from '../../adapters/flow/csv/index.js';
import { BacktestEngine } from '../../adapters/runs/backtest/backtest-engine.js';
import { maxDrawdownDuration } from '../../adapters/runs/backtest/metrics.js';
import { roundTripsCsv } from '../../adapters/runs/backtest/records.js';
import { duration } from '../../adapters/runs/backtest/report-tables.js';
import { RoundTrips } from '../../adapters/runs/backtest/round-trips.js';
import type { Strategy } from '../../adapters/runs/backtest/strategy.js';
import { summarize } from '../../adapters/runs/backtest/summary.js';
import { testConfig } from './helpers.js';

/** A book that moves between the strategy's minutely market orders; the flow never trades. */
const FLOW = `# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.001
ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only
2026-01-05T10:00:00.000Z,new,a1,maker,BTC-USD,sell,limit,100.00,10.000,gtc,false
2026-01-05T10:00:00.000Z,new,b1,maker,BTC-USD,buy,limit,99.00,10.000,gtc,false
2026-01-05T10:01:30.000Z,cancel,b1,maker,BTC-USD,,,,,,
2026-01-05T10:01:30.000Z,cancel,a1,maker,BTC-USD,,,,,,
2026-01-05T10:01:30.000Z,new,b2,maker,BTC-USD,buy,limit,102.00,10.000,gtc,false
2026-01-05T10:01:30.000Z,new,a2,maker,BTC-USD,sell,limit,103.00,10.000,gtc,false
2026-01-05T10:03:30.000Z,cancel,b2,maker,BTC-USD,,,,,,
2026-01-05T10:03:30.000Z,cancel,a2,maker,BTC-USD,,,,,,
2026-01-05T10:03:30.000Z,new,a3,maker,BTC-USD,sell,limit,104.00,10.000,gtc,false
2026-01-05T10:03:30.000Z,new,b3,maker,BTC-USD,buy,limit,103.00,10.000,gtc,false
2026-01-05T10:04:30.000Z,cancel,b3,maker,BTC-USD,,,,,,
2026-01-05T10:04:30.000Z,cancel,a3,maker,BTC-USD,,,,,,
2026-01-05T10:04:30.000Z,new,b4,maker,BTC-USD,buy,limit,105.00,10.000,gtc,false
2026-01-05T10:04:30.000Z,new,a4,maker,BTC-USD,sell,limit,106.00,10.000,gtc,false
2026-01-05T10:07:00.000Z,new,x1,other,BTC-USD,buy,limit,50.00,1.000,gtc,false
`;

/** One market order a minute, from 10:01: buy 1, sell 1, sell 1, buy 3 (across zero), ... */
const ORDERS: [side: 'buy' | 'sell', size: string][] = [
  ['buy', '1.000'],
  ['sell', '1.000'],
  ['sell', '1.000'],
  ['buy', '3.000'],
  ['sell', '1.000'],
  ['sell', '1.000'],
  ['buy', '1.000'],
];

async function run() {
  let tick = 0;
  const strategy: Strategy = {
    onTimer(ctx) {
      const order = ORDERS[tick++];
      if (order !== undefined)
        ctx.place({ symbol: 'BTC-USD', side: order[0], type: 'market', size: order[1] });
    },
  };
  const scenario = await openScenario(Readable.from([FLOW]), 'flow.csv');
  const trips = new RoundTrips();
  const config = testConfig({ intervalMs: 60_000, takerFee: '0.001' });
  const engine = new BacktestEngine(scenario.instruments, strategy, config, {
    onFill: (fill, ledger) => trips.add(fill, ledger),
  });
  await engine.run(scenario.batches);
  return { summary: summarize(engine, { strategy: 's', data: 'd' }, trips), trips };
}

describe('statistics of a constructed run, computed by hand', () => {
  // Fills (taker fee 0.001 of the notional): 10:01 buy 1 @ 100 (fee 0.100), 10:02 sell 1 @ 102
  // (0.102), 10:03 sell 1 @ 102 (0.102), 10:04 buy 3 @ 104 (0.312: 0.104 closes the short, 0.208
  // opens a long of 2), 10:05 and 10:06 sell 1 @ 105 (0.105 each), 10:07 buy 1 @ 106 (0.106, open
  // at the end). Realized 2 - 2 + 2 = 2.00, fees 0.932, net 1.068.
  it('round trips: flat to flat, a fill across zero split, its fee shared by size', async () => {
    const { trips } = await run();
    expect(roundTripsCsv(trips.closed)).toBe(
      'symbol,side,entry_ts,exit_ts,duration_ms,size,entry_price,exit_price,pnl,fees\n' +
        // +2.00 - 0.100 - 0.102
        'BTC-USD,long,2026-01-05T10:01:00.000Z,2026-01-05T10:02:00.000Z,60000,1.000,100.00,102.00,1.798,0.202\n' +
        // -2.00 - 0.102 - 0.104
        'BTC-USD,short,2026-01-05T10:03:00.000Z,2026-01-05T10:04:00.000Z,60000,1.000,102.00,104.00,-2.206,0.206\n' +
        // +2.00 - 0.208 - 0.105 - 0.105
        'BTC-USD,long,2026-01-05T10:04:00.000Z,2026-01-05T10:06:00.000Z,120000,2.000,104.00,105.00,1.582,0.418\n',
    );
  });

  it('every figure of summary.json', async () => {
    const { summary } = await run();
    const { symbol, quote, position, average_entry, mark_price, traded_size, ...totals } =
      summary.symbols[0]!;
    expect([symbol, position, average_entry, mark_price, traded_size]).toEqual([
      'BTC-USD',
      '1.000',
      '106.000000',
      '106.00',
      '9.000',
    ]);
    expect(summary.totals).toEqual([{ quote, ...totals }]);
    expect(totals).toEqual({
      realized_pnl: '2.00',
      unrealized_pnl: '0.00',
      fees: '0.932',
      net_pnl: '1.068',
      orders: 7,
      fills: 7,
      maker_fills: 0,
      taker_fills: 7,
      maker_volume: '0.00',
      taker_volume: '932.00',
      traded_volume: '932.00',
      // The largest position notional: 2 x 104.00 after the 10:04 fill; 1.068 / 208.
      return: '0.005135',
      max_exposure: '208.00',
      // Not flat 10:01-10:02 and 10:03-10:06 (the 10:04 fill crosses zero): 240 s of 420 s.
      exposure_time: '0.571429',
      fill_ratio: '1.000000',
      maker_share: '0.000000',
      round_trips: 3,
      win_rate: '0.666667',
      // (1.798 + 1.582) / 2.206
      profit_factor: '1.532185',
      // 1.174 / 3 = 0.3913333..., / 2.206
      expectancy: '0.177395',
      best_trade: '1.798',
      worst_trade: '-2.206',
      // Rounded half away from zero to 6 decimals (the tick's 2, and 4 more).
      average_trade: '0.391333',
      average_win: '1.69',
      average_loss: '-2.206',
      average_trip_ms: 80000,
      max_trip_ms: 120000,
      // sqrt(3) x 0.391333 / stdev(1.798, -2.206, 1.582) = 0.300988
      sqn: '0.300988',
      // Equity per minute from 10:00: 0, -0.1, 1.798, 1.696, -0.616, 1.279, 1.174, 1.068: the
      // peak 1.798 at 10:02 is never regained, down to -0.616 at 10:04.
      max_drawdown: '2.414',
      max_drawdown_duration_ms: 300000,
      calmar: '0.442419',
      sharpe: '0.106051',
      sortino: '0.173903',
    });
  });

  it('drawdown duration: peak to recovery, or to the last sample', () => {
    const times = [0, 10, 20, 30, 40, 50];
    expect(maxDrawdownDuration([0n, -1n, 0n, 5n, 6n, 7n], times)).toBe(20);
    expect(maxDrawdownDuration([1n, 2n, 1n, 1n, 3n, 2n], times)).toBe(30);
    expect(maxDrawdownDuration([1n, 2n, 3n, 4n, 5n, 6n], times)).toBe(0);
    expect(maxDrawdownDuration([1n, 0n, 0n, 0n, 0n, 0n], times)).toBe(50);
  });

  it('durations print as days and a clock', () => {
    expect(duration(0)).toBe('00:00:00.000');
    expect(duration(93_784_005)).toBe('1d 02:03:04.005');
  });
});
