import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { ALICE_KEY, call, ManualClock } from './test-server.js';

const directory = await mkdtemp(join(tmpdir(), 'simex-journal-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

async function start(
  journal: string,
  clock: ManualClock,
  log: string[] = [],
): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    grants: [{ key: ALICE_KEY, account: 'alice' }],
    rateLimit: 0,
    clock: clock.read,
    journal,
    log: (line) => log.push(line),
  });
}

async function snapshot(url: string) {
  const get = async (path: string) => (await call(url, 'GET', path)).text;
  return {
    orders: await get('/v1/orders?limit=1000'),
    trades: await get('/v1/market/trades?symbol=BTC-USD&limit=1000'),
    book: await get('/v1/market/orderbook?symbol=BTC-USD&depth=1000'),
    ticker: await get('/v1/market/ticker?symbol=BTC-USD'),
  };
}

describe('--journal', () => {
  const journal = join(directory, 'journal.csv');
  const clock = new ManualClock();

  it('a new journal starts with the directives, the header and the demo liquidity', async () => {
    const server = await start(journal, clock);
    await server.close();
    const lines = (await readFile(journal, 'utf8')).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.00000001 max_size=1000 reference_price=30000.00',
      '# instrument symbol=ETH-USD tick_size=0.01 lot_size=0.0001 max_size=10000 reference_price=2000.00',
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only,client_order_id,stop_price,stp,expire_at,journal',
    ]);
    expect(lines[3]).toMatch(
      /^2026-01-05T09:30:00\.000Z,new,ord_1,market-maker,BTC-USD,buy,limit,29997\.\d\d,\d\.\d{8},gtc,false,,,,,[0-9a-f]{16}$/,
    );
    expect(lines).toHaveLength(3 + 160 + 1);
    expect(lines.at(-1)).toBe('');
  });

  it('restarting replays it: the same orders, trades, ids, book and ticker, and no second seeding', async () => {
    let server = await start(journal, clock);
    const post = (body: Record<string, unknown>) =>
      call(server.url, 'POST', '/v1/orders', { body });
    clock.now += 1_000;
    const resting = await post({
      symbol: 'BTC-USD',
      side: 'buy',
      type: 'limit',
      price: '29000.00',
      size: '0.3',
      client_order_id: 'c-1',
    });
    expect(resting.json.id).toBe('ord_161');
    clock.now += 1_000;
    await post({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' });
    clock.now += 1_000;
    await post({
      symbol: 'BTC-USD',
      side: 'sell',
      type: 'limit',
      price: '29990.00',
      size: '0.2',
      time_in_force: 'ioc',
    });
    await post({
      symbol: 'BTC-USD',
      side: 'sell',
      type: 'limit',
      price: '40000.00',
      size: '0.2',
      post_only: true,
    });
    clock.now += 1_000;
    expect((await call(server.url, 'DELETE', '/v1/orders/ord_161')).status).toBe(200);
    const before = await snapshot(server.url);
    await server.close();

    server = await start(journal, clock);
    expect(await snapshot(server.url)).toEqual(before);
    const next = await call(server.url, 'POST', '/v1/orders', {
      body: { symbol: 'ETH-USD', side: 'buy', type: 'market', size: '1' },
    });
    expect(next.json.id).toBe('ord_165');
    await server.close();
    const rows = (await readFile(journal, 'utf8'))
      .trimEnd()
      .split('\n')
      .slice(-6)
      .map((row) => row.replace(/,[0-9a-f]{16}$/, ''));
    expect(rows).toEqual([
      '2026-01-05T09:30:01.000Z,new,ord_161,alice,BTC-USD,buy,limit,29000.00,0.30000000,gtc,false,c-1,,,',
      '2026-01-05T09:30:02.000Z,new,ord_162,alice,BTC-USD,buy,market,,0.50000000,,,,,,',
      '2026-01-05T09:30:03.000Z,new,ord_163,alice,BTC-USD,sell,limit,29990.00,0.20000000,ioc,false,,,,',
      '2026-01-05T09:30:03.000Z,new,ord_164,alice,BTC-USD,sell,limit,40000.00,0.20000000,gtc,true,,,,',
      '2026-01-05T09:30:04.000Z,cancel,ord_161,alice,BTC-USD,,,,,,,,,,',
      '2026-01-05T09:30:04.000Z,new,ord_165,alice,ETH-USD,buy,market,,1.0000,,,,,,',
    ]);
  });

  it('a torn last line is reported, dropped and cut off the file', async () => {
    const torn = join(directory, 'torn.csv');
    const seeded = await start(torn, clock);
    await seeded.close();
    const whole = await readFile(torn, 'utf8');
    await appendFile(torn, '2026-01-05T09:31:00.000Z,new,ord_161,alice,BTC-U');
    const log: string[] = [];
    const server = await start(torn, clock, log);
    expect(log).toEqual([
      `journal ${torn}: dropped the torn last line 164 (never acknowledged): "2026-01-05T09:31:00.000Z,new,ord_161,alice,BTC-U"`,
    ]);
    const placed = await call(server.url, 'POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '100.00', size: '1' },
    });
    expect(placed.json.id).toBe('ord_161');
    await server.close();
    expect(
      (await readFile(torn, 'utf8')).startsWith(
        whole + '2026-01-05T09:30:04.000Z,new,ord_161,alice,',
      ),
    ).toBe(true);
  });
});
