import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../adapters/server/http/server.js';
import {
  IDEMPOTENCY_TTL_MS,
  IdempotencyStore,
} from '../../adapters/server/http/idempotency-store.js';
import { resolveServeConfig } from '../../adapters/server/http/serve-config.js';
import { useChildServers } from './child-server.js';
import { ALICE_KEY, BOB_KEY, call, errorOf, ManualClock, useTestServer } from './test-server.js';

const server = useTestServer();
const ORDER = { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '1000.00', size: '0.1' };

async function post(key: string, body: unknown, apiKey?: string) {
  return server.call('POST', '/v1/orders', {
    body,
    headers: { 'idempotency-key': key },
    ...(apiKey !== undefined && { key: apiKey }),
  });
}

async function ownOrderCount(): Promise<number> {
  return (await server.call('GET', '/v1/orders?limit=1000')).json.length;
}

describe('Idempotency-Key', () => {
  it('the same key and body return the same bytes and create no second order', async () => {
    const first = await post('key-1', ORDER);
    expect(first.status).toBe(201);
    const count = await ownOrderCount();
    server.clock.now += 60_000;
    const second = await post('key-1', ORDER);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(await ownOrderCount()).toBe(count);
  });

  it('the same key with another body is 409 idempotency_conflict', async () => {
    await post('key-2', ORDER);
    const count = await ownOrderCount();
    const conflict = await post('key-2', { ...ORDER, size: '0.2' });
    expect(conflict.status).toBe(409);
    expect(conflict.json).toEqual(errorOf('idempotency_conflict', 'Idempotency-Key'));
    expect(await ownOrderCount()).toBe(count);
  });

  it('an error response is replayed too, byte for byte', async () => {
    const first = await post('key-3', { ...ORDER, price: '1.001' });
    expect(first.status).toBe(400);
    const second = await post('key-3', { ...ORDER, price: '1.001' });
    expect([second.status, second.text]).toEqual([400, first.text]);
  });

  it('keys are scoped per API key: another key may use the same name', async () => {
    const alice = await post('shared', ORDER);
    const bob = await post('shared', ORDER, BOB_KEY);
    expect(bob.status).toBe(201);
    expect(bob.json.id).not.toBe(alice.json.id);
  });

  it('after 24 hours the key is forgotten and a new order is made', async () => {
    const first = await post('key-4', ORDER);
    server.clock.now += IDEMPOTENCY_TTL_MS;
    const later = await post('key-4', ORDER);
    expect(later.status).toBe(201);
    expect(later.json.id).not.toBe(first.json.id);
  });
});

describe('IdempotencyStore bounds its memory', () => {
  it('keeps at most `capacity` entries, forgetting the oldest first', () => {
    const store = new IdempotencyStore(3);
    const response = { status: 201, headers: {}, body: '{}' };
    for (let i = 0; i < 5; i++) store.store(`k${i}`, 'f', response, i);
    expect(store.size).toBe(3);
    expect(store.lookup('k1', 'f', 10)).toEqual({ kind: 'new' });
    expect(store.lookup('k4', 'f', 10)).toEqual({ kind: 'replay', response });
  });

  it('drops expired entries as new ones come', () => {
    const store = new IdempotencyStore(100);
    const response = { status: 201, headers: {}, body: '{}' };
    store.store('old', 'f', response, 0);
    store.store('new', 'f', response, IDEMPOTENCY_TTL_MS);
    expect(store.size).toBe(1);
  });
});

describe('IdempotencyStore bounds its bytes', () => {
  it('forgets the oldest entries once their bytes pass maxBytes, and counts what it keeps', () => {
    const store = new IdempotencyStore(100, 10_000);
    const response = { status: 400, headers: {}, body: 'x'.repeat(1_000) };
    for (let i = 0; i < 10; i++) store.store(`k${i}`, 'f', response, i);
    // Each entry: 2 * (2 + 1 + 1000) + 256 = 2262 bytes, so 4 fit in 10,000.
    expect([store.size, store.bytes]).toEqual([4, 4 * 2262]);
    expect(store.lookup('k5', 'f', 10)).toEqual({ kind: 'new' });
    expect(store.lookup('k6', 'f', 10)).toEqual({ kind: 'replay', response });
  });

  it('keeps the newest entry even when it alone is over the bound', () => {
    const store = new IdempotencyStore(100, 1_000);
    const small = { status: 201, headers: {}, body: '{}' };
    const large = { status: 201, headers: {}, body: 'y'.repeat(2_000) };
    store.store('small', 'f', small, 0);
    store.store('large', 'f', large, 1);
    expect(store.size).toBe(1);
    expect(store.lookup('large', 'f', 2)).toEqual({ kind: 'replay', response: large });
  });

  it('a replaced or expired entry gives its bytes back', () => {
    const store = new IdempotencyStore(100, 1_000_000);
    const response = { status: 201, headers: {}, body: '{}' };
    store.store('a', 'f', response, 0);
    store.store('a', 'g', response, 1);
    expect(store.bytes).toBe(2 * (1 + 1 + 2) + 256);
    expect(store.lookup('a', 'g', 1 + IDEMPOTENCY_TTL_MS)).toEqual({ kind: 'new' });
    expect(store.bytes).toBe(0);
  });
});

describe('memory attack through Idempotency-Key (a server under a 256 MB heap)', () => {
  const spawnServer = useChildServers();
  const REQUESTS = 2_500;
  const CONCURRENCY = 4;

  it('new keys with 60 KB unknown field names never exhaust the heap', async () => {
    const child = await spawnServer(
      ['--port', '0', '--api-key', `${ALICE_KEY}:alice`, '--rate-limit', '0'],
      { NODE_OPTIONS: '--max-old-space-size=256' },
    );
    const name = 'n'.repeat(60_000);
    let next = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const reply = await call(child.url, 'POST', '/v1/orders', {
          rawBody: `{"symbol":"BTC-USD","${name}${i}":1}`,
          headers: { 'content-type': 'application/json', 'idempotency-key': `attack-${i}` },
        });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect([...statuses]).toEqual([[400, REQUESTS]]);
    const ticker = await call(child.url, 'GET', '/v1/market/ticker?symbol=BTC-USD');
    expect(ticker.status).toBe(200);
    expect(child.process.exitCode).toBeNull();
  }, 300_000);
});

describe('--idempotency-max-bytes', () => {
  it('defaults to 64 MiB; a value under 1 MiB or not an integer is refused', () => {
    expect(new IdempotencyStore().maxBytes).toBe(64 * 1024 * 1024);
    const resolve = (idempotencyMaxBytes: number) =>
      resolveServeConfig({ rateLimit: '0', apiKey: ['k0123456789'], idempotencyMaxBytes }, {});
    expect(resolve(2 * 1024 * 1024)).toMatchObject({ idempotencyMaxBytes: 2 * 1024 * 1024 });
    for (const bad of [1_000, 2 * 1024 * 1024 + 0.5, Number.NaN]) {
      expect(resolve(bad)).toEqual({
        error: 'idempotency max bytes must be an integer of at least 1048576',
      });
    }
  });
});

describe('Idempotency-Key across a restart (the journal keeps the keys)', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'simex-idempotency-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('a retry after a restart replays the first response, byte for byte, with no second order', async () => {
    const journal = join(directory, 'journal.csv');
    const clock = new ManualClock();
    const start = () =>
      startServer({
        port: 0,
        host: '127.0.0.1',
        grants: [
          { key: ALICE_KEY, account: 'alice' },
          { key: BOB_KEY, account: 'bob' },
        ],
        rateLimit: 0,
        clock: clock.read,
        journal,
      });
    const key = 'retry-1,"%~';
    const send = (url: string, body: unknown, apiKey = ALICE_KEY) =>
      call(url, 'POST', '/v1/orders', { body, key: apiKey, headers: { 'idempotency-key': key } });
    const count = async (url: string) =>
      (await call(url, 'GET', '/v1/orders?limit=1000')).json.length;

    let server = await start();
    const first = await send(server.url, ORDER);
    expect(first.status).toBe(201);
    const market = await send(server.url, ORDER, BOB_KEY);
    expect(market.status).toBe(201);
    await server.close();

    clock.now += IDEMPOTENCY_TTL_MS - 1;
    server = await start();
    try {
      const retry = await send(server.url, ORDER);
      expect([retry.status, retry.text]).toEqual([201, first.text]);
      expect(await count(server.url)).toBe(1);
      const conflict = await send(server.url, { ...ORDER, size: '0.2' });
      expect([conflict.status, conflict.json]).toEqual([
        409,
        errorOf('idempotency_conflict', 'Idempotency-Key'),
      ]);
      expect(await count(server.url)).toBe(1);
      expect((await send(server.url, ORDER, BOB_KEY)).text).toBe(market.text);
    } finally {
      await server.close();
    }

    clock.now += 1;
    server = await start();
    try {
      const expired = await send(server.url, ORDER);
      expect(expired.status).toBe(201);
      expect(expired.json.id).not.toBe(first.json.id);
      expect(await count(server.url)).toBe(2);
    } finally {
      await server.close();
    }
  });
});
