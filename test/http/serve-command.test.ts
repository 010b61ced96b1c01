import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveServeConfig, startupLines } from '../../adapters/server/http/serve-config.js';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import {
  AgentMarket,
  agentConfigOf,
  DEFAULT_AGENT_CONFIG,
  planMarket,
  startMarket,
  type AgentConfig,
} from '../../adapters/server/market/index.js';
import { unwrap } from '../core/helpers.js';
import { ManualScheduler, START } from '../market/manual-scheduler.js';
import { runServeToExit, useChildServers } from './child-server.js';
import { expectDocumentedReply } from './raw-socket.js';
import { ALICE_KEY, call } from './test-server.js';

const spawnServer = useChildServers();
const directory = await mkdtemp(join(tmpdir(), 'simex-serve-'));
afterAll(() => rm(directory, { recursive: true, force: true }));
const hasCurl = await promisify(execFile)('curl', ['--version']).then(
  () => true,
  () => false,
);

describe('serve configuration', () => {
  it('defaults: 127.0.0.1:8080, rate limit 100, one generated key for account-1', () => {
    const config = resolveServeConfig({}, {});
    if ('error' in config) throw new Error(config.error);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      rateLimit: 100,
      orderLimits: { maxOpenOrders: 200, maxStopOrders: 10 },
    });
    expect(config.generatedKey).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    expect(config.grants).toEqual([
      { key: config.generatedKey, account: 'account-1', secret: expect.stringMatching(/^sk_/) },
    ]);
  });

  it('the environment, then flags over it; KEY without ACCOUNT is account-<n>', () => {
    const env = { SIMEX_PORT: '9001', SIMEX_HOST: '0.0.0.0', SIMEX_API_KEYS: 'k1:alice, k2' };
    expect(resolveServeConfig({ rateLimit: '0' }, env)).toEqual({
      port: 9001,
      host: '0.0.0.0',
      rateLimit: 0,
      market: { kind: 'none' },
      orderLimits: { maxOpenOrders: 200, maxStopOrders: 10 },
      grants: [
        { key: 'k1', account: 'alice' },
        { key: 'k2', account: 'account-2' },
      ],
    });
    const flags = {
      port: '0',
      host: '127.0.0.2',
      apiKey: ['k3'],
      rateLimit: '5',
      journal: 'j.csv',
      maxOpenOrders: '50',
      maxStopOrders: '3',
    };
    expect(resolveServeConfig(flags, env)).toEqual({
      port: 0,
      host: '127.0.0.2',
      rateLimit: 5,
      market: { kind: 'none' },
      orderLimits: { maxOpenOrders: 50, maxStopOrders: 3 },
      journal: 'j.csv',
      grants: [{ key: 'k3', account: 'account-1' }],
    });
  });

  it('bad settings are messages', () => {
    expect(resolveServeConfig({ port: '70000' }, {})).toEqual({
      error: 'port must be an integer from 0 to 65535, not "70000"',
    });
    for (const port of ['', '-1', '1.5', '0x50', ' 80']) {
      expect(resolveServeConfig({ port }, {})).toEqual({
        error: `port must be an integer from 0 to 65535, not ${JSON.stringify(port)}`,
      });
    }
    expect(resolveServeConfig({ rateLimit: '-1' }, {})).toHaveProperty('error');
    expect(resolveServeConfig({ maxOpenOrders: '0' }, {})).toEqual({
      error: 'max open orders must be an integer from 1 to 1000000, not "0"',
    });
    expect(resolveServeConfig({ maxStopOrders: '1.5' }, {})).toHaveProperty('error');
    expect(resolveServeConfig({ apiKey: ['a:b', 'a:c'] }, {})).toEqual({
      error: 'API key #2 is given twice',
    });
    expect(resolveServeConfig({ apiKey: ['bad key'] }, {})).toHaveProperty('error');
    expect(resolveServeConfig({ apiKey: ['k:bad account'] }, {})).toHaveProperty('error');
  });

  it('--market: none by default, agents with a seed, or a flow with a speed; the last one wins', () => {
    const market = (args: Parameters<typeof resolveServeConfig>[0]) => {
      const config = resolveServeConfig(args, {});
      return 'error' in config ? config : config.market;
    };
    expect(market({})).toEqual({ kind: 'none' });
    expect(market({ market: 'agents' })).toEqual({ kind: 'agents', seed: 1 });
    expect(market({ market: ['agents', 'none'] })).toEqual({ kind: 'none' });
    expect(market({ market: 'agents', seed: '4294967295', agents: 'a.json' })).toEqual({
      kind: 'agents',
      seed: 4294967295,
      agentsFile: 'a.json',
    });
    expect(market({ market: 'f.csv' })).toEqual({
      kind: 'flow',
      file: 'f.csv',
      speed: 1,
      loop: false,
    });
    expect(market({ market: 'f.csv', speed: '0.5', loop: true })).toEqual({
      kind: 'flow',
      file: 'f.csv',
      speed: 0.5,
      loop: true,
    });
    expect(market({ market: 'agents', speed: '2' })).toEqual({
      error: '--speed applies to --market FILE only',
    });
    expect(market({ seed: '2' })).toEqual({ error: '--seed applies to --market agents only' });
    expect(market({ market: 'f.csv', agents: 'a.json' })).toEqual({
      error: '--agents applies to --market agents only',
    });
    expect(market({ market: 'agents', seed: '4294967296' })).toEqual({
      error: 'seed must be an integer from 0 to 4294967295, not "4294967296"',
    });
    expect(market({ market: 'f.csv', speed: '0' })).toEqual({
      error: 'speed must be a positive number, not "0"',
    });
    expect(market({ market: '' })).toEqual({ error: 'market must be none, agents or a flow file' });
  });

  it('start-up lines with configured keys do not print them', () => {
    const config = {
      port: 1,
      host: '127.0.0.1',
      rateLimit: 1,
      grants: [{ key: 'secret', account: 'a' }],
      market: { kind: 'none' as const },
      orderLimits: { maxOpenOrders: 200, maxStopOrders: 10 },
    };
    const lines = startupLines('http://127.0.0.1:1', config, {
      instruments: [{ symbol: 'BTC-USD', minSize: '0.00000001' }],
      description: 'none',
    });
    expect(lines[0]).toBe('simex listening on http://127.0.0.1:1');
    expect(lines.join('\n')).not.toContain('secret');
    expect(lines.slice(1, 5)).toEqual([
      'API keys: 1 configured (export SIMEX_API_KEY=<one of them> for the example)',
      'dashboard: http://127.0.0.1:1/ (add #key=<one of them> to the address to fill the key in)',
      'symbols: BTC-USD (market data needs the API key too: send X-API-Key on every request)',
      'market: none',
    ]);
  });

  it('start-up lines with a generated key give the dashboard with the key in its fragment', () => {
    const config = resolveServeConfig({}, {});
    if ('error' in config) throw new Error(config.error);
    const lines = startupLines('http://127.0.0.1:1', config, {
      instruments: [{ symbol: 'BTC-USD', minSize: '0.00000001' }],
      description: 'none',
    });
    expect(lines.slice(1, 3)).toEqual([
      `API key (generated for this run, account account-1): ${config.generatedKey}`,
      `dashboard: http://127.0.0.1:1/#key=${config.generatedKey}`,
    ]);
  });
});

const FLOW = [
  '# instrument symbol=ABC-USD tick_size=0.01 lot_size=1 reference_price=10.00',
  'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
  '2026-01-05T09:30:00.000Z,new,a1,flow-maker,ABC-USD,sell,limit,10.05,5,gtc,false',
  '2026-01-05T09:30:01.000Z,new,b1,flow-maker,ABC-USD,buy,limit,9.95,5,gtc,false',
  '2026-01-05T09:30:02.000Z,new,t1,flow-taker,ABC-USD,buy,market,,2,,',
  '2026-01-05T09:30:04.000Z,reduce,b1,flow-maker,ABC-USD,,,,1,,',
  '',
].join('\n');

/** A server that replays the flow file on a manual scheduler (the venue's clock too). */
async function serveFlowFile(
  file: string,
  scheduler: ManualScheduler,
  options: { journal: string; loop: boolean; grants: { key: string; account: string }[] },
) {
  const plan = await planMarket(
    { kind: 'flow', file, speed: 1, loop: options.loop },
    scheduler,
    () => {},
  );
  if ('error' in plan) throw new Error(plan.error);
  return startServer({
    port: 0,
    host: '127.0.0.1',
    grants: options.grants,
    rateLimit: 0,
    clock: scheduler.now,
    journal: options.journal,
    demoLiquidity: plan.demoLiquidity,
    ...(plan.instruments !== undefined && { instruments: plan.instruments }),
    market: plan.start!,
  });
}

/** A server whose agents run on a manual scheduler (the venue's clock too). */
async function serveAgents(config: AgentConfig, scheduler: ManualScheduler, journal?: string) {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    grants: [{ key: ALICE_KEY, account: 'alice' }],
    rateLimit: 0,
    clock: scheduler.now,
    demoLiquidity: false,
    ...(journal !== undefined && { journal }),
    market: (venue, hooks) =>
      startMarket(
        new AgentMarket({ venue, config, seed: 1, start: scheduler.now(), hooks }),
        scheduler,
      ),
  });
}

describe('simex serve with agents on a fake clock', () => {
  let server: RunningServer | undefined;
  afterEach(() => server?.close());

  it("a client's market buy that took the book is filled again once the provider refilled", async () => {
    // One provider, a fixed fair value of 30000.00 for BTC-USD, nobody else: it quotes two levels
    // a side, 1 bp (3.00) from the fair value and 1 bp apart, worth 3000 and 6000 USD.
    const config = agentConfigOf({
      fairValue: { volatilityBps: 0 },
      providers: { count: 1, levels: 2, levelNotional: 3000 },
      noise: { count: 0 },
      momentum: { count: 0 },
    });
    if ('error' in config) throw new Error(config.error);
    const scheduler = new ManualScheduler();
    server = await serveAgents(config, scheduler);
    const url = server.url;
    const book = async () => (await call(url, 'GET', '/v1/market/orderbook?symbol=BTC-USD')).json;
    const buy = async (size: string) =>
      (
        await call(url, 'POST', '/v1/orders', {
          body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size },
        })
      ).json;
    // 3000 / 30003.00 = 0.09999000 (down to the lot), 6000 / 30006.00 = 0.19996000.
    expect((await book()).asks).toEqual([
      ['30003.00', '0.09999000'],
      ['30006.00', '0.19996000'],
    ]);
    expect(await buy('1')).toMatchObject({ status: 'expired', filled_size: '0.29995000' });
    expect((await book()).asks).toEqual([]);
    expect(await buy('0.1')).toMatchObject({ status: 'expired', filled_size: '0.00000000' });
    await scheduler.advanceTo(START + 60_000);
    expect((await book()).asks).toEqual([
      ['30003.00', '0.09999000'],
      ['30006.00', '0.19996000'],
    ]);
    expect(await buy('0.05')).toMatchObject({
      status: 'filled',
      filled_size: '0.05000000',
      average_price: '30003.00',
    });
  });

  it('--journal with --market FILE: the flow rows, reduces included, replay on restart', async () => {
    const flow = join(directory, 'journaled-flow.csv');
    await writeFile(flow, FLOW);
    const serveFlow = (scheduler: ManualScheduler) =>
      serveFlowFile(flow, scheduler, {
        journal: join(directory, 'flow-journal.csv'),
        loop: true,
        grants: [{ key: ALICE_KEY, account: 'alice' }],
      });
    const first = new ManualScheduler();
    server = await serveFlow(first);
    // Rows at +0, +1 s, +2 s, +4 s; at +4 s the loop cancels what rests and places a1 again.
    await first.advanceTo(START + 4_500);
    const states = () => {
      const orders = server!.venue.listOrders('flow-maker');
      return (
        orders.ok && orders.value.map((order) => [order.id, order.status, order.remainingSize])
      );
    };
    expect(states()).toEqual([
      ['ord_4', 'open', '5'],
      ['ord_2', 'cancelled', '0'],
      ['ord_1', 'cancelled', '0'],
    ]);
    await server.close();
    const journal = await readFile(join(directory, 'flow-journal.csv'), 'utf8');
    expect(journal).toMatch(/\n[^,]+,reduce,ord_2,flow-maker,ABC-USD,,,,1,/);
    const second = new ManualScheduler(START + 10_000);
    server = await serveFlow(second);
    await second.advanceTo(START + 10_500);
    // Replayed as they were; then the flow, starting again, cleared its account and placed a1 anew.
    expect(states()).toEqual([
      ['ord_5', 'open', '5'],
      ['ord_4', 'cancelled', '0'],
      ['ord_2', 'cancelled', '0'],
      ['ord_1', 'cancelled', '0'],
    ]);
  });

  it('--journal with --market FILE: a journal of other instruments is refused', async () => {
    const journal = join(directory, 'abc-journal.csv');
    const serveFlow = async (lines: string[]) => {
      const scheduler = new ManualScheduler();
      const flow = join(directory, 'instruments-flow.csv');
      await writeFile(flow, lines.join('\n') + '\n');
      return serveFlowFile(flow, scheduler, { journal, loop: false, grants: [] });
    };
    const header = FLOW.split('\n').slice(0, 2);
    await (await serveFlow(header)).close();
    await expect(serveFlow(header.slice(1))).rejects.toThrow(
      `the journal lists ABC-USD, the flow ${join(directory, 'instruments-flow.csv')} BTC-USD, ETH-USD: start a new journal`,
    );
  });

  it('--journal records the market too: a restart replays it, then the agents start afresh', async () => {
    const journal = join(directory, 'market-journal.csv');
    const first = new ManualScheduler();
    server = await serveAgents(DEFAULT_AGENT_CONFIG, first, journal);
    await first.advanceTo(START + 10_000);
    const client = await call(server.url, 'POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '20000.00', size: '1' },
    });
    await first.advanceTo(START + 20_000);
    const trades = unwrap(server.venue.trades('BTC-USD', 1000));
    expect(trades.length).toBeGreaterThan(0);
    const resting = ['agent-noise-1', 'agent-noise-2'].flatMap((account) => {
      const open = server!.venue.listOrders(account, { status: 'open' });
      return open.ok ? open.value : [];
    });
    expect(resting.length).toBeGreaterThan(0);
    await server.close();
    const second = new ManualScheduler(START + 60_000);
    server = await serveAgents(DEFAULT_AGENT_CONFIG, second, journal);
    const replayed = unwrap(server.venue.trades('BTC-USD', 1000));
    expect(replayed.slice(-trades.length)).toEqual(trades);
    expect(server.venue.getOrder('alice', client.json.id)).toMatchObject({
      ok: true,
      value: { status: 'open', createdAt: START + 10_000 },
    });
    // The agents' orders from before the restart are gone from the book; the providers quote anew.
    const before = resting.map(({ account, id }) => unwrap(server!.venue.getOrder(account, id)));
    expect(before.map((order) => order.status)).toEqual(resting.map(() => 'cancelled'));
    const quotes = unwrap(server.venue.listOrders('agent-provider-1', { status: 'open' }));
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.map((order) => order.createdAt)).toEqual(quotes.map(() => START + 60_000));
    for (const account of ['agent-noise-1', 'agent-noise-2'])
      expect(unwrap(server.venue.listOrders(account, { status: 'open' })), account).toEqual([]);
  });
});

describe('simex serve as a process', () => {
  it.skipIf(!hasCurl)(
    'prints its URL, the generated key and a curl that works as printed',
    async () => {
      const server = await spawnServer(['--port', '0']);
      await server.line('stdout', /^try: /);
      expect(server.stdout).toHaveLength(7);
      expect(server.stdout[5]).toMatch(
        /^Binance dialect: http:\/\/\S+\/api\/v3 and ws:\/\/\S+\/ws \(docs\/ccxt.md\), secret of the generated key: sk_\S+$/,
      );
      expect(server.stdout.slice(3, 5)).toEqual([
        'symbols: BTC-USD, ETH-USD (market data needs the API key too: send X-API-Key on every request)',
        'market: none: the demo book, which does not move',
      ]);
      const key = /^API key \(generated for this run, account account-1\): (sk_\S+)$/.exec(
        server.stdout[1]!,
      )?.[1];
      expect(key).toBeDefined();
      expect(server.stdout[2]).toBe(`dashboard: ${server.url}/#key=${key}`);
      const curl = server.stdout[6]!.replace(/^try: /, '');
      expect(curl).toContain(`'X-API-Key: ${key}'`);
      const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
      expect(JSON.parse(stdout)).toMatchObject({
        status: 'filled',
        size: '0.00000001',
        filled_size: '0.00000001',
      });
      server.process.kill('SIGINT');
      expect(await server.exited).toBe(0);
    },
  );

  it('--market FILE serves the flow instruments and trades the flow in real time', async () => {
    const flow = join(directory, 'flow.csv');
    await writeFile(
      flow,
      [
        '# instrument symbol=ABC-USD tick_size=0.01 lot_size=1 reference_price=10.00',
        'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
        '2026-01-05T09:30:00.000Z,new,a1,flow-maker,ABC-USD,sell,limit,10.05,5,gtc,false',
        '',
      ].join('\n'),
    );
    const server = await spawnServer(['--port', '0', '--market', flow, '--api-key', ALICE_KEY]);
    await server.line('stdout', /^try: /);
    expect(server.stdout.slice(3, 5)).toEqual([
      'symbols: ABC-USD (market data needs the API key too: send X-API-Key on every request)',
      `market: the flow ${flow} (1 row) at speed 1`,
    ]);
    await server.line('stderr', /the flow .* ended: 1 row applied, 0 refused/);
    const book = await call(server.url, 'GET', '/v1/market/orderbook?symbol=ABC-USD');
    expect(book.json).toMatchObject({ bids: [], asks: [['10.05', '5']] });
    server.process.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses a bad market before serving: one line, exit 2', async () => {
    const missing = join(directory, 'missing.csv');
    expect(await runServeToExit(['--port', '0', '--market', missing])).toEqual({
      code: 2,
      stdout: [],
      stderr: [`simex serve: ${missing}: no such file or directory (ENOENT)`],
    });
    expect(await runServeToExit(['--port', '0', '--market', 'agents', '--loop'])).toEqual({
      code: 2,
      stdout: [],
      stderr: ['simex serve: --loop applies to --market FILE only'],
    });
  });

  it('SIGTERM lets a request in flight finish, journals it, and exits 0', async () => {
    const journal = join(directory, 'journal.csv');
    const server = await spawnServer([
      '--port',
      '0',
      '--api-key',
      `${ALICE_KEY}:alice`,
      '--journal',
      journal,
    ]);
    const { hostname, port } = new URL(server.url);
    const body =
      '{"symbol":"ETH-USD","side":"buy","type":"limit","price":"1.00","size":"1","client_order_id":"late"}';
    const socket = connect(Number(port), hostname);
    let reply = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (reply += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // The server's 100 Continue is the sign that it holds the request.
    const held = new Promise((resolve) => socket.once('data', resolve));
    const request =
      `POST /v1/orders HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\nContent-Type: application/json\r\n` +
      `Expect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`;
    socket.write(request + body.slice(0, 10));
    await held;
    expect(reply).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    server.process.kill('SIGTERM');
    await server.line('stderr', /^simex: SIGTERM: finishing requests in flight/);
    expect(server.process.exitCode).toBeNull();
    socket.write(body.slice(10));
    await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/);
    expect(reply.toLowerCase()).toContain('connection: close');
    expectDocumentedReply(request, reply);
    expect(await server.exited).toBe(0);
    expect((await readFile(journal, 'utf8')).trimEnd().split('\n').at(-1)).toMatch(
      /,new,ord_161,alice,ETH-USD,buy,limit,1\.00,1\.0000,gtc,false,late,,,,[0-9a-f]{16}$/,
    );
  });
});
