/**
 * How long one request holds the venue (`npx tsx test/bench/stall-bench.ts`): the pure handler
 * timed around each call, on the default venue with its demo ladder, one stream open (so every
 * event is encoded and batched, as in a served venue with a subscriber), 10 accounts.
 *
 * - cancel-all: an account with the most open orders it may have on both symbols (400 at the
 *   default limit of 200 per symbol) cancels them in one DELETE /v1/orders;
 * - sweep and cascade: 9 accounts each rest 190 asks just above the mid and keep 10 buy stops
 *   (the default limits); one market buy takes every ask (1,710) and triggers all 90 stops, which
 *   trade into the demo ladder.
 *
 * Each with the default limits, and for comparison the cancel-all of 20,000 orders that no limit
 * stops. Prints the median and the longest of ROUNDS runs, in milliseconds.
 */
import { Socket } from 'node:net';
import { Venue, DEFAULT_INSTRUMENTS } from '../../src/index.js';
import { ApiKeyTable } from '../../adapters/server/http/api-keys.js';
import { demoLiquidity } from '../../adapters/server/http/demo-liquidity.js';
import { createHandler } from '../../adapters/server/http/handler.js';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from '../../adapters/server/http/order-limits.js';
import { StreamHub } from '../../adapters/server/http/stream-hub.js';

const ROUNDS = 7;
const ACCOUNTS = 10;
const START_MS = Date.parse('2026-01-05T09:30:00.000Z');

function setUp(limits: OrderLimits) {
  const created = Venue.create({ clock: () => START_MS, instruments: DEFAULT_INSTRUMENTS });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  for (const request of demoLiquidity(venue.instruments())) venue.placeOrder(request);
  const grants = Array.from({ length: ACCOUNTS }, (_, i) => ({
    key: `key-${i}-0123456789`,
    account: `a${i}`,
  }));
  const streams = new StreamHub(venue, {
    outlet: () => ({ attach() {}, write() {}, close: () => Promise.resolve(), pid: undefined }),
  });
  const handle = createHandler({
    venue,
    keys: new ApiKeyTable(grants),
    clock: () => START_MS,
    rateLimit: 0,
    streams,
    orderLimits: limits,
  });
  const send = (account: number, method: string, url: string, body?: unknown) => {
    const headers = { 'x-api-key': grants[account]!.key, 'content-type': 'application/json' };
    const bytes = new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body));
    const [started, cpu] = [performance.now(), process.cpuUsage()];
    const reply = handle({ method, url, headers, body: bytes });
    const { user, system } = process.cpuUsage(cpu);
    return { reply, ms: performance.now() - started, cpuMs: (user + system) / 1000 };
  };
  const stream = send(0, 'GET', '/v1/stream?symbols=BTC-USD,ETH-USD').reply.stream!;
  stream.open({ socket: new Socket(), head: '' });
  return { send, venue };
}

function place(send: ReturnType<typeof setUp>['send'], account: number, body: object): void {
  const { reply } = send(account, 'POST', '/v1/orders', body);
  if (reply.status !== 201) throw new Error(`${reply.status} ${reply.body}`);
}

function cancelAll(limits: OrderLimits, perSymbol: number): Timing {
  const { send } = setUp(limits);
  for (const [symbol, from] of [
    ['BTC-USD', 10_000],
    ['ETH-USD', 100],
  ] as const)
    for (let i = 0; i < perSymbol; i++) {
      const price = ((from + (i % 5000)) / 100).toFixed(2);
      place(send, 1, {
        symbol,
        side: 'buy',
        type: 'limit',
        price,
        size: symbol === 'BTC-USD' ? '0.001' : '0.01',
      });
    }
  const { reply, ms, cpuMs } = send(1, 'DELETE', '/v1/orders');
  if ((JSON.parse(reply.body) as unknown[]).length !== 2 * perSymbol) throw new Error(reply.body);
  return [ms, cpuMs];
}

/** The sweep's fills (the accounts' asks and the demo asks between them). */
let fills = 0;

function sweepAndCascade(limits: OrderLimits): Timing {
  const { send } = setUp(limits);
  const stops = limits.maxStopOrders;
  const asks = limits.maxOpenOrders - stops;
  for (let account = 1; account < ACCOUNTS; account++) {
    for (let i = 0; i < asks; i++) {
      const price = (30_000.01 + (account - 1) * asks * 0.01 + i * 0.01).toFixed(2);
      place(send, account, {
        symbol: 'BTC-USD',
        side: 'sell',
        type: 'limit',
        price,
        size: '0.001',
      });
    }
    for (let i = 0; i < stops; i++)
      place(send, account, {
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'market',
        size: '0.001',
        stop_price: '30001.00',
      });
  }
  const size = ((ACCOUNTS - 1) * asks * 0.001).toFixed(3);
  const { reply, ms, cpuMs } = send(0, 'POST', '/v1/orders', {
    symbol: 'BTC-USD',
    side: 'buy',
    type: 'market',
    size,
  });
  const swept = JSON.parse(reply.body) as { status: string; fill_count: number };
  if (swept.status !== 'filled') throw new Error(reply.body);
  fills = swept.fill_count;
  for (let account = 1; account < ACCOUNTS; account++) {
    const waiting = send(account, 'GET', '/v1/orders?status=pending').reply;
    if (waiting.body !== '[]') throw new Error(`stops left waiting: ${waiting.body}`);
  }
  return [ms, cpuMs];
}

/** Wall-clock and CPU milliseconds of one request. */
type Timing = [number, number];

function summary(name: string, run: () => Timing): void {
  const runs = Array.from({ length: ROUNDS }, run);
  const figures = (index: number) => {
    const times = runs.map((timing) => timing[index]!).sort((a, b) => a - b);
    return `median ${times[Math.floor(ROUNDS / 2)]!.toFixed(1)}, longest ${times.at(-1)!.toFixed(1)}`;
  };
  console.log(`${name} (${ROUNDS} runs): wall ms ${figures(0)}; CPU ms ${figures(1)}`);
}

const unlimited: OrderLimits = { maxOpenOrders: 1_000_000, maxStopOrders: 1_000_000 };
summary('cancel-all of 400 orders (200 per symbol, the default limit)', () =>
  cancelAll(DEFAULT_ORDER_LIMITS, DEFAULT_ORDER_LIMITS.maxOpenOrders),
);
summary(
  `sweep of ${(ACCOUNTS - 1) * 190} asks triggering ${(ACCOUNTS - 1) * 10} stops (9 accounts at the default limits)`,
  () => sweepAndCascade(DEFAULT_ORDER_LIMITS),
);
console.log(`  (the sweep made ${fills} fills)`);
summary('cancel-all of 20,000 orders (no limit, for comparison)', () =>
  cancelAll(unlimited, 10_000),
);
