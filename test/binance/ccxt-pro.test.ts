import { once } from 'node:events';
import type { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentServer, binanceClient, type AgentServer } from './ccxt-server.js';

type ProClient = ReturnType<typeof binanceClient>;

/** Resolves when the server takes a subscription named `name` (a stream, or an account). */
async function subscribed(events: EventEmitter, name: string): Promise<void> {
  for (;;) {
    const [taken] = (await once(events, 'subscribed')) as [string];
    if (taken === name) return;
  }
}

describe('ccxt.pro binance against the WebSockets of simex serve --market agents', () => {
  let agents: AgentServer;
  let client: ProClient;

  beforeAll(async () => {
    agents = await agentServer(5);
    await agents.advance(10_000);
    client = binanceClient(agents.server.url, undefined, true);
    await client.loadHttpProxyAgent();
    await client.loadMarkets();
  });
  afterAll(async () => {
    await client?.close();
    await agents?.close();
  });

  it('watchTrades: each trade the agents make, as the venue records it', async () => {
    const taken = subscribed(agents.server.binance.streamEvents, 'btcusd@trade');
    const watching = client.watchTrades('BTC/USD');
    await taken;
    await agents.advance(3_000);
    const trades = await watching;
    const tape = agents.server.venue.trades('BTC-USD', 1000);
    if (!tape.ok) throw new Error('no tape');
    const byId = new Map(tape.value.map((trade) => [String(trade.sequence), trade]));
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of trades) {
      const own = byId.get(trade.id!)!;
      expect([trade.info['p'], trade.info['q'], trade.timestamp]).toStrictEqual([
        own.price,
        own.size,
        own.timestamp,
      ]);
    }
  });

  it('watchOrderBook: stays in step with the venue over a minute of agent trading (no checksum error)', async () => {
    const taken = subscribed(agents.server.binance.streamEvents, 'btcusd@depth@100ms');
    let watching = client.watchOrderBook('BTC/USD');
    await taken;
    let book = undefined as unknown as Awaited<typeof watching>;
    for (let second = 0; second < 60; second++) {
      await agents.advance(1_000);
      book = await watching;
      watching = client.watchOrderBook('BTC/USD');
    }
    watching.catch(() => {}); // the client's close ends the last watch
    // The market stands still now: the last update brought the book to the venue's state.
    const own = agents.server.venue.orderBook('BTC-USD', 1000);
    if (!own.ok) throw new Error('no book');
    expect(book.nonce).toBe(own.value.sequence);
    expect(Array.from(book.bids, ([price, size]) => [Number(price), Number(size)])).toStrictEqual(
      own.value.bids.map(([price, size]) => [Number(price), Number(size)]),
    );
    expect(Array.from(book.asks, ([price, size]) => [Number(price), Number(size)])).toStrictEqual(
      own.value.asks.map(([price, size]) => [Number(price), Number(size)]),
    );
  });

  it('watchTicker and watchOHLCV', async () => {
    const ticker = await client.watchTicker('BTC/USD');
    const own = agents.server.venue.ticker('BTC-USD');
    if (!own.ok) throw new Error('no ticker');
    expect(ticker.last).toBe(Number(own.value.price));
    const taken = subscribed(agents.server.binance.streamEvents, 'btcusd@kline_1m');
    const watching = client.watchOHLCV('BTC/USD', '1m');
    await taken;
    await agents.advance(2_000);
    const candles = await watching;
    const last = candles.at(-1)!;
    const [rest] = await client.fetchOHLCV('BTC/USD', '1m', last[0], 1);
    expect(last).toStrictEqual(rest);
  });

  it('watchOrders: a new order, its fills and its cancel reach the user data stream', async () => {
    await client.loadTimeDifference();
    const taken = subscribed(agents.server.binance.userEvents, 'alice');
    const first = client.watchOrders('BTC/USD');
    await taken;
    const placed = await client.createOrder('BTC/USD', 'limit', 'sell', 0.01, 99_999);
    const [seen] = await first;
    expect([seen!.id, seen!.status, seen!.price]).toStrictEqual([placed.id, 'open', 99_999]);
    const next = client.watchOrders('BTC/USD');
    await client.cancelOrder(placed.id!, 'BTC/USD');
    const updates = await next;
    expect(updates.at(-1)!.status).toBe('canceled');
    const filling = client.watchOrders('BTC/USD');
    const sold = await client.createOrder('BTC/USD', 'market', 'sell', 0.01);
    let last = (await filling).at(-1)!;
    for (let update = 0; last.status !== 'closed' && update < 10; update++) {
      last = (await client.watchOrders('BTC/USD')).at(-1)!;
    }
    expect([last.id, last.status, last.filled]).toStrictEqual([sold.id, 'closed', 0.01]);
  });
});
