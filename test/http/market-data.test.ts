import { describe, expect, it } from 'vitest';
import { START_MS, useTestServer } from './test-server.js';

const server = useTestServer();
const iso = (ms: number) => new Date(ms).toISOString();

describe('the interface examples on a fresh server', () => {
  it('ticker before any trade shows the reference price', async () => {
    const reply = await server.call('GET', '/v1/market/ticker?symbol=BTC-USD');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(
      JSON.stringify({
        symbol: 'BTC-USD',
        price: '30000.00',
        open_24h: '30000.00',
        high_24h: '30000.00',
        low_24h: '30000.00',
        volume_24h: '0.00000000',
        timestamp: iso(START_MS),
      }),
    );
  });

  it('a market order answers 201 filled with filled_size equal to its size; the ticker follows', async () => {
    const book = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1');
    const [bestAsk, bestAskSize] = book.json.asks[0] as [string, string];
    server.clock.now += 1000;
    const reply = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' },
    });
    expect(reply.status).toBe(201);
    expect(Number(bestAskSize)).toBeGreaterThan(0.01);
    expect(reply.json).toEqual({
      id: 'ord_161',
      symbol: 'BTC-USD',
      side: 'buy',
      type: 'market',
      size: '0.01000000',
      filled_size: '0.01000000',
      remaining_size: '0.00000000',
      average_price: bestAsk,
      status: 'filled',
      time_in_force: 'ioc',
      post_only: false,
      created_at: iso(START_MS + 1000),
      fills: [{ trade_id: 't_1', price: bestAsk, size: '0.01000000' }],
      fill_count: 1,
    });
    server.clock.now += 1000;
    const ticker = await server.call('GET', '/v1/market/ticker?symbol=BTC-USD');
    expect(ticker.json).toEqual({
      symbol: 'BTC-USD',
      price: bestAsk,
      open_24h: bestAsk,
      high_24h: bestAsk,
      low_24h: bestAsk,
      volume_24h: '0.01000000',
      timestamp: iso(START_MS + 2000),
    });
  });

  it('the orderbook: bids descend, asks ascend, default depth 50, up to 1000', async () => {
    const deep = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1000');
    const lowestBid = Number((deep.json.bids.at(-1) as [string, string])[0]);
    for (let level = 1; level <= 20; level++) {
      const price = (lowestBid - level).toFixed(2);
      const placed = await server.call('POST', '/v1/orders', {
        body: { symbol: 'BTC-USD', side: 'buy', type: 'limit', price, size: '0.5' },
      });
      expect(placed.json.status).toBe('open');
    }
    const reply = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json)).toEqual(['symbol', 'bids', 'asks', 'timestamp', 'sequence']);
    expect(reply.json.symbol).toBe('BTC-USD');
    expect(reply.json.bids).toHaveLength(50);
    expect(reply.json.asks).toHaveLength(40);
    const bids = (reply.json.bids as [string, string][]).map(([price]) => Number(price));
    const asks = (reply.json.asks as [string, string][]).map(([price]) => Number(price));
    for (let i = 1; i < bids.length; i++) expect(bids[i]).toBeLessThan(bids[i - 1]!);
    for (let i = 1; i < asks.length; i++) expect(asks[i]).toBeGreaterThan(asks[i - 1]!);
    expect(bids[0]).toBeLessThan(asks[0]!);
    const all = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1000');
    expect(all.json.bids).toHaveLength(60);
    expect(all.json.bids.at(-1)).toEqual([(lowestBid - 20).toFixed(2), '0.50000000']);
  });

  it('trades: most recent first, default limit 100, limit 1000 accepted, 1001 refused', async () => {
    for (let i = 0; i < 130; i++) {
      server.clock.now += 1;
      const side = i % 2 === 0 ? 'buy' : 'sell';
      const placed = await server.call('POST', '/v1/orders', {
        body: { symbol: 'ETH-USD', side, type: 'market', size: '0.0100' },
      });
      expect(placed.json.status).toBe('filled');
    }
    const reply = await server.call('GET', '/v1/market/trades?symbol=ETH-USD');
    expect(reply.status).toBe(200);
    expect(reply.json).toHaveLength(100);
    expect(reply.json[0]).toEqual({
      trade_id: 't_131',
      symbol: 'ETH-USD',
      side: 'sell',
      price: expect.stringMatching(/^19\d\d\.\d\d$/),
      size: '0.0100',
      timestamp: iso(server.clock.now),
    });
    const ids = (reply.json as { trade_id: string }[]).map((trade) => trade.trade_id);
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => `t_${131 - i}`));
    const thousand = await server.call('GET', '/v1/market/trades?symbol=ETH-USD&limit=1000');
    expect(thousand.status).toBe(200);
    expect(thousand.json).toHaveLength(130);
    const refused = await server.call('GET', '/v1/market/trades?symbol=ETH-USD&limit=1001');
    expect(refused.status).toBe(400);
    expect(refused.json.error.field).toBe('limit');
  });
});

describe('orders beyond the interface', () => {
  it('a limit order record, then GET, list (newest first, filtered) and DELETE', async () => {
    const body = {
      symbol: 'ETH-USD',
      side: 'sell',
      type: 'limit',
      price: '2500.00',
      size: '1.5',
      client_order_id: 'my-1',
    };
    const placed = await server.call('POST', '/v1/orders', { body });
    expect(placed.status).toBe(201);
    const record = {
      id: placed.json.id,
      client_order_id: 'my-1',
      symbol: 'ETH-USD',
      side: 'sell',
      type: 'limit',
      price: '2500.00',
      size: '1.5000',
      filled_size: '0.0000',
      remaining_size: '1.5000',
      average_price: null,
      status: 'open',
      time_in_force: 'gtc',
      post_only: false,
      created_at: iso(server.clock.now),
      fills: [],
      fill_count: 0,
    };
    expect(placed.text).toBe(JSON.stringify(record));
    expect((await server.call('GET', `/v1/orders/${record.id}`)).json).toEqual(record);
    const open = await server.call('GET', '/v1/orders?status=open&symbol=ETH-USD&limit=1');
    expect(open.json).toEqual([record]);
    const cancelled = await server.call('DELETE', `/v1/orders/${record.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toEqual({ ...record, remaining_size: '0.0000', status: 'cancelled' });
    const list = await server.call('GET', '/v1/orders');
    expect(list.json).toHaveLength(100);
    expect(list.json[0].id).toBe(record.id);
  });

  it('a post-only order that would take is rejected with its reason', async () => {
    const book = await server.call('GET', '/v1/market/orderbook?symbol=ETH-USD&depth=1');
    const [bestAsk] = book.json.asks[0] as [string, string];
    const body = {
      symbol: 'ETH-USD',
      side: 'buy',
      type: 'limit',
      price: bestAsk,
      size: '1',
      post_only: true,
    };
    const reply = await server.call('POST', '/v1/orders', { body });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({
      status: 'rejected',
      reject_reason: 'post_only_would_take',
      filled_size: '0.0000',
    });
  });
});
