import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { SeededRandom } from '../../src/index.js';
import { ALICE_KEY, BOB_KEY, call, ManualClock, START_MS, type Reply } from './test-server.js';

const directory = await mkdtemp(join(tmpdir(), 'simex-journal-recovery-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

const ACCOUNTS = [ALICE_KEY, BOB_KEY] as const;
const SYMBOLS = ['BTC-USD', 'ETH-USD'] as const;

async function start(journal: string, clock: ManualClock): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    grants: [
      { key: ALICE_KEY, account: 'alice' },
      { key: BOB_KEY, account: 'bob' },
    ],
    rateLimit: 0,
    clock: clock.read,
    journal,
    demoLiquidity: false,
  });
}

/**
 * Time passes while a command runs: every event the venue publishes moves the clock on by 1 ms,
 * as a long stop cascade would (a listener may not issue commands, but it may move a test's clock).
 */
function clockRunsDuringCommands(server: RunningServer, clock: ManualClock): void {
  server.venue.subscribe(() => {
    clock.now += 1;
  });
}

/** Every order of every account with all its fills, every trade and book of every symbol, as served. */
async function fullState(url: string): Promise<string[]> {
  const texts: string[] = [];
  for (const key of ACCOUNTS) {
    const orders = await call(url, 'GET', '/v1/orders?limit=1000', { key });
    expect(orders.json.length).toBeLessThan(1000);
    texts.push(orders.text);
    for (const { id } of orders.json as { id: string }[])
      texts.push((await call(url, 'GET', `/v1/orders/${id}/fills?limit=1000`, { key })).text);
  }
  for (const symbol of SYMBOLS) {
    const trades = await call(url, 'GET', `/v1/market/trades?symbol=${symbol}&limit=1000`);
    expect(trades.json.length).toBeLessThan(1000);
    texts.push(trades.text);
    texts.push((await call(url, 'GET', `/v1/market/orderbook?symbol=${symbol}&depth=1000`)).text);
    texts.push((await call(url, 'GET', `/v1/market/ticker?symbol=${symbol}`)).text);
  }
  return texts;
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('a restart gives back every acknowledged command exactly', () => {
  it('an amend that trades with a gtd order due during its stop cascade comes back filled', async () => {
    const journal = join(directory, 'amend-cascade.csv');
    const clock = new ManualClock();
    const server = await start(journal, clock);
    clockRunsDuringCommands(server, clock);
    const post = (key: string, body: Record<string, unknown>) =>
      call(server.url, 'POST', '/v1/orders', { key, body });
    const limit = { symbol: 'BTC-USD', type: 'limit', size: '1' };
    let before: string[];
    let amended: Reply;
    try {
      const resting = await post(ALICE_KEY, { ...limit, side: 'buy', price: '99.00' });
      // 40 stops that the amend's trade at 100.00 triggers: each one's events take 2 ms.
      for (let i = 0; i < 40; i++)
        await post(ALICE_KEY, { ...limit, side: 'buy', price: '90.00', stop_price: '100.00' });
      const gtd = await post(BOB_KEY, {
        ...limit,
        side: 'sell',
        price: '100.00',
        time_in_force: 'gtd',
        expire_at: iso(clock.now + 5),
      });
      expect(gtd.json.status).toBe('open');
      amended = await call(server.url, 'PATCH', `/v1/orders/${resting.json.id}`, {
        body: { price: '100.00' },
      });
      expect([amended.status, amended.json.status]).toEqual([200, 'filled']);
      expect(clock.now).toBeGreaterThan(Date.parse(gtd.json.expire_at));
      before = await fullState(server.url);
    } finally {
      await server.close();
    }
    const restarted = await start(journal, clock);
    try {
      const order = await call(restarted.url, 'GET', `/v1/orders/${amended.json.id}`);
      expect(order.text).toBe(amended.text);
      expect(await fullState(restarted.url)).toEqual(before);
    } finally {
      await restarted.close();
    }
  });

  it('a cancel-all runs at one time: no order it listed expires before its turn', async () => {
    const journal = join(directory, 'cancel-all.csv');
    const clock = new ManualClock();
    const server = await start(journal, clock);
    clockRunsDuringCommands(server, clock);
    const gtd = (expireIn: number) =>
      call(server.url, 'POST', '/v1/orders', {
        body: {
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'limit',
          price: '90.00',
          size: '1',
          time_in_force: 'gtd',
          expire_at: iso(clock.now + expireIn),
        },
      });
    let before: string[];
    try {
      const later = await gtd(100);
      const sooner = await gtd(1);
      clock.now = Date.parse(sooner.json.created_at);
      const cancelled = await call(server.url, 'DELETE', '/v1/orders?symbol=BTC-USD');
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
        [later.json.id, 'cancelled'],
        [sooner.json.id, 'cancelled'],
      ]);
      before = await fullState(server.url);
    } finally {
      await server.close();
    }
    const restarted = await start(journal, clock);
    try {
      expect(await fullState(restarted.url)).toEqual(before);
    } finally {
      await restarted.close();
    }
  });

  it('a seeded mix of every order kind, amends, cancels, cancel-alls and retried keys, with gtd expiries inside commands', async () => {
    const journal = join(directory, 'mix.csv');
    const clock = new ManualClock();
    const server = await start(journal, clock);
    clockRunsDuringCommands(server, clock);
    const random = new SeededRandom(31);
    const pick = <T>(items: readonly T[]): T => items[random.int(0, items.length - 1)]!;
    /** One of the key's last few orders: most are still live, many of them gtd. */
    const recent = (orders: readonly string[]) => pick(orders.slice(-4));
    /** Orders placed, by the key that placed them. */
    const placed = new Map<string, string[]>(ACCOUNTS.map((key) => [key, []]));
    /** Keyed requests and their first answers, retried after the restart. */
    const keyed: { key: string; idempotencyKey: string; body: unknown; text: string }[] = [];
    const statuses = new Set<number>();
    const price = (symbol: string) =>
      symbol === 'BTC-USD' ? `${random.int(95, 105)}.00` : `${random.int(18, 22)}.00`;
    const newOrder = (): Record<string, unknown> => {
      const symbol = pick(SYMBOLS);
      const body: Record<string, unknown> = {
        symbol,
        side: pick(['buy', 'sell']),
        size: String(random.int(1, 4)),
        type: random.float() < 0.15 ? 'market' : 'limit',
      };
      if (body['type'] === 'limit') {
        body['price'] = price(symbol);
        body['time_in_force'] = pick(['gtc', 'gtc', 'ioc', 'fok', 'gtd', 'gtd']);
        if (body['time_in_force'] === 'gtd') body['expire_at'] = iso(clock.now + random.int(1, 12));
        if (random.float() < 0.15) body['post_only'] = true;
      }
      if (random.float() < 0.2) body['stop_price'] = price(symbol);
      if (random.float() < 0.2)
        body['stp'] = pick(['cancel_taker', 'cancel_maker', 'cancel_both', 'none']);
      return body;
    };
    let before: string[];
    try {
      for (let step = 0; step < 400; step++) {
        clock.now += random.int(0, 2);
        const key = pick(ACCOUNTS);
        const own = placed.get(key)!;
        const roll = random.float();
        let reply: Reply;
        if (roll < 0.55 || own.length === 0) {
          const body = newOrder();
          const idempotencyKey = random.float() < 0.2 ? `k${step}` : undefined;
          const headers = idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
          reply = await call(server.url, 'POST', '/v1/orders', { key, body, headers });
          if (reply.status === 201) own.push(reply.json.id);
          if (idempotencyKey !== undefined && reply.status === 201) {
            keyed.push({ key, idempotencyKey, body, text: reply.text });
            const retry = await call(server.url, 'POST', '/v1/orders', { key, body, headers });
            expect(retry.text).toBe(reply.text);
          }
        } else if (roll < 0.75) {
          const body: Record<string, unknown> = { size: String(random.int(1, 6)) };
          if (random.float() < 0.7) body['price'] = price(pick(SYMBOLS));
          reply = await call(server.url, 'PATCH', `/v1/orders/${recent(own)}`, { key, body });
        } else if (roll < 0.95) {
          reply = await call(server.url, 'DELETE', `/v1/orders/${recent(own)}`, { key });
        } else {
          reply = await call(server.url, 'DELETE', `/v1/orders?symbol=${pick(SYMBOLS)}`, { key });
        }
        expect(reply.status).toBeLessThan(500);
        statuses.add(reply.status);
      }
      expect([...statuses].sort()).toEqual([200, 201, 400, 409]);
      before = await fullState(server.url);
    } finally {
      await server.close();
    }
    expect(clock.now - START_MS).toBeGreaterThan(1000);
    const restarted = await start(journal, clock);
    try {
      expect(await fullState(restarted.url)).toEqual(before);
      for (const { key, idempotencyKey, body, text } of keyed) {
        const headers = { 'idempotency-key': idempotencyKey };
        const retry = await call(restarted.url, 'POST', '/v1/orders', { key, body, headers });
        expect(retry.text).toBe(text);
      }
    } finally {
      await restarted.close();
    }
  });
});
