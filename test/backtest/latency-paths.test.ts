import { describe, expect, it } from 'vitest';
import type { LatencySettings } from '../../adapters/runs/backtest/latency/latency-spec.js';
import type { Strategy, StrategyContext } from '../../adapters/runs/backtest/strategy.js';
import { SMALL_FLOW, backtestInMemory, orderPathLatency, testConfig } from './helpers.js';

const HEADER = `# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.001
ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only
`;

/** Milliseconds after 09:30:00.000, the start of every flow here. */
const at = (ctx: StrategyContext) => ctx.now() - Date.parse('2026-01-05T09:30:00.000Z');

/** Records every hook but onBook and onTrade as `ms hook detail`. */
function recorder(log: string[]): Strategy {
  return {
    onOrder: (order, ctx) =>
      void log.push(`${at(ctx)} order ${order.clientOrderId} ${order.status} ${order.filledSize}`),
    onFill: (fill, ctx) =>
      void log.push(
        `${at(ctx)} fill ${fill.orderId} ${fill.size}@${fill.price} at ${fill.timestamp % 1e5}`,
      ),
    onRefused: (refusal, ctx) =>
      void log.push(`${at(ctx)} refused ${refusal.action} ${refusal.orderId} ${refusal.code}`),
  };
}

const config = (latency: Partial<LatencySettings>, intervalMs: number | null = null) =>
  testConfig({ latency: { ...orderPathLatency(0), ...latency }, intervalMs });
const ms = (value: number) => ({ kind: 'constant', ms: value }) as const;

describe('a cancel that arrives after the fill it tried to prevent', () => {
  // The strategy bids 0.500 @ 100.00 at the start and cancels on its timer at 30 ms;
  // a flow market sell of 0.500 comes at 40 ms.
  const flow = `${HEADER}2026-01-05T09:30:00.000Z,new,a1,maker,BTC-USD,sell,limit,101.00,1.000,gtc,false
2026-01-05T09:30:00.040Z,new,t1,taker,BTC-USD,sell,market,,0.500,,
2026-01-05T09:30:00.100Z,new,b1,maker,BTC-USD,buy,limit,98.00,1.000,gtc,false
`;
  const canceller = (log: string[]): Strategy => ({
    ...recorder(log),
    onStart: (ctx) =>
      void ctx.place({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: '100.00',
        size: '0.500',
      }),
    onTimer(ctx) {
      if (at(ctx) === 30) ctx.cancel('s1');
    },
  });

  it('at a 20 ms cancel latency it arrives at 50 ms, after the fill at 40 ms, and is refused', async () => {
    const log: string[] = [];
    const engine = await backtestInMemory(
      flow,
      canceller(log),
      config({ entry: ms(10), cancel: ms(20) }, 30),
    );
    expect(log).toEqual([
      '10 order s1 open 0.000',
      '40 fill s1 0.500@100.00 at 40',
      '40 order s1 filled 0.500',
      '50 refused cancel s1 order_not_open',
    ]);
    expect(engine.ledgers[0]!.size(engine.ledgers[0]!.position)).toBe('0.500');
    expect(Object.fromEntries(engine.actionRefusals)).toEqual({ order_not_open: 1 });
  });

  it('at 5 ms it arrives at 35 ms and the market sell finds no bid', async () => {
    const log: string[] = [];
    const engine = await backtestInMemory(
      flow,
      canceller(log),
      config({ entry: ms(10), cancel: ms(5) }, 30),
    );
    expect(log).toEqual(['10 order s1 open 0.000', '35 order s1 cancelled 0.000']);
    expect(engine.ledgers[0]!.size(engine.ledgers[0]!.position)).toBe('0.000');
  });

  it('with a 15 ms response latency the strategy learns each answer 15 ms after the venue gave it', async () => {
    const log: string[] = [];
    await backtestInMemory(
      flow,
      canceller(log),
      config({ entry: ms(10), cancel: ms(5), response: ms(15) }, 30),
    );
    // The cancel still reaches the venue at 35 ms; the fill never happens.
    expect(log).toEqual(['25 order s1 open 0.000', '50 order s1 cancelled 0.000']);
  });
});

describe('a stale quote filled under feed latency', () => {
  // The strategy offers 0.500 @ 100.50 and cancels when it sees a bid at 100.40 or more. The bid
  // jumps to 100.40 at 50 ms; a buyer takes up to 100.50 at 80 ms.
  const flow = `${HEADER}2026-01-05T09:30:00.000Z,new,a1,maker,BTC-USD,sell,limit,101.00,1.000,gtc,false
2026-01-05T09:30:00.000Z,new,b1,maker,BTC-USD,buy,limit,99.00,1.000,gtc,false
2026-01-05T09:30:00.050Z,new,b2,maker,BTC-USD,buy,limit,100.40,1.000,gtc,false
2026-01-05T09:30:00.080Z,new,t1,taker,BTC-USD,buy,limit,100.50,0.500,ioc,
2026-01-05T09:30:00.200Z,new,b3,maker,BTC-USD,buy,limit,98.00,0.100,gtc,false
`;
  const quoter = (log: string[]): Strategy => ({
    ...recorder(log),
    onStart: (ctx) =>
      void ctx.place({
        symbol: 'BTC-USD',
        side: 'sell',
        type: 'limit',
        price: '100.50',
        size: '0.500',
      }),
    onBook(change, ctx) {
      if (change.side !== 'buy' || ctx.toTicks('BTC-USD', change.price) < 10_040) return;
      const book = ctx.book('BTC-USD', 2);
      log.push(
        `${at(ctx)} sees bid ${change.price}; asks ${book.asks.map(([p, s]) => `${s}@${p}`).join(' ')}`,
      );
      ctx.cancel('s1');
    },
  });

  it('without feed latency it sees the bid at 50 ms and cancels in time', async () => {
    const log: string[] = [];
    const engine = await backtestInMemory(flow, quoter(log), config({}));
    expect(log).toEqual([
      '0 order s1 open 0.000',
      '50 sees bid 100.40; asks 0.500@100.50 1.000@101.00',
      '50 order s1 cancelled 0.000',
    ]);
    expect(engine.ledgers[0]!.fills).toBe(0);
  });

  it('at 40 ms of feed latency it sees the bid at 90 ms: the buyer took the quote at 80 ms', async () => {
    const log: string[] = [];
    const engine = await backtestInMemory(flow, quoter(log), config({ feed: ms(40) }));
    expect(log).toEqual([
      '0 order s1 open 0.000',
      '80 fill s1 0.500@100.50 at 80',
      '80 order s1 filled 0.500',
      // The book it reads is the feed's, 40 ms old: its ask is still there.
      '90 sees bid 100.40; asks 0.500@100.50 1.000@101.00',
      '90 refused cancel s1 order_not_open',
    ]);
    expect(engine.ledgers[0]!.size(engine.ledgers[0]!.position)).toBe('-0.500');
  });
});

describe('the order of the strategy’s actions', () => {
  // Places a bid far from the market, then at once cancels it.
  const placeThenCancel: Strategy = {
    onStart(ctx) {
      const id = ctx.place({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: '90.00',
        size: '0.100',
      });
      ctx.cancel(id);
    },
  };
  const outcome = async (latency: Partial<LatencySettings>) => {
    const log: string[] = [];
    await backtestInMemory(SMALL_FLOW, { ...recorder(log), ...placeThenCancel }, config(latency));
    return log;
  };

  it('fifo: a cancel faster than its order still arrives after it', async () => {
    expect(await outcome({ entry: ms(30), cancel: ms(10) })).toEqual([
      '30 order s1 open 0.000',
      '30 order s1 cancelled 0.000',
    ]);
  });

  it('overtake: the cancel arrives first and finds no order; the order then rests', async () => {
    expect(await outcome({ entry: ms(30), cancel: ms(10), order: 'overtake' })).toEqual([
      '10 refused cancel s1 order_not_found',
      '30 order s1 open 0.000',
    ]);
  });

  it('overtake, equal arrival times: the action sent first arrives first', async () => {
    expect(await outcome({ entry: ms(30), cancel: ms(30), order: 'overtake' })).toEqual([
      '30 order s1 open 0.000',
      '30 order s1 cancelled 0.000',
    ]);
  });
});

describe('what the strategy knows under response latency', () => {
  it('its fills, position and in-flight count change when the answer arrives, before the timer of that ms', async () => {
    const seen: string[] = [];
    const strategy: Strategy = {
      onStart: (ctx) =>
        void ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.800' }),
      onFill: (fill, ctx) => void seen.push(`${at(ctx)} fill ${fill.size}@${fill.price}`),
      onTimer: (ctx) =>
        void seen.push(
          `${at(ctx)} timer in flight ${ctx.inFlight()}, position ${ctx.position('BTC-USD').size}`,
        ),
    };
    const engine = await backtestInMemory(
      SMALL_FLOW,
      strategy,
      config({ response: ms(1000) }, 500),
    );
    expect(seen.slice(0, 5)).toEqual([
      '500 timer in flight 1, position 0.000',
      '1000 fill 0.500@100.00',
      '1000 fill 0.300@101.00',
      '1000 timer in flight 0, position 0.800',
      '1500 timer in flight 0, position 0.800',
    ]);
    // The accounting itself books fills when they happen.
    expect(engine.ledgers[0]!.size(engine.ledgers[0]!.position)).toBe('0.800');
  });
});

describe('the market a strategy reads under feed latency', () => {
  it('is the book, the trades and the ticker the feed has delivered, not the venue of now', async () => {
    const seen: string[] = [];
    const look = (ctx: StrategyContext) => {
      const book = ctx.book('BTC-USD', 5);
      const ticker = ctx.ticker('BTC-USD');
      const trades = ctx.trades('BTC-USD');
      const inTicks = book.asks.map(
        ([p, s]) => `${ctx.toLots('BTC-USD', s)}@${ctx.toTicks('BTC-USD', p)}`,
      );
      const ticks = ctx.bookTicks('BTC-USD', 5);
      seen.push(
        `ticks ${ticks.asks.map(([p, s]) => `${s}@${p}`).join(' ')} ${ticks.bids.length} ${ticks.sequence}`,
        `from strings ${inTicks.join(' ')} ${book.bids.length} ${book.sequence}`,
      );
      seen.push(
        `${at(ctx) / 1000}s asks=${book.asks.map(([p, s]) => `${s}@${p}`).join(' ')} ` +
          `bids=${book.bids.map(([p, s]) => `${s}@${p}`).join(' ')} seq=${book.sequence} ` +
          `trades=${trades.map((t) => `${t.size}@${t.price}`).join(' ')} ` +
          `ticker=${ticker.price} ${ticker.low24h}-${ticker.high24h} vol ${ticker.volume24h}`,
      );
    };
    // The flow: asks at 0 s, a taker lifting 0.6 at 60 s, a bid at 120 s; each seen 30 s later.
    await backtestInMemory(SMALL_FLOW, { onTimer: look }, config({ feed: ms(30_000) }, 30_000));
    const before =
      'asks=0.500@100.00 0.500@101.00 bids= seq=2 trades= ticker=null null-null vol 0.000';
    const after =
      'asks=0.400@101.00 bids= seq=4 trades=0.100@101.00 0.500@100.00 ticker=101.00 100.00-101.00 vol 0.600';
    const [ticksBefore, ticksAfter] = ['500@10000 500@10100 0 2', '400@10100 0 4'];
    expect(seen).toEqual(
      [
        [ticksBefore, `30s ${before}`],
        [ticksBefore, `60s ${before}`],
        [ticksAfter, `90s ${after}`],
        [ticksAfter, `120s ${after}`],
      ].flatMap(([ticks, line]) => [`ticks ${ticks}`, `from strings ${ticks}`, line]),
    );
  });
});

describe('market reads that fail', () => {
  it('fail with the venue’s own message, under feed latency as without', async () => {
    const errors = async (latency: Partial<LatencySettings>) => {
      const messages: string[] = [];
      const attempt = (read: () => unknown) => {
        try {
          read();
        } catch (error) {
          messages.push((error as Error).message);
        }
      };
      await backtestInMemory(
        SMALL_FLOW,
        {
          onStart(ctx) {
            attempt(() => ctx.book('NOPE-USD'));
            attempt(() => ctx.book('BTC-USD', 0));
            attempt(() => ctx.bookTicks('NOPE-USD'));
            attempt(() => ctx.bookTicks('BTC-USD', 1001));
            attempt(() => ctx.trades('BTC-USD', 1001));
            attempt(() => ctx.ticker('NOPE-USD'));
          },
        },
        config(latency),
      );
      return messages;
    };
    const direct = await errors({});
    expect(direct).toHaveLength(6);
    expect(direct[2]).toBe(direct[0]);
    expect(direct[3]).toBe('depth must be an integer from 1 to 1000');
    expect(await errors({ feed: ms(10) })).toEqual(direct);
  });
});
