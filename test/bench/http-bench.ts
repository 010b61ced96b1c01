/**
 * `npm run bench:http`: autocannon (50 connections) against GET ticker, GET orderbook (depth 50)
 * and POST market order in /v1 and in the Binance dialect (signed), each next to a bare node:http
 * handler in the same run. The servers run
 * in a child process so autocannon does not share their CPU; simex from a fresh build in dist/
 * (what `npm start` runs). Bare and simex runs alternate (BENCH_ROUNDS, default 3, of
 * BENCH_SECONDS, default 3) and the median run of each is reported, so that a burst of other
 * load on the machine does not decide the ratio. The server process's CPU time per request is
 * shown too, and its ratio (bare / simex): what the req/s ratio would be with the server as the
 * only bottleneck.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sign } from '../../adapters/server/binance/index.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 3);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const CONNECTIONS = 50;
const KEY = 'bench-key';
const SECRET = 'bench-secret';

/**
 * A signed Binance order body, valid for its recvWindow (60 s, longer than one target's runs):
 * Binance serves a replayed signed request within its window, so one body serves the whole run.
 */
function signedOrder(): string {
  const payload =
    'symbol=BTCUSD&side=BUY&type=MARKET&quantity=0.00001&newOrderRespType=FULL' +
    `&timestamp=${Date.now()}&recvWindow=60000`;
  return `${payload}&signature=${sign(SECRET, payload)}`;
}

interface Target {
  readonly name: string;
  readonly path: string;
  readonly method: 'GET' | 'POST';
  /** A function: made again for each target's runs (a signature's timestamp). */
  readonly body?: string | (() => string);
  readonly contentType?: string;
  /** The least fraction of the bare handler's req/s to reach. */
  readonly minRatio: number;
}

const TARGETS: readonly Target[] = [
  { name: 'GET ticker', path: '/v1/market/ticker?symbol=BTC-USD', method: 'GET', minRatio: 0.85 },
  {
    name: 'GET orderbook',
    path: '/v1/market/orderbook?symbol=BTC-USD&depth=50',
    method: 'GET',
    minRatio: 0.85,
  },
  {
    name: 'POST market order',
    path: '/v1/orders',
    method: 'POST',
    body: '{"symbol":"BTC-USD","side":"buy","type":"market","size":"0.00001"}',
    minRatio: 0.7,
  },
  {
    name: 'POST /api/v3/order signed',
    path: '/api/v3/order',
    method: 'POST',
    body: signedOrder,
    contentType: 'application/x-www-form-urlencoded',
    minRatio: 0.6,
  },
];
const P99_TARGET_MS = 5;

interface Figures {
  readonly requestsPerSecond: number;
  /** The server process's CPU time per request, µs: less swayed by other load than req/s. */
  readonly cpuPerRequest: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function cpuMicros(cpuUrl: string): Promise<number> {
  return Number(await (await fetch(cpuUrl)).text());
}

async function measure(
  url: string,
  target: Target,
  seconds: number,
  cpuUrl: string,
  body: string | undefined,
): Promise<Figures> {
  const cpuBefore = await cpuMicros(cpuUrl);
  const result = await autocannon({
    url: url + target.path,
    method: target.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      'x-api-key': KEY,
      'x-mbx-apikey': KEY,
      'content-type': target.contentType ?? 'application/json',
    },
    ...(body !== undefined && { body }),
  });
  const cpu = (await cpuMicros(cpuUrl)) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The run with the median req/s. */
function median(runs: readonly Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('http-bench-servers.ts', import.meta.url))],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
try {
  const urls = await new Promise<{ bare: string; simex: string; cpu: string }>(
    (resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', (line) =>
        resolve(JSON.parse(line) as { bare: string; simex: string; cpu: string }),
      );
      child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
    },
  );
  console.log(
    `autocannon, ${CONNECTIONS} connections, median of ${ROUNDS} alternating runs of ${SECONDS}s ` +
      `(after a 1s warm-up each), node ${process.version}\n`,
  );
  const rows: string[][] = [
    [
      'route',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU µs/req',
      'bare req/s',
      'bare p50/p99',
      'bare CPU µs/req',
      'ratio',
      'CPU ratio',
      'target',
      '',
    ],
  ];
  let missed = 0;
  for (const target of TARGETS) {
    const body = typeof target.body === 'function' ? target.body() : target.body;
    await measure(urls.bare, target, 1, urls.cpu, body);
    await measure(urls.simex, target, 1, urls.cpu, body);
    const bareRuns: Figures[] = [];
    const simexRuns: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRuns.push(await measure(urls.bare, target, SECONDS, urls.cpu, body));
      simexRuns.push(await measure(urls.simex, target, SECONDS, urls.cpu, body));
    }
    const bare = median(bareRuns);
    const simex = median(simexRuns);
    const failures = simexRuns.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
    if (failures > 0) throw new Error(`${target.name}: ${failures} non-2xx answers or errors`);
    const ratio = simex.requestsPerSecond / bare.requestsPerSecond;
    const met = ratio >= target.minRatio && simex.p99 < P99_TARGET_MS;
    if (!met) missed++;
    rows.push([
      target.name,
      simex.requestsPerSecond.toFixed(0),
      String(simex.p50),
      String(simex.p99),
      simex.cpuPerRequest.toFixed(1),
      bare.requestsPerSecond.toFixed(0),
      `${bare.p50}/${bare.p99}`,
      bare.cpuPerRequest.toFixed(1),
      `${(ratio * 100).toFixed(1)}%`,
      `${((bare.cpuPerRequest / simex.cpuPerRequest) * 100).toFixed(1)}%`,
      `>=${target.minRatio * 100}%, p99<${P99_TARGET_MS}`,
      met ? 'met' : 'MISSED',
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  if (missed > 0) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
}
