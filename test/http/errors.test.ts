import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { ApiKeyTable } from '../../adapters/server/http/api-keys.js';
import { documentedHandler } from './openapi-check.js';
import { createHandler } from '../../adapters/server/http/handler.js';
import { ALICE_KEY, errorOf, useTestServer, type CallOptions } from './test-server.js';

const server = useTestServer();

const JSON_HEADERS = { 'content-type': 'application/json' };
const MARKET = { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.00100000' };

interface ErrorCase {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly options?: CallOptions;
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly headers?: Record<string, string>;
}

const raw = (rawBody: string | Uint8Array): CallOptions => ({ rawBody, headers: JSON_HEADERS });
const order = (fields: Record<string, unknown>): CallOptions => ({ body: fields });

const CASES: readonly ErrorCase[] = [
  {
    name: 'truncated JSON',
    method: 'POST',
    path: '/v1/orders',
    options: raw('{"symbol":'),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'empty body',
    method: 'POST',
    path: '/v1/orders',
    options: raw(''),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'a JSON array',
    method: 'POST',
    path: '/v1/orders',
    options: raw('[]'),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'JSON null',
    method: 'POST',
    path: '/v1/orders',
    options: raw('null'),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'a JSON string',
    method: 'POST',
    path: '/v1/orders',
    options: raw('"x"'),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'bad UTF-8',
    method: 'POST',
    path: '/v1/orders',
    options: raw(new Uint8Array([0x7b, 0xff, 0x7d])),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'missing symbol',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, symbol: undefined }),
    status: 400,
    code: 'invalid_parameter',
    field: 'symbol',
  },
  {
    name: 'missing size',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, size: undefined }),
    status: 400,
    code: 'invalid_parameter',
    field: 'size',
  },
  {
    name: 'unknown body field',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, leverage: '10' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'leverage',
  },
  {
    name: 'size as a JSON number',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, size: 0.001 }),
    status: 400,
    code: 'invalid_parameter',
    field: 'size',
  },
  {
    name: 'size with an exponent',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, size: '1e-3' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'size',
  },
  {
    name: 'negative size',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, size: '-1' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'size',
  },
  {
    name: 'size off the lot',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, size: '0.000000001' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'size',
  },
  {
    name: 'size over max_size',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, size: '1000.00000001' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'size',
  },
  {
    name: 'bad side',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, side: 'hold' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'side',
  },
  {
    name: 'bad type',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, type: 'stop' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'type',
  },
  {
    name: 'price on a market order',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, price: '30000.00' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'price',
  },
  {
    name: 'limit without price',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, type: 'limit' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'price',
  },
  {
    name: 'price off the tick',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, type: 'limit', price: '100.001' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'price',
  },
  {
    name: 'bad time_in_force',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, type: 'limit', price: '100.00', time_in_force: 'day' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'time_in_force',
  },
  {
    name: 'post_only as a string',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, type: 'limit', price: '100.00', post_only: 'true' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'post_only',
  },
  {
    name: 'bad client_order_id',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, client_order_id: 'has space' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'client_order_id',
  },
  {
    name: 'malformed symbol',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, symbol: 'btc-usd' }),
    status: 400,
    code: 'invalid_parameter',
    field: 'symbol',
  },
  {
    name: 'ticker without symbol',
    method: 'GET',
    path: '/v1/market/ticker',
    status: 400,
    code: 'invalid_parameter',
    field: 'symbol',
  },
  {
    name: 'unknown query parameter',
    method: 'GET',
    path: '/v1/market/ticker?symbol=BTC-USD&foo=1',
    status: 400,
    code: 'invalid_parameter',
    field: 'foo',
  },
  {
    name: 'repeated query parameter',
    method: 'GET',
    path: '/v1/market/ticker?symbol=BTC-USD&symbol=ETH-USD',
    status: 400,
    code: 'invalid_parameter',
    field: 'symbol',
  },
  {
    name: 'depth 0',
    method: 'GET',
    path: '/v1/market/orderbook?symbol=BTC-USD&depth=0',
    status: 400,
    code: 'invalid_parameter',
    field: 'depth',
  },
  {
    name: 'depth 1001',
    method: 'GET',
    path: '/v1/market/orderbook?symbol=BTC-USD&depth=1001',
    status: 400,
    code: 'invalid_parameter',
    field: 'depth',
  },
  {
    name: 'depth 2.5',
    method: 'GET',
    path: '/v1/market/orderbook?symbol=BTC-USD&depth=2.5',
    status: 400,
    code: 'invalid_parameter',
    field: 'depth',
  },
  {
    name: 'trades limit 1001',
    method: 'GET',
    path: '/v1/market/trades?symbol=BTC-USD&limit=1001',
    status: 400,
    code: 'invalid_parameter',
    field: 'limit',
  },
  {
    name: 'trades limit -1',
    method: 'GET',
    path: '/v1/market/trades?symbol=BTC-USD&limit=-1',
    status: 400,
    code: 'invalid_parameter',
    field: 'limit',
  },
  {
    name: 'orders status unknown',
    method: 'GET',
    path: '/v1/orders?status=done',
    status: 400,
    code: 'invalid_parameter',
    field: 'status',
  },
  {
    name: 'orders limit 1001',
    method: 'GET',
    path: '/v1/orders?limit=1001',
    status: 400,
    code: 'invalid_parameter',
    field: 'limit',
  },
  {
    name: 'bad Idempotency-Key',
    method: 'POST',
    path: '/v1/orders',
    options: { body: MARKET, headers: { 'idempotency-key': 'x'.repeat(256) } },
    status: 400,
    code: 'invalid_parameter',
    field: 'Idempotency-Key',
  },
  {
    name: 'no key',
    method: 'GET',
    path: '/v1/market/ticker?symbol=BTC-USD',
    options: { key: null },
    status: 401,
    code: 'unauthorized',
  },
  {
    name: 'unlisted symbol (ticker)',
    method: 'GET',
    path: '/v1/market/ticker?symbol=XRP-USD',
    status: 404,
    code: 'unknown_symbol',
    field: 'symbol',
  },
  {
    name: 'unlisted symbol (orderbook)',
    method: 'GET',
    path: '/v1/market/orderbook?symbol=XRP-USD',
    status: 404,
    code: 'unknown_symbol',
    field: 'symbol',
  },
  {
    name: 'unlisted symbol (trades)',
    method: 'GET',
    path: '/v1/market/trades?symbol=XRP-USD',
    status: 404,
    code: 'unknown_symbol',
    field: 'symbol',
  },
  {
    name: 'unlisted symbol (order)',
    method: 'POST',
    path: '/v1/orders',
    options: order({ ...MARKET, symbol: 'XRP-USD' }),
    status: 404,
    code: 'unknown_symbol',
    field: 'symbol',
  },
  {
    name: 'unlisted symbol (orders list)',
    method: 'GET',
    path: '/v1/orders?symbol=XRP-USD',
    status: 404,
    code: 'unknown_symbol',
    field: 'symbol',
  },
  {
    name: 'no such order',
    method: 'GET',
    path: '/v1/orders/ord_424242',
    status: 404,
    code: 'order_not_found',
  },
  {
    name: 'not an order id',
    method: 'DELETE',
    path: '/v1/orders/hello',
    status: 404,
    code: 'order_not_found',
  },
  { name: 'no such route', method: 'GET', path: '/v1/market', status: 404, code: 'not_found' },
  {
    name: 'other version',
    method: 'GET',
    path: '/v2/market/ticker?symbol=BTC-USD',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'nested order path',
    method: 'GET',
    path: '/v1/orders/ord_1/trades',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'DELETE ticker',
    method: 'DELETE',
    path: '/v1/market/ticker?symbol=BTC-USD',
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: 'GET' },
  },
  {
    name: 'PUT orders',
    method: 'PUT',
    path: '/v1/orders',
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: 'GET, POST, DELETE' },
  },
  {
    name: 'POST an order id',
    method: 'POST',
    path: '/v1/orders/ord_1',
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: 'GET, PATCH, DELETE' },
  },
  {
    name: '64 KiB + 1',
    method: 'POST',
    path: '/v1/orders',
    options: raw(' '.repeat(64 * 1024 + 1)),
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: '300 KiB',
    method: 'POST',
    path: '/v1/orders',
    options: raw('x'.repeat(300 * 1024)),
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: 'text/plain body',
    method: 'POST',
    path: '/v1/orders',
    options: { rawBody: JSON.stringify(MARKET), headers: { 'content-type': 'text/plain' } },
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'no content type',
    method: 'POST',
    path: '/v1/orders',
    options: { rawBody: new TextEncoder().encode(JSON.stringify(MARKET)) },
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'latin-1 JSON',
    method: 'POST',
    path: '/v1/orders',
    options: {
      rawBody: JSON.stringify(MARKET),
      headers: { 'content-type': 'application/json; charset=latin1' },
    },
    status: 415,
    code: 'unsupported_media_type',
  },
];

describe("every row of the contract's error table (docs/http-api.md)", () => {
  for (const error of CASES) {
    it(`${error.status} ${error.code}${error.field ? ` (${error.field})` : ''}: ${error.name}`, async () => {
      const reply = await server.call(error.method, error.path, error.options);
      expect(reply.status).toBe(error.status);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(reply.json).toEqual(errorOf(error.code, error.field));
      for (const [name, value] of Object.entries(error.headers ?? {}))
        expect(reply.headers.get(name)).toBe(value);
    });
  }

  it('exactly 64 KiB is read (and judged as JSON)', async () => {
    const padded = JSON.stringify(MARKET).padEnd(64 * 1024, ' ');
    const reply = await server.call('POST', '/v1/orders', raw(padded));
    expect(reply.status).toBe(201);
    expect(reply.json.status).toBe('filled');
  });

  it('409 order_not_open: cancelling a filled order, or one already cancelled', async () => {
    const filled = await server.call('POST', '/v1/orders', { body: MARKET });
    expect(filled.json.status).toBe('filled');
    const again = await server.call('DELETE', `/v1/orders/${filled.json.id}`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      error: { code: 'order_not_open', message: `order ${filled.json.id} is filled` },
    });
    const resting = await server.call(
      'POST',
      '/v1/orders',
      order({ ...MARKET, type: 'limit', price: '100.00' }),
    );
    expect((await server.call('DELETE', `/v1/orders/${resting.json.id}`)).status).toBe(200);
    const twice = await server.call('DELETE', `/v1/orders/${resting.json.id}`);
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual(errorOf('order_not_open'));
  });

  it('500 internal_error: a throwing venue gives JSON without a stack trace', () => {
    const venue = new Proxy({} as Venue, {
      get: () => () => {
        throw new Error('boom at secret/path.ts:1');
      },
    });
    const handle = documentedHandler(
      createHandler({
        venue,
        keys: new ApiKeyTable([{ key: ALICE_KEY, account: 'alice' }]),
        clock: () => 0,
      }),
    );
    const reply = handle({
      method: 'GET',
      url: '/v1/market/ticker?symbol=BTC-USD',
      headers: { 'x-api-key': ALICE_KEY },
      body: new Uint8Array(),
    });
    expect(reply).toEqual({
      status: 500,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'ratelimit-limit': '200',
        'ratelimit-remaining': '199',
        'ratelimit-reset': '1',
      },
      body: '{"error":{"code":"internal_error","message":"internal error"}}',
    });
  });
});
