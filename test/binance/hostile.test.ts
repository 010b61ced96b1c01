import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sign } from '../../adapters/server/binance/index.js';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { ManualClock } from '../http/test-server.js';
import { ALICE } from './ccxt-server.js';

const MAX_SOCKETS = 40;

interface Reply {
  readonly status: number;
  readonly weight?: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read freely and checked by expect
  readonly json: any;
}

describe('hostile clients on the Binance dialect: a {code,msg} answer or a closed socket', () => {
  const clock = new ManualClock();
  let server: RunningServer;
  let url: string;
  const open: WebSocket[] = [];

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      rateLimit: 0,
      clock: clock.read,
      grants: [{ key: ALICE.key, account: 'alice', secret: ALICE.secret }],
      binanceSocketLimits: { maxSockets: MAX_SOCKETS, maxBufferedBytes: 64 * 1024 },
    });
    url = server.url;
  });
  afterAll(async () => {
    for (const socket of open) socket.terminate();
    await server.close();
  });

  /** A signed request's query: `params`, then timestamp, then the signature. */
  const signed = (params: string, timestamp = clock.now) => {
    const payload = `${params}&timestamp=${timestamp}`;
    return `${payload}&signature=${sign(ALICE.secret, payload)}`;
  };
  const get = async (path: string, headers: Record<string, string> = {}): Promise<Reply> => {
    const reply = await fetch(`${url}${path}`, {
      headers: { 'x-mbx-apikey': ALICE.key, ...headers },
    });
    return {
      status: reply.status,
      weight: reply.headers.get('x-mbx-used-weight-1m'),
      json: await reply.json(),
    };
  };
  const post = async (body: string): Promise<Reply> => {
    const reply = await fetch(`${url}/api/v3/order`, {
      method: 'POST',
      headers: { 'x-mbx-apikey': ALICE.key, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return { status: reply.status, json: await reply.json() };
  };

  it('refuses duplicated, malformed, too many and oversized parameters', async () => {
    expect(await get('/api/v3/depth?symbol=BTCUSD&symbol=ETHUSD')).toMatchObject({
      status: 400,
      json: { code: -1101, msg: 'Duplicate values for a parameter detected.' },
    });
    expect((await get('/api/v3/depth?symbol=%zz')).json.code).toBe(-1100);
    const many = Array.from({ length: 80 }, (_, n) => `p${n}=1`).join('&');
    expect(await get(`/api/v3/depth?${many}`)).toMatchObject({
      status: 413,
      json: { code: -1101 },
    });
    const huge = await post(signed(`symbol=BTCUSD&newClientOrderId=${'x'.repeat(70_000)}`));
    expect([huge.status, Object.keys(huge.json)]).toStrictEqual([413, ['code', 'msg']]);
    expect(await get('/api/v3/nothing')).toMatchObject({
      status: 404,
      json: { code: -1000, msg: 'Unknown route.' },
    });
    expect((await get('/api/v3/time')).weight).toMatch(/^[0-9]+$/);
  });

  it('refuses enum values that name an object property (toString, __proto__)', async () => {
    for (const value of ['toString', '__proto__', 'constructor']) {
      const tif = await post(
        signed(`symbol=BTCUSD&side=BUY&type=LIMIT&timeInForce=${value}&quantity=0.01&price=30000`),
      );
      expect(tif).toMatchObject({
        status: 400,
        json: { code: -1115, msg: 'Invalid timeInForce.' },
      });
      const stp = await post(
        signed(`symbol=BTCUSD&side=BUY&type=MARKET&quantity=0.01&selfTradePreventionMode=${value}`),
      );
      expect(stp).toMatchObject({ status: 400, json: { code: -1100 } });
    }
  });

  it('a signature over a huge value, or with a byte changed, is not valid', async () => {
    const huge = await get(`/api/v3/account?${signed(`omitZeroBalances=${'9'.repeat(8_000)}`)}`);
    expect([huge.status, huge.json.accountType]).toStrictEqual([200, 'SPOT']);
    const tampered = signed('omitZeroBalances=true').replace('true', 'tru3');
    expect((await get(`/api/v3/account?${tampered}`)).json).toStrictEqual({
      code: -1022,
      msg: 'Signature for this request is not valid.',
    });
  });

  it('a replayed request counts within its recvWindow, and is refused after it', async () => {
    const body = signed(
      'symbol=BTCUSD&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=100',
    );
    const first = await post(body);
    const replayed = await post(body);
    expect([first.status, replayed.status]).toStrictEqual([200, 200]);
    expect(replayed.json.orderId).toBe(first.json.orderId + 1);
    clock.now += 5_001;
    expect(await post(body)).toStrictEqual({
      status: 400,
      json: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
    });
    expect((await post(signed('symbol=BTCUSD', clock.now + 1_001))).json.code).toBe(-1021);
  });

  /** A WebSocket to `path`, open. */
  async function connect(path: string): Promise<WebSocket> {
    const socket = new WebSocket(`${url.replace('http', 'ws')}${path}`);
    open.push(socket);
    await once(socket, 'open');
    return socket;
  }

  it('answers bad messages with {code,msg}; closes a flood and an oversized frame', async () => {
    const socket = await connect('/ws/0');
    socket.send('not json');
    const [reply] = (await once(socket, 'message')) as [Buffer];
    expect(JSON.parse(reply.toString())).toStrictEqual({
      error: { code: 3, msg: 'Invalid JSON: expected an object' },
      id: null,
    });
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['dogeusd@trade'], id: 1 }));
    const [refused] = (await once(socket, 'message')) as [Buffer];
    expect(JSON.parse(refused.toString())).toMatchObject({ error: { code: 2 }, id: 1 });
    const flood = await connect('/ws/1');
    for (let n = 0; n < 100; n++) {
      flood.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusd@trade'], id: n }));
    }
    const [floodCode] = (await once(flood, 'close')) as [number];
    expect(floodCode).toBe(1008);
    const large = await connect('/ws/2');
    large.send('x'.repeat(100_000));
    const [largeCode] = (await once(large, 'close')) as [number];
    expect(largeCode).toBe(1009);
    const api = await connect('/ws-api/v3');
    api.send(
      JSON.stringify({
        id: 'a',
        method: 'userDataStream.subscribe.signature',
        params: { apiKey: 'nobody' },
      }),
    );
    const [apiReply] = (await once(api, 'message')) as [Buffer];
    expect(JSON.parse(apiReply.toString())).toMatchObject({
      id: 'a',
      status: 401,
      error: { code: -2014 },
    });
  });

  it('drops a client that never reads; the venue goes on', async () => {
    const reader = await connect('/ws/btcusd@trade');
    const sockets = server.binance.openSockets;
    // The client stops reading: what the server sends piles up until it drops the client.
    const raw = (reader as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    const { venue } = server;
    const gone = () => server.binance.openSockets < sockets;
    for (let round = 0; !gone() && round < 400; round++) {
      for (let n = 0; n < 500; n++) {
        venue.placeOrder({
          account: 'mm',
          symbol: 'BTC-USD',
          side: 'sell',
          type: 'limit',
          price: '30000.00',
          size: '0.001',
        });
        venue.placeOrder({
          account: 'taker',
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'market',
          size: '0.001',
        });
      }
      await nextTurn();
    }
    expect(gone()).toBe(true);
    raw.resume();
    await once(reader, 'close');
    const placed = await post(signed('symbol=BTCUSD&side=SELL&type=MARKET&quantity=0.001'));
    expect(placed.status).toBe(200);
  });

  it(`holds at most ${MAX_SOCKETS} WebSockets: one more is refused with 429 {code,msg}`, async () => {
    const idle: WebSocket[] = [];
    while (server.binance.openSockets < MAX_SOCKETS) idle.push(await connect('/ws/9'));
    const refused = new WebSocket(`${url.replace('http', 'ws')}/ws/10`);
    const [, response] = (await once(refused, 'unexpected-response')) as [
      unknown,
      import('node:http').IncomingMessage,
    ];
    let body = '';
    for await (const chunk of response) body += chunk;
    expect([response.statusCode, JSON.parse(body)]).toStrictEqual([
      429,
      { code: -1003, msg: 'Too many WebSocket connections.' },
    ]);
    refused.on('error', () => {}).terminate();
    const elsewhere = new WebSocket(`${url.replace('http', 'ws')}/nothing`);
    const [, notFound] = (await once(elsewhere, 'unexpected-response')) as [
      unknown,
      import('node:http').IncomingMessage,
    ];
    expect(notFound.statusCode).toBe(401); // answered as a request without Upgrade: /v1 needs a key
    elsewhere.on('error', () => {}).terminate();
  });
});
