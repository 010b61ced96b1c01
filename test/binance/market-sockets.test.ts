import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { ManualClock } from '../http/test-server.js';

/** A WebSocket client that keeps every message it gets, in order, and can wait for the next. */
class Client {
  readonly socket: WebSocket;
  readonly #received: unknown[] = [];
  #waiting: ((message: unknown) => void) | undefined;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString()) as unknown;
      if (this.#waiting === undefined) return void this.#received.push(message);
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting(message);
    });
  }

  async open(): Promise<this> {
    await once(this.socket, 'open');
    return this;
  }

  next(): Promise<unknown> {
    const first = this.#received.shift();
    if (first !== undefined) return Promise.resolve(first);
    return new Promise((resolve) => (this.#waiting = resolve));
  }

  request(method: string, id: number, params?: string[]): void {
    this.socket.send(JSON.stringify({ method, ...(params && { params }), id }));
  }
}

describe('the market WebSockets, written by the fan-out process', () => {
  const clock = new ManualClock();
  let server: RunningServer;
  let base: string;
  const clients: Client[] = [];
  const connect = async (path: string) => {
    const client = new Client(`${base}${path}`);
    clients.push(client);
    return client.open();
  };

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      rateLimit: 0,
      clock: clock.read,
      grants: [{ key: 'k', account: 'alice' }],
    });
    base = server.url.replace('http', 'ws');
  });
  afterAll(async () => {
    for (const { socket } of clients) socket.terminate();
    await server.close();
  });

  /** One trade of 0.001 at 29999.00 (a resting sell inside the spread, taken); its sequence. */
  const trade = (): number => {
    server.venue.placeOrder({
      account: 'mm',
      symbol: 'BTC-USD',
      side: 'sell',
      type: 'limit',
      price: '29999.00',
      size: '0.001',
    });
    const taken = server.venue.placeOrder({
      account: 'taker',
      symbol: 'BTC-USD',
      side: 'buy',
      type: 'market',
      size: '0.001',
    });
    if (!taken.ok) throw new Error(taken.error.message);
    const tape = server.venue.trades('BTC-USD', 1);
    if (!tape.ok) throw new Error(tape.error.message);
    return tape.value[0]!.sequence;
  };

  it('a combined stream wraps each message as {stream, data}, in the venue order', async () => {
    const client = await connect('/stream?streams=btcusd@trade/btcusd@aggTrade');
    const sequence = trade();
    const fields = { s: 'BTCUSD', p: '29999.00', q: '0.00100000', T: clock.now, m: false };
    expect(await client.next()).toStrictEqual({
      stream: 'btcusd@trade',
      data: { e: 'trade', E: clock.now, ...fields, t: sequence, M: true },
    });
    expect(await client.next()).toMatchObject({
      stream: 'btcusd@aggTrade',
      data: { e: 'aggTrade', ...fields, a: sequence, f: sequence, l: sequence },
    });
  });

  it('SUBSCRIBE, LIST_SUBSCRIPTIONS and UNSUBSCRIBE: an answer comes after the messages before it', async () => {
    const client = await connect('/ws');
    client.request('SUBSCRIBE', 1, ['btcusd@trade']);
    expect(await client.next()).toStrictEqual({ result: null, id: 1 });
    const sequence = trade();
    client.request('LIST_SUBSCRIPTIONS', 2);
    expect(await client.next()).toMatchObject({ e: 'trade', t: sequence });
    expect(await client.next()).toStrictEqual({ result: ['btcusd@trade'], id: 2 });
    client.request('UNSUBSCRIBE', 3, ['btcusd@trade']);
    expect(await client.next()).toStrictEqual({ result: null, id: 3 });
    trade();
    client.request('LIST_SUBSCRIPTIONS', 4);
    expect(await client.next()).toStrictEqual({ result: [], id: 4 });
  });

  it('when the fan-out process dies, its sockets close; the venue goes on, the next socket starts another', async () => {
    const client = await connect('/ws/btcusd@trade');
    const pid = server.binance.fanOutPid!;
    const closed = once(client.socket, 'close');
    process.kill(pid, 'SIGKILL');
    await closed;
    // The process's channel closed with its sockets: the server hears it within a few turns.
    for (let turn = 0; server.binance.openSockets > 0 && turn < 10_000; turn++) await nextTurn();
    expect(server.binance.openSockets).toBe(0);
    trade();
    const next = await connect('/ws/btcusd@trade');
    expect(server.binance.fanOutPid).not.toBe(pid);
    const sequence = trade();
    expect(await next.next()).toMatchObject({ e: 'trade', t: sequence });
  });
});
