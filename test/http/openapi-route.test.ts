import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { ApiKeyTable } from '../../adapters/server/http/api-keys.js';
import { documentedHandler } from './openapi-check.js';
import { createHandler } from '../../adapters/server/http/handler.js';
import type { HttpRequest } from '../../adapters/server/http/http-types.js';
import { OPENAPI_DOCUMENT } from '../../adapters/server/http/openapi.js';
import { exchange, parseReply } from './raw-socket.js';
import { ALICE_KEY, errorOf, START_MS, useTestServer } from './test-server.js';

const DOCUMENT = '/v1/openapi.json';

/** The pure handler at 2 requests per second (burst 4). */
function handlerAt2PerSecond() {
  const venue = Venue.create({ clock: () => START_MS });
  if (!venue.ok) throw new Error(venue.error.message);
  const keys = new ApiKeyTable([{ key: ALICE_KEY, account: 'alice' }]);
  const handle = documentedHandler(
    createHandler({ venue: venue.value, keys, clock: () => START_MS, rateLimit: 2 }),
  );
  return (method: string, url: string, headers: HttpRequest['headers'] = {}) =>
    handle({ method, url, headers, body: new Uint8Array(0), remoteAddress: '10.0.0.1' });
}

describe('GET /v1/openapi.json, through the handler', () => {
  it('answers the document without a key, whatever key is sent', () => {
    const handle = handlerAt2PerSecond();
    for (const headers of [{}, { 'x-api-key': 'wrong' }, { 'x-api-key': ALICE_KEY }]) {
      const reply = handle('GET', DOCUMENT, headers);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(reply.body)).toEqual(OPENAPI_DOCUMENT);
    }
  });

  it('other methods are 405 with Allow: GET, without a key', () => {
    const handle = handlerAt2PerSecond();
    for (const method of ['HEAD', 'OPTIONS', 'POST']) {
      const reply = handle(method, DOCUMENT);
      expect([reply.status, reply.headers['allow']]).toEqual([405, 'GET']);
      expect(JSON.parse(reply.body)).toEqual(errorOf('method_not_allowed'));
    }
  });

  it('a query parameter is invalid_parameter naming it', () => {
    const reply = handlerAt2PerSecond()('GET', `${DOCUMENT}?format=yaml`);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual(errorOf('invalid_parameter', 'format'));
  });

  it("counts against the address's limit of requests without a valid key, keyed or not", () => {
    const handle = handlerAt2PerSecond();
    const statuses = [
      handle('GET', DOCUMENT).status,
      handle('GET', '/v1/orders').status,
      handle('GET', DOCUMENT, { 'x-api-key': ALICE_KEY }).status,
      handle('GET', DOCUMENT).status,
      handle('GET', DOCUMENT).status,
    ];
    expect(statuses).toEqual([200, 401, 200, 200, 429]);
    expect(handle('GET', '/v1/orders', { 'x-api-key': ALICE_KEY }).status).toBe(200);
  });
});

describe('GET /v1/openapi.json, over a socket', () => {
  const server = useTestServer();

  it('serves the same bytes on every request, without a key', async () => {
    const first = await server.call('GET', DOCUMENT, { key: null });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.json).toEqual(OPENAPI_DOCUMENT);
    expect((await server.call('GET', DOCUMENT, { key: 'wrong' })).text).toBe(first.text);
  });

  it('HTTP/1.0 without a key or Host', async () => {
    const reply = parseReply(await exchange(server.url, `GET ${DOCUMENT} HTTP/1.0\r\n\r\n`));
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual(OPENAPI_DOCUMENT);
  });
});
