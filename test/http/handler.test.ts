import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { ApiKeyTable } from '../../adapters/server/http/api-keys.js';
import { documentedHandler } from './openapi-check.js';
import { createHandler } from '../../adapters/server/http/handler.js';
import type { HttpRequest } from '../../adapters/server/http/http-types.js';
import { ALICE_KEY, START_MS } from './test-server.js';

/** The pure handler, no socket: request in, response out. */
function handler() {
  const venue = Venue.create({ clock: () => START_MS });
  if (!venue.ok) throw new Error(venue.error.message);
  const keys = new ApiKeyTable([{ key: ALICE_KEY, account: 'alice' }]);
  const handle = documentedHandler(
    createHandler({ venue: venue.value, keys, clock: () => START_MS }),
  );
  return (
    method: string,
    url: string,
    headers: HttpRequest['headers'] = { 'x-api-key': ALICE_KEY },
    body = '',
  ) => handle({ method, url, headers, body: new TextEncoder().encode(body) });
}

const codeOf = (body: string) => (JSON.parse(body) as { error: { code: string } }).error.code;

describe('the pure handler', () => {
  const call = handler();

  it('a repeated X-API-Key is refused like a wrong one', () => {
    const reply = call('GET', '/v1/orders', { 'x-api-key': [ALICE_KEY, ALICE_KEY] });
    expect([reply.status, codeOf(reply.body)]).toEqual([401, 'unauthorized']);
  });

  it('HEAD and OPTIONS are 405 with Allow', () => {
    for (const method of ['HEAD', 'OPTIONS']) {
      const reply = call(method, '/v1/market/ticker?symbol=BTC-USD');
      expect(reply.status).toBe(405);
      expect(reply.headers['allow']).toBe('GET');
    }
  });

  it('query values are percent- and plus-decoded; a malformed escape stays as written', () => {
    expect(call('GET', '/v1/market/ticker?symbol=BTC%2DUSD').status).toBe(200);
    const plus = call('GET', '/v1/market/ticker?symbol=BTC+USD');
    expect(JSON.parse(plus.body)).toEqual({
      error: { code: 'invalid_parameter', field: 'symbol', message: expect.any(String) },
    });
    const malformed = call('GET', '/v1/market/ticker?sym%ZZ=1');
    expect(JSON.parse(malformed.body).error.field).toBe('sym%ZZ');
  });

  it('an empty query value is a missing parameter; empty pairs are ignored', () => {
    expect(JSON.parse(call('GET', '/v1/market/ticker?symbol=').body).error.message).toBe(
      'query parameter symbol is required',
    );
    expect(call('GET', '/v1/market/ticker?&&symbol=ETH-USD&').status).toBe(200);
  });

  it('the ticker before any trade, with the venue clock', () => {
    const reply = call('GET', '/v1/market/ticker?symbol=ETH-USD');
    expect(reply).toEqual({
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        // The default 100 requests a second: a burst of 200, 8 taken by the tests before.
        'ratelimit-limit': '200',
        'ratelimit-remaining': '192',
        'ratelimit-reset': '1',
      },
      body:
        '{"symbol":"ETH-USD","price":"2000.00","open_24h":"2000.00","high_24h":"2000.00",' +
        '"low_24h":"2000.00","volume_24h":"0.0000","timestamp":"2026-01-05T09:30:00.000Z"}',
    });
  });

  it('an empty book, then the cached body follows the book after an order', () => {
    const empty = call('GET', '/v1/market/orderbook?symbol=BTC-USD');
    expect(JSON.parse(empty.body)).toEqual({
      symbol: 'BTC-USD',
      bids: [],
      asks: [],
      timestamp: '2026-01-05T09:30:00.000Z',
      sequence: 0,
    });
    expect(call('GET', '/v1/market/orderbook?symbol=BTC-USD').body).toBe(empty.body);
    const order =
      '{"symbol":"BTC-USD","side":"sell","type":"limit","price":"31000.00","size":"0.5"}';
    const headers = { 'x-api-key': ALICE_KEY, 'content-type': 'application/json' };
    const placed = call('POST', '/v1/orders', headers, order);
    expect(placed.status).toBe(201);
    expect(JSON.parse(call('GET', '/v1/market/orderbook?symbol=BTC-USD').body)).toEqual({
      symbol: 'BTC-USD',
      bids: [],
      asks: [['31000.00', '0.50000000']],
      timestamp: '2026-01-05T09:30:00.000Z',
      sequence: 1,
    });
    expect(call('DELETE', `/v1/orders/${JSON.parse(placed.body).id}`).status).toBe(200);
    expect(JSON.parse(call('GET', '/v1/market/orderbook?symbol=BTC-USD').body)).toMatchObject({
      asks: [],
      sequence: 2,
    });
  });
});
