import { describe, expect, it } from 'vitest';
import { quote } from '../../adapters/quote.js';
import { useTestServer } from './test-server.js';

const server = useTestServer();
const MARKET = { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.00100000' };
const LONG = 'a'.repeat(60_000);
const QUOTED = 'a'.repeat(64) + '…';

describe('errors repeat at most 64 characters of what the client sent', () => {
  it('a 60 KB unknown field name', async () => {
    const reply = await server.call('POST', '/v1/orders', { body: { ...MARKET, [LONG]: '1' } });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      error: { code: 'invalid_parameter', message: `unknown field ${QUOTED}`, field: QUOTED },
    });
  });

  it('an 8 KB unknown query parameter name', async () => {
    const name = 'p'.repeat(8_000);
    const reply = await server.call('GET', `/v1/market/ticker?symbol=BTC-USD&${name}=1`);
    const quoted = 'p'.repeat(64) + '…';
    expect(reply.json).toEqual({
      error: {
        code: 'invalid_parameter',
        message: `unknown query parameter ${quoted}`,
        field: quoted,
      },
    });
  });

  it('an 8 KB order id, on GET and DELETE', async () => {
    const id = 'ord_' + '9'.repeat(8_000);
    const message = `no order ${id.slice(0, 64)}… for this account`;
    for (const method of ['GET', 'DELETE']) {
      const reply = await server.call(method, `/v1/orders/${id}`);
      expect([reply.status, reply.json]).toEqual([
        404,
        { error: { code: 'order_not_found', message } },
      ]);
    }
  });

  it('quote keeps short text whole and never splits a surrogate pair', () => {
    expect(quote('x'.repeat(64))).toBe('x'.repeat(64));
    expect(quote('x'.repeat(63) + '😀' + 'y')).toBe('x'.repeat(63) + '…');
    expect(quote('x'.repeat(62) + '😀' + 'y')).toBe('x'.repeat(62) + '😀…');
  });
});
