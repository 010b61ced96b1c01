import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useChildServers } from './child-server.js';
import { ALICE_KEY, call } from './test-server.js';

const directory = await mkdtemp(join(tmpdir(), 'simex-kill-'));
afterAll(() => rm(directory, { recursive: true, force: true }));
const spawnServer = useChildServers();
const spawnServe = (journal: string) =>
  spawnServer([
    '--port',
    '0',
    '--journal',
    journal,
    '--api-key',
    `${ALICE_KEY}:alice`,
    '--rate-limit',
    '0',
  ]);

type OrderJson = { id: string; [field: string]: unknown };

async function ordersById(url: string): Promise<Map<string, OrderJson>> {
  const reply = await call(url, 'GET', '/v1/orders?limit=1000');
  return new Map((reply.json as OrderJson[]).map((order) => [order.id, order]));
}

describe('kill test: SIGKILL mid-burst, restart on the same journal', () => {
  it('every order that got a 201 is there with the same id and state', async () => {
    const journal = join(directory, 'journal.csv');
    const first = await spawnServe(journal);
    const post = (body: Record<string, unknown>) => call(first.url, 'POST', '/v1/orders', { body });
    for (let i = 0; i < 10; i++) {
      await post({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: `${29000 + i}.00`,
        size: '0.1',
      });
      await post({ symbol: 'ETH-USD', side: i % 2 ? 'buy' : 'sell', type: 'market', size: '0.5' });
      await post({
        symbol: 'BTC-USD',
        side: 'sell',
        type: 'limit',
        price: '29005.00',
        size: '0.05',
        time_in_force: 'ioc',
      });
    }
    expect((await call(first.url, 'DELETE', '/v1/orders/ord_161')).status).toBe(200);
    const settled = await ordersById(first.url);
    expect(settled.size).toBe(30);

    const acknowledged: OrderJson[] = [];
    // Set when the kill is sent: a request can fail before the child's exit is seen (signalCode).
    let killed = false;
    const burst = Array.from({ length: 300 }, (_, i) =>
      post({
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: `${1 + i}.00`,
        size: '0.01',
        client_order_id: `burst-${i}`,
      })
        .then((reply) => {
          if (reply.status !== 201) throw new Error(`burst order answered ${reply.status}`);
          acknowledged.push(reply.json as OrderJson);
          if (acknowledged.length === 60) killed = first.process.kill('SIGKILL');
        })
        .catch((error: unknown) => {
          if (!killed) throw error;
        }),
    );
    await Promise.all(burst);
    await first.exited;
    expect(first.process.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const second = await spawnServe(journal);
    const restored = await ordersById(second.url);
    for (const [id, order] of settled) expect(restored.get(id)).toEqual(order);
    for (const order of acknowledged) expect(restored.get(order.id)).toEqual(order);

    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.stderr).toContain(
      'simex: SIGTERM: finishing requests in flight, flushing the journal',
    );
  });
});
