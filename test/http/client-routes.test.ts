import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import {
  ALICE_KEY,
  BOB_KEY,
  call,
  errorOf,
  ManualClock,
  START_MS,
  useTestServer,
} from './test-server.js';

const server = useTestServer();

const limit = (symbol: string, price: string, extra: Record<string, unknown> = {}, key?: string) =>
  server.call('POST', '/v1/orders', {
    ...(key !== undefined && { key }),
    body: { symbol, side: 'buy', type: 'limit', price, size: '0.01', ...extra },
  });

describe('GET /v1/instruments and GET /v1/time', () => {
  it('lists every instrument with its grid, bounds, status and the per-account order limits', async () => {
    const reply = await server.call('GET', '/v1/instruments');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      {
        symbol: 'BTC-USD',
        tick_size: '0.01',
        lot_size: '0.00000001',
        min_size: '0.00000001',
        max_size: '1000.00000000',
        reference_price: '30000.00',
        status: 'trading',
        max_open_orders: 200,
        max_stop_orders: 10,
      },
      {
        symbol: 'ETH-USD',
        tick_size: '0.01',
        lot_size: '0.0001',
        min_size: '0.0001',
        max_size: '10000.0000',
        reference_price: '2000.00',
        status: 'trading',
        max_open_orders: 200,
        max_stop_orders: 10,
      },
    ]);
    expect((await server.call('GET', '/v1/instruments?x=1')).json).toEqual(
      errorOf('invalid_parameter', 'x'),
    );
  });

  it("the venue's clock, as ISO text and milliseconds", async () => {
    server.clock.now = START_MS + 1234;
    const reply = await server.call('GET', '/v1/time');
    expect(reply.json).toEqual({
      timestamp: '2026-01-05T09:30:01.234Z',
      epoch_ms: START_MS + 1234,
    });
    expect((await server.call('GET', '/v1/time', { key: null })).status).toBe(401);
  });
});

describe('GET /v1/orders?client_order_id=', () => {
  it("the caller's orders with that id, newest first, with the other filters", async () => {
    const first = await limit('ETH-USD', '1000.00', { client_order_id: 'grid-1' });
    const other = await limit('ETH-USD', '1000.01', { client_order_id: 'grid-2' });
    const second = await limit('BTC-USD', '1000.02', { client_order_id: 'grid-1' });
    await limit('ETH-USD', '1000.03', { client_order_id: 'grid-1' }, BOB_KEY);
    const ids = async (query: string) =>
      (await server.call('GET', `/v1/orders?${query}`)).json.map(
        (order: { id: string }) => order.id,
      );
    expect(await ids('client_order_id=grid-1')).toEqual([second.json.id, first.json.id]);
    expect(await ids('client_order_id=grid-2')).toEqual([other.json.id]);
    expect(await ids('client_order_id=grid-1&symbol=ETH-USD')).toEqual([first.json.id]);
    expect(await ids('client_order_id=grid-1&limit=1')).toEqual([second.json.id]);
    expect(await ids('client_order_id=grid-1&status=filled')).toEqual([]);
    expect(await ids('client_order_id=none')).toEqual([]);
    const bad = await server.call('GET', '/v1/orders?client_order_id=a%20b');
    expect(bad.json).toEqual(errorOf('invalid_parameter', 'client_order_id'));
    const unknown = await server.call('GET', '/v1/orders?client_order_id=grid-1&symbol=DOGE-USD');
    expect(unknown.status).toBe(404);
  });
});

describe('DELETE /v1/orders?symbol=', () => {
  it("cancels the caller's resting orders on the symbol, oldest first, and answers them", async () => {
    await server.call('DELETE', '/v1/orders');
    const eth = [await limit('ETH-USD', '1500.00'), await limit('ETH-USD', '1500.01')];
    const btc = await limit('BTC-USD', '20000.00');
    const bobs = await limit('ETH-USD', '1500.02', {}, BOB_KEY);
    const reply = await server.call('DELETE', '/v1/orders?symbol=ETH-USD');
    expect(reply.status).toBe(200);
    expect(
      reply.json.map((order: { id: string; status: string }) => [order.id, order.status]),
    ).toEqual(eth.map((order) => [order.json.id, 'cancelled']));
    expect((await server.call('DELETE', '/v1/orders?symbol=ETH-USD')).json).toEqual([]);
    const bob = await server.call('GET', `/v1/orders/${bobs.json.id}`, { key: BOB_KEY });
    expect(bob.json.status).toBe('open');
    const everywhere = await server.call('DELETE', '/v1/orders');
    expect(everywhere.json.map((order: { id: string }) => order.id)).toEqual([btc.json.id]);
  });

  it('refuses an unknown symbol or parameter and cancels nothing', async () => {
    const resting = await limit('ETH-USD', '1400.00');
    expect((await server.call('DELETE', '/v1/orders?symbol=DOGE-USD')).json).toEqual(
      errorOf('unknown_symbol', 'symbol'),
    );
    expect((await server.call('DELETE', '/v1/orders?side=buy')).json).toEqual(
      errorOf('invalid_parameter', 'side'),
    );
    expect((await server.call('GET', `/v1/orders/${resting.json.id}`)).json.status).toBe('open');
  });
});

describe('cancel-all in the journal', () => {
  const directories: string[] = [];
  afterAll(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  async function start(journal: string, log: string[] = []): Promise<RunningServer> {
    return startServer({
      port: 0,
      host: '127.0.0.1',
      grants: [{ key: ALICE_KEY, account: 'alice' }],
      rateLimit: 0,
      clock: new ManualClock().read,
      journal,
      log: (line) => log.push(line),
    });
  }
  const statuses = async (url: string) =>
    (await call(url, 'GET', '/v1/orders?symbol=ETH-USD')).json.map(
      (order: { status: string }) => order.status,
    );

  it('a restart reproduces it; a group cut short by a crash is dropped whole', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'simex-cancel-all-'));
    directories.push(directory);
    const journal = join(directory, 'journal.csv');
    let running = await start(journal);
    for (const price of ['1500.00', '1500.01', '1500.02']) {
      const body = { symbol: 'ETH-USD', side: 'buy', type: 'limit', price, size: '0.01' };
      expect((await call(running.url, 'POST', '/v1/orders', { body })).status).toBe(201);
    }
    expect((await call(running.url, 'DELETE', '/v1/orders')).json).toHaveLength(3);
    await running.close();
    const text = await readFile(journal, 'utf8');
    const lines = text.split('\n').slice(0, -1);
    expect(lines.slice(-3).map((line) => line.split(',').at(-1)!.slice(0, -16))).toEqual([
      'group 1/3 ',
      'group 2/3 ',
      'group 3/3 ',
    ]);
    running = await start(journal);
    expect(await statuses(running.url)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await running.close();

    // As if the machine stopped after two of the three rows reached the disk.
    await writeFile(journal, lines.slice(0, -1).join('\n') + '\n');
    const log: string[] = [];
    running = await start(journal, log);
    expect(await statuses(running.url)).toEqual(['open', 'open', 'open']);
    expect(log).toEqual([
      `journal ${journal}:${lines.length - 2}: dropped an unfinished group of 2 rows (a cancel-all cut off by a crash, never acknowledged)`,
    ]);
    const body = { symbol: 'ETH-USD', side: 'buy', type: 'limit', price: '1500.03', size: '0.01' };
    expect((await call(running.url, 'POST', '/v1/orders', { body })).status).toBe(201);
    await running.close();
    // Later rows follow the dropped group: it stays dropped.
    running = await start(journal);
    expect(await statuses(running.url)).toEqual(['open', 'open', 'open', 'open']);
    await running.close();
  });
});

describe('RateLimit headers', () => {
  const limited = useTestServer({ rateLimit: 2 });
  const quota = (reply: { headers: Headers }) =>
    ['limit', 'remaining', 'reset'].map((name) => reply.headers.get(`ratelimit-${name}`));

  it('on every answer, errors included: the burst, what is left, seconds until full', async () => {
    const answers = [
      await limited.call('GET', '/v1/time'),
      await limited.call('GET', '/v1/nothing'),
      await limited.call('PUT', '/v1/time'),
      await limited.call('GET', '/v1/market/ticker?symbol=DOGE-USD'),
      await limited.call('GET', '/v1/time'),
    ];
    expect(answers.map((reply) => reply.status)).toEqual([200, 404, 405, 404, 429]);
    expect(answers.map(quota)).toEqual([
      ['4', '3', '1'],
      ['4', '2', '1'],
      ['4', '1', '2'],
      ['4', '0', '2'],
      ['4', '0', '2'],
    ]);
    limited.clock.now += 1000;
    expect(quota(await limited.call('GET', '/v1/time'))).toEqual(['4', '1', '2']);
  });

  it('answers without a valid key carry their address bucket, the page and the document too', async () => {
    const unauthorized = await limited.call('GET', '/v1/time', { key: 'wrong' });
    expect([unauthorized.status, ...quota(unauthorized)]).toEqual([401, '4', '3', '1']);
    const page = await limited.call('GET', '/', { key: null });
    expect([page.status, ...quota(page)]).toEqual([200, '4', '2', '1']);
    const document = await limited.call('GET', '/v1/openapi.json', { key: null });
    expect([document.status, ...quota(document)]).toEqual([200, '4', '1', '2']);
  });

  it('none when limiting is off', async () => {
    const reply = await server.call('GET', '/v1/time');
    expect(quota(reply)).toEqual([null, null, null]);
  });
});
