/**
 * `npm run bench:stream`: a load client offers BENCH_RATE orders a second (default 2,000) to a
 * server in a child process, first with no stream open, then with BENCH_SUBSCRIBERS (default
 * 200) SSE subscribers on BTC-USD (channels trades,book). Each phase warms up for 1 s, then
 * measures BENCH_SECONDS (default 5). Reported side by side: the orders answered a second, the
 * server's CPU time per order and the capacity it implies (1 s / CPU per order), and, with
 * subscribers, the delivery latency from a trade's order being sent to its trade event reaching
 * each subscriber (an upper bound of trade to event: it includes the order's trip to the server).
 * Targets: capacity with subscribers at least 80% of without; p99 delivery at most 10 ms.
 * Loopback only; bounded in count (at most 1,000 subscribers, 20,000 orders a second) and time.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const bounded = (name: string, fallback: number, max: number) =>
  Math.min(max, Math.max(1, Number(process.env[name] ?? fallback)));
const RATE = bounded('BENCH_RATE', 2000, 20_000);
const SUBSCRIBERS = bounded('BENCH_SUBSCRIBERS', 200, 1000);
const SECONDS = bounded('BENCH_SECONDS', 5, 60);
const WARM_UP_MS = 1000;
const TICK_MS = 10;
const MAX_IN_FLIGHT = 2000;
const KEY = 'bench-key';
const HEADERS = { 'x-api-key': KEY, 'content-type': 'application/json' };
// A resting sell inside the spread, then a market buy that takes it: one trade a pair, a book that stays put.
const SELL = JSON.stringify({
  symbol: 'BTC-USD',
  side: 'sell',
  type: 'limit',
  price: '29999.00',
  size: '0.001',
});
const BUY = JSON.stringify({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.001' });

const child = spawn(
  process.execPath,
  [
    ...(process.env['BENCH_PROFILE']
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE']}`]
      : []),
    '--import',
    'tsx',
    fileURLToPath(new URL('stream-bench-server.ts', import.meta.url)),
    String(SUBSCRIBERS),
  ],
  { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
);
const { url } = JSON.parse(
  await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).once('line', resolve),
  ),
) as { url: string };
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

const cpuMicros = () =>
  new Promise<number>((resolve) => {
    child.once('message', (micros) => resolve(micros as number));
    child.send('cpu');
  });

/** Trade id → when the order that made it was sent (performance.now, ms). */
const sentAt = new Map<string, number>();
/** [trade id, arrival] of every trade event at every subscriber. */
const arrivals: Array<[string, number]> = [];

function post(body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url + '/v1/orders', { method: 'POST', headers: HEADERS, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => (res.statusCode === 201 ? resolve(text) : reject(new Error(text))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Offers RATE orders a second for `ms`; answers the orders answered. */
async function load(ms: number): Promise<number> {
  let answered = 0;
  let inFlight = 0;
  let pending: Promise<unknown>[] = [];
  const start = performance.now();
  for (let tick = 0; performance.now() - start < ms; tick++) {
    const due =
      Math.round(((tick + 1) * TICK_MS * RATE) / 1000) - Math.round((tick * TICK_MS * RATE) / 1000);
    for (let i = 0; i < due && inFlight < MAX_IN_FLIGHT; i++) {
      const isBuy = (tick + i) % 2 === 1;
      const sent = performance.now();
      inFlight++;
      const done = post(isBuy ? BUY : SELL).then((text) => {
        inFlight--;
        answered++;
        if (isBuy)
          for (const match of text.matchAll(/"trade_id":"(t_\d+)"/g)) sentAt.set(match[1]!, sent);
      });
      pending.push(done);
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, start + (tick + 1) * TICK_MS - performance.now())),
    );
    if (pending.length > 10_000) pending = [];
  }
  await Promise.all(pending);
  return answered;
}

/** One subscriber: counts its trade events' arrivals; resolves once its snapshot came. */
function subscribe(): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const path = '/v1/stream?symbols=BTC-USD&channels=trades,book';
    const req = request(url + path, { headers: { 'x-api-key': KEY }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      let buffer = '';
      let ready = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        const end = buffer.lastIndexOf('\n\n');
        if (end < 0) return;
        const complete = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const match of complete.matchAll(/event: trade\ndata: [^\n]*?"trade_id":"(t_\d+)"/g))
          arrivals.push([match[1]!, now]);
        if (!ready) resolve(() => req.destroy());
        ready = true;
      });
      res.on('error', () => {});
    });
    req.on('error', () => {});
    req.end();
  });
}

interface Phase {
  readonly ordersPerSecond: number;
  readonly cpuPerOrder: number;
}

async function phase(): Promise<Phase> {
  await load(WARM_UP_MS);
  const cpuBefore = await cpuMicros();
  const answered = await load(SECONDS * 1000);
  const cpu = (await cpuMicros()) - cpuBefore;
  return { ordersPerSecond: answered / SECONDS, cpuPerOrder: cpu / answered };
}

try {
  console.log(
    `stream bench: ${RATE} orders/s offered for ${SECONDS} s, ${SUBSCRIBERS} subscribers, server ${url}`,
  );
  const alone = await phase();
  const closers = await Promise.all(Array.from({ length: SUBSCRIBERS }, subscribe));
  arrivals.length = 0;
  sentAt.clear();
  const streamed = await phase();
  for (const close of closers) close();
  const latencies = arrivals
    .filter(([trade]) => sentAt.has(trade))
    .map(([trade, at]) => at - sentAt.get(trade)!)
    .sort((a, b) => a - b);
  const quantile = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const capacity = (p: Phase) => 1e6 / p.cpuPerOrder;
  const ratio = capacity(streamed) / capacity(alone);
  const row = (name: string, p: Phase) =>
    `${name.padEnd(22)} ${p.ordersPerSecond.toFixed(0).padStart(8)} ${p.cpuPerOrder.toFixed(1).padStart(12)} ${capacity(p).toFixed(0).padStart(14)}`;
  console.log(
    `${'phase'.padEnd(22)} ${'orders/s'.padStart(8)} ${'CPU µs/order'.padStart(12)} ${'capacity/s'.padStart(14)}`,
  );
  console.log(row('no subscribers', alone));
  console.log(row(`${SUBSCRIBERS} subscribers`, streamed));
  console.log(
    `capacity with subscribers: ${(ratio * 100).toFixed(1)}% of without (target at least 80%): ${ratio >= 0.8 ? 'met' : 'MISSED'}`,
  );
  const p99 = quantile(0.99);
  console.log(
    `delivery, order sent → trade event (${latencies.length} deliveries): p50 ${quantile(0.5).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${quantile(1).toFixed(2)} ms (target p99 at most 10 ms): ${p99 <= 10 ? 'met' : 'MISSED'}`,
  );
} finally {
  agent.destroy();
  child.kill('SIGTERM');
}
