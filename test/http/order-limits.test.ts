import { describe, expect, it } from 'vitest';
import { errorOf, useTestServer } from './test-server.js';

const server = useTestServer({ orderLimits: { maxOpenOrders: 5, maxStopOrders: 2 } });

const place = (body: Record<string, unknown>) =>
  server.call('POST', '/v1/orders', {
    body: { symbol: 'BTC-USD', side: 'buy', size: '1', ...body },
  });
const restingBuy = (price: string, symbol = 'BTC-USD') =>
  place({ type: 'limit', price, symbol, ...(symbol === 'ETH-USD' && { size: '0.01' }) });
const buyStop = (stopPrice: string) => place({ type: 'market', stop_price: stopPrice });

describe('per-account order limits', () => {
  it('/v1/instruments shows them', async () => {
    const reply = await server.call('GET', '/v1/instruments');
    for (const instrument of reply.json)
      expect(instrument).toMatchObject({ max_open_orders: 5, max_stop_orders: 2 });
  });

  it('an order that would rest or wait beyond the limits is refused 409 too_many_orders; market and ioc orders never are', async () => {
    for (let i = 0; i < 2; i++) expect((await buyStop(`4000${i}.00`)).status).toBe(201);
    // The third waiting stop passes the stop limit.
    const third = await buyStop('40002.00');
    expect([third.status, third.json]).toEqual([409, errorOf('too_many_orders')]);
    // Two stops and three resting orders make five: the open limit, stops included.
    const resting = [];
    for (let i = 0; i < 3; i++) resting.push(await restingBuy(`10${i}.00`));
    expect(resting.map((reply) => reply.status)).toEqual([201, 201, 201]);
    const sixth = await restingBuy('110.00');
    expect([sixth.status, sixth.json]).toEqual([409, errorOf('too_many_orders')]);
    expect(sixth.json.error.message).toBe(
      'at most 5 orders may be open per account on BTC-USD (waiting stops included); cancel one first',
    );
    const gtd = await place({
      type: 'limit',
      price: '112.00',
      time_in_force: 'gtd',
      expire_at: '2026-01-06T00:00:00.000Z',
    });
    expect(gtd.status).toBe(409);
    // Orders that never stay on the book go through; other symbols and accounts have their own.
    expect((await place({ type: 'market', size: '0.001' })).status).toBe(201);
    expect((await place({ type: 'limit', price: '120.00', time_in_force: 'ioc' })).status).toBe(
      201,
    );
    expect((await restingBuy('100.00', 'ETH-USD')).status).toBe(201);
    // A cancel frees a place.
    const cancel = await server.call('DELETE', `/v1/orders/${resting[0]!.json.id}`);
    expect(cancel.status).toBe(200);
    expect((await restingBuy('113.00')).status).toBe(201);
    const open = await server.call('GET', '/v1/orders?symbol=BTC-USD&status=open');
    const pending = await server.call('GET', '/v1/orders?symbol=BTC-USD&status=pending');
    expect([open.json.length, pending.json.length]).toEqual([3, 2]);
  });

  it('a too_many_orders refusal is not kept for its Idempotency-Key: the same request goes through once an order is cancelled', async () => {
    const open = await server.call('GET', '/v1/orders?symbol=ETH-USD&status=open');
    for (let i = open.json.length; i < 5; i++) await restingBuy(`20${i}.00`, 'ETH-USD');
    const headers = { 'idempotency-key': 'limit-retry' };
    const body = { symbol: 'ETH-USD', side: 'buy', type: 'limit', price: '300.00', size: '0.01' };
    const refused = await server.call('POST', '/v1/orders', { body, headers });
    expect(refused.status).toBe(409);
    const oldest = (await server.call('GET', '/v1/orders?symbol=ETH-USD&status=open')).json.at(-1);
    expect((await server.call('DELETE', `/v1/orders/${oldest.id}`)).status).toBe(200);
    const placed = await server.call('POST', '/v1/orders', { body, headers });
    expect(placed.status).toBe(201);
    const again = await server.call('POST', '/v1/orders', { body, headers });
    expect(again.text).toBe(placed.text);
  });
});
