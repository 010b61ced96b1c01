import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ALICE_KEY, useTestServer } from './test-server.js';

const server = useTestServer({ requestTimeoutMs: 300 });

/** Writes `text` on a new socket and resolves with everything read until the server closes it. */
function exchange(
  text: string,
  { ignoreErrors = false } = {},
): Promise<{ reply: string; elapsedMs: number }> {
  const { hostname, port } = new URL(server.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', (error) => (ignoreErrors ? undefined : reject(error)));
    socket.on('close', () => resolve({ reply, elapsedMs: Date.now() - started }));
  });
}

function statusAndBody(reply: string): { status: number; json: unknown; headers: string } {
  const [head = '', body = ''] = reply.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    json: JSON.parse(body),
    headers: head.toLowerCase(),
  };
}

describe('slow, half-sent and malformed requests', () => {
  it('half-sent headers are timed out with a JSON 408 while other requests go on', async () => {
    const pending = exchange('GET /v1/market/ticker?symbol=BTC-USD HTTP/1.1\r\nHost: x\r\n');
    const meanwhile = await server.call('GET', '/v1/market/ticker?symbol=BTC-USD');
    expect(meanwhile.status).toBe(200);
    const { reply, elapsedMs } = await pending;
    expect(statusAndBody(reply)).toMatchObject({
      status: 408,
      json: { error: { code: 'request_timeout', message: 'the request was not received in time' } },
    });
    expect(elapsedMs).toBeLessThan(5_000);
  });

  it('a half-sent body is timed out too', async () => {
    const head =
      `POST /v1/orders HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"symbol":';
    const { reply } = await exchange(head);
    expect(statusAndBody(reply).status).toBe(408);
  });

  it('a declared body over 1 MiB is refused at once with 413 and the connection closed', async () => {
    const head =
      `POST /v1/orders HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{';
    const { reply } = await exchange(head);
    const parsed = statusAndBody(reply);
    expect(parsed.status).toBe(413);
    expect(parsed.json).toEqual({
      error: { code: 'payload_too_large', message: 'the body must be at most 64 KiB' },
    });
    expect(parsed.headers).toContain('connection: close');
  });

  it('a chunked body going over 1 MiB gets 413 without waiting for its end', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const head =
      `POST /v1/orders HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\n` +
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const { reply } = await exchange(head + chunks.join(''), { ignoreErrors: true });
    expect(statusAndBody(reply).status).toBe(413);
  });

  it('malformed HTTP gets a JSON 400 bad_request', async () => {
    const { reply } = await exchange('NOT HTTP AT ALL\r\n\r\n');
    expect(statusAndBody(reply)).toMatchObject({
      status: 400,
      json: { error: { code: 'bad_request' } },
    });
  });
});
