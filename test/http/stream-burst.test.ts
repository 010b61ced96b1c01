import { describe, expect, it } from 'vitest';
import type { Venue } from '../../src/index.js';
import { applyDeltas, mustOpen } from './sse-client.js';
import { useTestServer } from './test-server.js';

// The default bound of 256 KiB waiting per stream; a book with no demo ladder.
const server = useTestServer({ demoLiquidity: false });

/** `count` resting limit orders of `account`, one a tick apart from `from` cents on. */
function restMany(
  venue: Venue,
  account: string,
  symbol: string,
  side: 'buy' | 'sell',
  count: number,
  from: number,
  size: string,
): void {
  for (let i = 0; i < count; i++) {
    const price = ((from + i) / 100).toFixed(2);
    const placed = venue.placeOrder({ account, symbol, side, type: 'limit', price, size });
    if (!placed.ok) throw new Error(placed.error.message);
  }
}

describe('a stream and a burst larger than the bytes a stream may have waiting', () => {
  it('one order sweeping 2,000 resting orders: a reading stream gets every trade, and its book stays exact', async () => {
    const { venue } = server.server;
    restMany(venue, 'bob', 'BTC-USD', 'sell', 2000, 10_000, '0.01');
    const stream = await mustOpen(server.url, '/v1/stream?symbols=BTC-USD&channels=trades,book');
    const [snapshot] = await stream.count(1);
    // About 2,000 trades and 2,000 level changes: some 700 KB of events from one command.
    const sweep = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '20' },
    });
    expect([sweep.status, sweep.json.fill_count]).toEqual([201, 2000]);
    const book = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1000');
    await stream.next(
      (event) =>
        (event.event === 'book' || event.event === 'snapshot') &&
        event.data.book_sequence === book.json.sequence,
    );
    const trades = stream.events.filter((event) => event.event === 'trade');
    // The answer lists the order's first 100 fills; the stream has all 2,000, once each, in order.
    const ids = trades.map((event) => Number(event.data.trade_id.slice('t_'.length)));
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
    expect(ids).toHaveLength(2000);
    expect(trades.slice(0, 100).map((event) => event.data.trade_id)).toEqual(
      sweep.json.fills.map((fill: { trade_id: string }) => fill.trade_id),
    );
    expect(applyDeltas(snapshot!, stream.events)).toEqual({
      bids: book.json.bids,
      asks: book.json.asks,
    });
    expect(stream.ended).toBe(false);
    stream.close();
  });

  it('one trade triggering 10,000 stops: a reading stream gets every trade of the cascade', async () => {
    const { venue } = server.server;
    restMany(venue, 'bob', 'ETH-USD', 'sell', 1, 300_000, '10');
    for (let i = 0; i < 10_000; i++) {
      const stop = venue.placeOrder({
        account: 'carol',
        symbol: 'ETH-USD',
        side: 'buy',
        type: 'market',
        size: '0.0001',
        stopPrice: '3000.00',
      });
      if (!stop.ok) throw new Error(stop.error.message);
    }
    const stream = await mustOpen(server.url, '/v1/stream?symbols=ETH-USD&channels=trades');
    const [snapshot] = await stream.count(1);
    // Some 2.4 MB of trade events from one command.
    const trigger = await server.call('POST', '/v1/orders', {
      body: { symbol: 'ETH-USD', side: 'buy', type: 'market', size: '0.0001' },
    });
    expect(trigger.json.status).toBe('filled');
    const last = await server.call('GET', '/v1/market/trades?symbol=ETH-USD&limit=1');
    await stream.next((event) => event.data.trade_id === last.json[0].trade_id);
    const trades = stream.events.filter((event) => event.event === 'trade');
    expect(trades).toHaveLength(10_001);
    expect(trades[0]!.data.trade_id).toBe(trigger.json.fills[0].trade_id);
    expect(trades.every((event) => event.data.price === '3000.00')).toBe(true);
    expect(trades[0]!.data.sequence).toBeGreaterThan(snapshot!.data.sequence);
    stream.close();
  });

  it('an account with 1,000 resting orders opens an orders stream: its snapshot lists all 1,000', async () => {
    const { venue } = server.server;
    restMany(venue, 'alice', 'ETH-USD', 'buy', 1000, 100, '0.01');
    const stream = await mustOpen(server.url, '/v1/stream?symbols=ETH-USD&channels=orders');
    const [snapshot] = await stream.count(1);
    const listed = venue.listOrders('alice', { symbol: 'ETH-USD', status: 'open' });
    if (!listed.ok) throw new Error(listed.error.message);
    expect(snapshot!.data.orders).toHaveLength(1000);
    expect(snapshot!.data.orders.map((order: { id: string }) => order.id)).toEqual(
      listed.value.map((order) => order.id),
    );
    stream.close();
  });
});
