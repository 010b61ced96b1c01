import { describe, expect, it } from 'vitest';
import { BOB_KEY, useTestServer } from './test-server.js';

const server = useTestServer();

const UNAUTHORIZED = {
  error: { code: 'unauthorized', message: 'a valid X-API-Key header is required' },
};
const MARKET_BUY = { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.01000000' };

const ROUTES: ReadonlyArray<{ method: string; path: string; body?: unknown; goodStatus: number }> =
  [
    { method: 'GET', path: '/v1/market/ticker?symbol=BTC-USD', goodStatus: 200 },
    { method: 'GET', path: '/v1/market/orderbook?symbol=BTC-USD', goodStatus: 200 },
    { method: 'GET', path: '/v1/market/trades?symbol=BTC-USD', goodStatus: 200 },
    { method: 'GET', path: '/v1/orders', goodStatus: 200 },
    { method: 'POST', path: '/v1/orders', body: MARKET_BUY, goodStatus: 201 },
    { method: 'GET', path: '/v1/orders/ord_999999', goodStatus: 404 },
    { method: 'DELETE', path: '/v1/orders/ord_999999', goodStatus: 404 },
    { method: 'GET', path: '/v1/no/such/route', goodStatus: 404 },
    { method: 'PUT', path: '/v1/orders', goodStatus: 405 },
  ];

describe('X-API-Key on every route', () => {
  for (const route of ROUTES) {
    const name = `${route.method} ${route.path}`;
    it(`${name}: no key, an empty key and a wrong key get the same 401`, async () => {
      for (const key of [null, '', 'wrong-key']) {
        const reply = await server.call(route.method, route.path, { key, body: route.body });
        expect(reply.status).toBe(401);
        expect(reply.json).toEqual(UNAUTHORIZED);
      }
    });
    it(`${name}: a good key gets ${route.goodStatus}`, async () => {
      const reply = await server.call(route.method, route.path, { body: route.body });
      expect(reply.status).toBe(route.goodStatus);
    });
  }

  it('a key that differs only in its last character or by case is refused', async () => {
    for (const key of ['alice-key-012345678X', 'ALICE-KEY-0123456789']) {
      expect((await server.call('GET', '/v1/orders', { key })).status).toBe(401);
    }
  });
});

describe('accounts', () => {
  it("another account's order is order_not_found, to read and to cancel", async () => {
    const placed = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '100.00', size: '0.01000000' },
    });
    expect(placed.status).toBe(201);
    const id = placed.json.id as string;
    const notFound = {
      error: { code: 'order_not_found', message: `no order ${id} for this account` },
    };
    for (const method of ['GET', 'DELETE']) {
      const reply = await server.call(method, `/v1/orders/${id}`, { key: BOB_KEY });
      expect(reply.status).toBe(404);
      expect(reply.json).toEqual(notFound);
    }
    const bobsList = await server.call('GET', '/v1/orders', { key: BOB_KEY });
    expect(bobsList.json.map((order: { id: string }) => order.id)).not.toContain(id);
    const own = await server.call('GET', `/v1/orders/${id}`);
    expect(own.status).toBe(200);
    expect(own.json.status).toBe('open');
  });
});
