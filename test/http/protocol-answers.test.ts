import { describe, expect, it } from 'vitest';
import { exchange, parseReply, type RawReply } from './raw-socket.js';
import { ALICE_KEY, useTestServer } from './test-server.js';

const server = useTestServer();
const TICKER = '/v1/market/ticker?symbol=BTC-USD';
const ORDER = '{"symbol":"BTC-USD","side":"buy","type":"market","size":"0.00100000"}';

const send = async (text: string): Promise<RawReply> =>
  parseReply(await exchange(server.url, text));

/** The contract's error shape, as JSON, on a closed connection. */
function expectJsonError(reply: RawReply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.head).toContain('content-type: application/json; charset=utf-8');
  expect(reply.json).toEqual({ error: { code, message: expect.any(String) } });
}

describe('every answer is JSON, even where node would answer itself', () => {
  it('HTTP/1.1 without Host: 400 bad_request', async () => {
    const reply = await send(`GET ${TICKER} HTTP/1.1\r\nX-API-Key: ${ALICE_KEY}\r\n\r\n`);
    expectJsonError(reply, 400, 'bad_request');
    expect(reply.head).toContain('connection: close');
  });

  it('HTTP/1.1 with two Host headers: 400 bad_request', async () => {
    const reply = await send(`GET ${TICKER} HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n`);
    expectJsonError(reply, 400, 'bad_request');
  });

  it('HTTP/1.0 needs no Host', async () => {
    const reply = await send(`GET ${TICKER} HTTP/1.0\r\nX-API-Key: ${ALICE_KEY}\r\n\r\n`);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ symbol: 'BTC-USD' });
  });

  it('an absolute-form target is served by its path and query', async () => {
    const reply = await send(
      `GET http://x${TICKER} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ symbol: 'BTC-USD' });
  });

  it('Expect: 100-continue gets 100 Continue, then the answer', async () => {
    const { hostname, port } = new URL(server.url);
    const reply = await exchange(
      server.url,
      `POST /v1/orders HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-API-Key: ${ALICE_KEY}\r\n` +
        'Content-Type: application/json\r\nExpect: 100-continue\r\nConnection: close\r\n' +
        `Content-Length: ${ORDER.length}\r\n\r\n${ORDER}`,
    );
    expect(reply.startsWith('HTTP/1.1 100 Continue\r\n\r\n')).toBe(true);
    const answer = parseReply(reply.slice('HTTP/1.1 100 Continue\r\n\r\n'.length));
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ status: 'filled', size: '0.00100000' });
  });

  it('any other Expect: 417 expectation_failed', async () => {
    const reply = await send(`GET ${TICKER} HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n`);
    expectJsonError(reply, 417, 'expectation_failed');
    expect(reply.head).toContain('connection: close');
  });

  it('CONNECT is answered like any method: 401 without a key, else no such route or method', async () => {
    const target = 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n';
    expectJsonError(await send(`${target}\r\n`), 401, 'unauthorized');
    expectJsonError(await send(`${target}X-API-Key: ${ALICE_KEY}\r\n\r\n`), 404, 'not_found');
    const orders = `CONNECT /v1/orders HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\n\r\n`;
    const refused = await send(orders);
    expectJsonError(refused, 405, 'method_not_allowed');
    expect(refused.head).toContain('allow: get, post');
  });

  it('an Upgrade request is answered as if it had none (never 101)', async () => {
    const reply = await send(
      `GET ${TICKER} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\n` +
        'Connection: upgrade, close\r\nUpgrade: websocket\r\n\r\n',
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ symbol: 'BTC-USD' });
  });

  it('malformed HTTP: 400 bad_request', async () => {
    expectJsonError(await send('NOT HTTP AT ALL\r\n\r\n'), 400, 'bad_request');
    const both =
      'POST /v1/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n' +
      'Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    expectJsonError(await send(both), 400, 'bad_request');
  });

  it('headers over 16 KiB: 431 headers_too_large', async () => {
    const reply = await send(
      `GET ${TICKER} HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(17_000)}\r\n\r\n`,
    );
    expectJsonError(reply, 431, 'headers_too_large');
  });
});
