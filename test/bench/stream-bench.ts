/**
 * `npm run bench:stream`: a load client offers BENCH_RATE orders a second (default 2,000) to a
 * server in a child process, in BENCH_ROUNDS rounds (default 3): first with no stream open, then
 * with BENCH_SUBSCRIBERS (default 200) SSE subscribers on BTC-USD (channels trades,book), which
 * run and parse in a third process. Each phase warms up for 1 s, then measures BENCH_SECONDS
 * (default 5). Reported side by side per round, then as medians with their range: the
 * orders answered a second, the server's CPU time per order and the capacity it implies (1 s / CPU
 * per order), each process's share of a core; with subscribers, the server's extra CPU per
 * delivery and the delivery latency from each trade (noted by the server when the venue makes it)
 * to its trade event reaching each subscriber (the monotonic clock all three processes share).
 * Per round, where the deliveries' time went (all of them, and those at or beyond the p99):
 * queued in the server until the flush that hands them to the fan-out process, from that flush to
 * the trade's first arrival at any subscriber, and from there to each arrival (the writes and
 * reads in turn); and the subscriber process's CPU per read.
 * Targets: capacity with subscribers at least 80% of without; p99 delivery at most 10 ms.
 * `npm run bench:ws` (argument `binance-ws`) measures the same with BENCH_SUBSCRIBERS Binance
 * WebSockets subscribed to `btcusd@trade` as ccxt.pro's `watchTrades` does (see
 * ws-bench-subscribers.ts), written by the dialect's own fan-out process. BENCH_PROFILE=DIR writes the server's CPU profile of each measure with subscribers there;
 * BENCH_FLUSH_MS sets the streams' flushMs. Loopback only; bounded in count (at
 * most 1,000 subscribers, 20,000 orders a second) and time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { RawOrderClient } from './raw-order-client.js';
import type { Breakdown, Made, Report } from './delivery-report.js';

const bounded = (name: string, fallback: number, max: number) =>
  Math.min(max, Math.max(1, Number(process.env[name] ?? fallback)));
const RATE = bounded('BENCH_RATE', 2000, 20_000);
const SUBSCRIBERS = bounded('BENCH_SUBSCRIBERS', 200, 1000);
const SECONDS = bounded('BENCH_SECONDS', 5, 60);
const ROUNDS = bounded('BENCH_ROUNDS', 3, 10);
const WARM_UP_MS = 1000;
const SETTLE_MS = 200;
const TICK_MS = 10;
const MAX_IN_FLIGHT = 2000;
const KEY = 'bench-key';
const TRANSPORT = process.argv[2] === 'binance-ws' ? 'binance-ws' : 'sse';
const SUBSCRIBER_SCRIPT =
  TRANSPORT === 'sse' ? 'stream-bench-subscribers.ts' : 'ws-bench-subscribers.ts';
// A resting sell inside the spread, then a market buy that takes it: one trade a pair, a book that stays put.
const SELL = JSON.stringify({
  symbol: 'BTC-USD',
  side: 'sell',
  type: 'limit',
  price: '29999.00',
  size: '0.001',
});
const BUY = JSON.stringify({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.001' });

/** A child running `script` from the sources. */
function child(script: string, args: string[]): ChildProcess {
  const path = fileURLToPath(new URL(script, import.meta.url));
  return spawn(process.execPath, ['--import', 'tsx', path, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
}

/** Sends `message` to a child and answers its reply. */
function ask<T>(to: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve) => {
    to.once('message', (reply) => resolve(reply as T));
    to.send(message as string);
  });
}

const nextMessage = (from: ChildProcess) => new Promise((resolve) => from.once('message', resolve));
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const ownCpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

const server = child('stream-bench-server.ts', [String(SUBSCRIBERS), TRANSPORT]);
const { url } = JSON.parse(
  await new Promise<string>((resolve) =>
    createInterface({ input: server.stdout! }).once('line', resolve),
  ),
) as { url: string };
const client = new RawOrderClient(new URL(url), KEY, 32);
let subscribers: ChildProcess | undefined;

/** Offers RATE orders a second for `ms`; answers the orders answered. */
async function load(ms: number): Promise<number> {
  let answered = 0;
  let inFlight = 0;
  let pending: Promise<unknown>[] = [];
  const start = nowMs();
  for (let tick = 0; nowMs() - start < ms; tick++) {
    const due =
      Math.round(((tick + 1) * TICK_MS * RATE) / 1000) - Math.round((tick * TICK_MS * RATE) / 1000);
    for (let i = 0; i < due && inFlight < MAX_IN_FLIGHT; i++) {
      const isBuy = (tick + i) % 2 === 1;
      inFlight++;
      const done = client.post(isBuy ? BUY : SELL).then(() => {
        inFlight--;
        answered++;
      });
      pending.push(done);
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, start + (tick + 1) * TICK_MS - nowMs())),
    );
    if (pending.length > 10_000) pending = [];
  }
  await Promise.all(pending);
  return answered;
}

interface Phase {
  readonly ordersPerSecond: number;
  /** The server's CPU time per order (µs): the venue's process. */
  readonly cpuPerOrder: number;
  /** The fan-out process's CPU time per order (µs): the streams' sockets. */
  readonly fanOutPerOrder: number;
  readonly fanOutMicros: number;
  /** Share of one core each process used while measured: server, load client, fan-out, subscribers. */
  readonly shares: readonly number[];
}

/** CPU time so far (µs): the load client, the server, the fan-out process, the subscribers (if running). */
async function cpuTimes(): Promise<number[]> {
  const [servers, ...others] = await Promise.all([
    ask<[number, number]>(server, 'cpu'),
    ...(subscribers === undefined ? [] : [ask<number>(subscribers, 'cpu')]),
  ]);
  return [ownCpuMicros(), ...servers, ...others];
}

async function phase(): Promise<Phase> {
  await load(WARM_UP_MS);
  const before = await cpuTimes();
  if (subscribers !== undefined) await ask(server, 'record');
  const answered = await load(SECONDS * 1000);
  const used = (await cpuTimes()).map((micros, i) => micros - before[i]!);
  return {
    ordersPerSecond: answered / SECONDS,
    cpuPerOrder: used[1]! / answered,
    fanOutPerOrder: used[2]! / answered,
    fanOutMicros: used[2]!,
    shares: [used[1]!, used[0]!, ...used.slice(2)].map((micros) => micros / (SECONDS * 1e6)),
  };
}

/** One round: a phase without subscribers, then one with them (in a new subscriber process). */
async function round(): Promise<{
  alone: Phase;
  streamed: Phase;
  delivery: Report;
  /** Flushes the server handed to the fan-out process during the measure. */
  flushes: number;
  expected: number;
}> {
  const alone = await phase();
  subscribers = child(SUBSCRIBER_SCRIPT, [url, String(SUBSCRIBERS)]);
  await nextMessage(subscribers);
  const streamed = await phase();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS)); // the last events' way out
  const made = await ask<Made>(server, 'trades');
  const delivery = await ask<Report>(subscribers, made);
  subscribers.kill('SIGTERM');
  subscribers = undefined;
  const flushes = made.flushes.length;
  return { alone, streamed, delivery, flushes, expected: made.trades.length * SUBSCRIBERS };
}

const parts = ({ queued, handOff, inTurn }: Breakdown) =>
  `queued ${queued.toFixed(2)} + hand-off ${handOff.toFixed(2)} + in turn ${inTurn.toFixed(2)} ms`;
const capacity = (p: Phase) => 1e6 / p.cpuPerOrder;
const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const spread = (values: number[], digits: number) =>
  `median ${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

try {
  console.log(
    `stream bench (${TRANSPORT}): ${RATE} orders/s offered, ${ROUNDS} rounds of ${SECONDS} s without then with ${SUBSCRIBERS} subscribers, ${availableParallelism()} cores`,
  );
  await load(2 * WARM_UP_MS);
  console.log(
    `${'round, phase'.padEnd(20)} ${'orders/s'.padStart(8)} ${'CPU µs/order'.padStart(12)} ${'capacity/s'.padStart(10)} ${'fan-out µs/order'.padStart(16)}   core share: server / load / fan-out / subscribers`,
  );
  const row = (name: string, p: Phase) =>
    `${name.padEnd(20)} ${p.ordersPerSecond.toFixed(0).padStart(8)} ${p.cpuPerOrder.toFixed(1).padStart(12)} ${capacity(p).toFixed(0).padStart(10)} ${p.fanOutPerOrder.toFixed(1).padStart(16)}   ${p.shares.map(percent).join(' / ')}`;
  const ratios: number[] = [];
  const perDelivery: number[] = [];
  const fanOutPerDelivery: number[] = [];
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const { alone, streamed, delivery, flushes, expected } = await round();
    console.log(row(`${r}, no subscribers`, alone));
    console.log(row(`${r}, ${SUBSCRIBERS} subscribers`, streamed));
    const answered = streamed.ordersPerSecond * SECONDS;
    const extra = (streamed.cpuPerOrder - alone.cpuPerOrder) * answered;
    console.log(
      `   delivered ${delivery.deliveries} of ${expected} trade events (${delivery.dropped} streams dropped as slow), ${(flushes / SECONDS).toFixed(0)} flushes/s, ${(delivery.reads / SECONDS / SUBSCRIBERS).toFixed(0)} reads/s per stream (${((streamed.shares[3]! * SECONDS * 1e6) / delivery.reads).toFixed(1)} µs of the subscribers' CPU a read): p50 ${delivery.p50.toFixed(2)} ms, p99 ${delivery.p99.toFixed(2)} ms, max ${delivery.max.toFixed(2)} ms`,
    );
    console.log(`   mean: ${parts(delivery.all)}; beyond the p99: ${parts(delivery.tail)}`);
    ratios.push((capacity(streamed) / capacity(alone)) * 100);
    perDelivery.push(extra / delivery.deliveries);
    fanOutPerDelivery.push(streamed.fanOutMicros / delivery.deliveries);
    p50s.push(delivery.p50);
    p99s.push(delivery.p99);
  }
  const ratio = median(ratios);
  const p99 = median(p99s);
  console.log(
    `capacity with subscribers, % of without: ${spread(ratios, 1)} (target at least 80): ${ratio >= 80 ? 'met' : 'MISSED'}`,
  );
  console.log(`server CPU per delivery, µs: ${spread(perDelivery, 2)}`);
  console.log(`fan-out process CPU per delivery, µs: ${spread(fanOutPerDelivery, 2)}`);
  console.log(
    `delivery, trade → trade event, ms: p50 ${spread(p50s, 2)}; p99 ${spread(p99s, 2)} (target p99 at most 10): ${p99 <= 10 ? 'met' : 'MISSED'}`,
  );
} finally {
  client.close();
  subscribers?.kill('SIGTERM');
  server.kill('SIGTERM');
}
