import { describe, expect, it } from 'vitest';
import { exchange, parseReply } from './raw-socket.js';
import { ALICE_KEY, useTestServer } from './test-server.js';

/** Times requests out after 300 ms: only for requests the test leaves unfinished on purpose. */
const impatient = useTestServer({ requestTimeoutMs: 300 });
/** The default timeouts, for requests that must be judged on what they send, however slowly. */
const server = useTestServer();

const POST_HEAD =
  `POST /v1/orders HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\n` +
  'Content-Type: application/json\r\n';

describe('slow, half-sent and oversized requests', () => {
  it('half-sent headers are timed out with a JSON 408 while other requests go on', async () => {
    const pending = exchange(
      impatient.url,
      'GET /v1/market/ticker?symbol=BTC-USD HTTP/1.1\r\nHost: x\r\n',
    );
    const meanwhile = await impatient.call('GET', '/v1/market/ticker?symbol=BTC-USD');
    expect(meanwhile.status).toBe(200);
    const reply = parseReply(await pending);
    expect(reply).toMatchObject({
      status: 408,
      json: { error: { code: 'request_timeout', message: 'the request was not received in time' } },
    });
    expect(reply.head).toContain('connection: close');
  });

  it('a half-sent body is timed out too', async () => {
    const head = `${POST_HEAD}Content-Length: 100\r\n\r\n{"symbol":`;
    expect(parseReply(await exchange(impatient.url, head)).status).toBe(408);
  });

  it('a declared body over 1 MiB is refused at once with 413 and the connection closed', async () => {
    const head = `${POST_HEAD}Content-Length: 2000000\r\n\r\n{`;
    const reply = parseReply(await exchange(server.url, head));
    expect(reply.status).toBe(413);
    expect(reply.json).toEqual({
      error: { code: 'payload_too_large', message: 'the body must be at most 64 KiB' },
    });
    expect(reply.head).toContain('connection: close');
  });

  it('a chunked body going over 1 MiB gets 413 without waiting for its end', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const head = `${POST_HEAD}Transfer-Encoding: chunked\r\n\r\n`;
    const reply = await exchange(server.url, head + chunks.join(''), { ignoreErrors: true });
    expect(parseReply(reply).status).toBe(413);
  });
});
