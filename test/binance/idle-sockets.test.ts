import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOCKET_LIMITS, sign } from '../../adapters/server/binance/index.js';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { ManualClock } from '../http/test-server.js';
import { ALICE } from './ccxt-server.js';
import type { IdleClientsCommand, IdleClientsReply } from './idle-clients.js';

const MAX_SOCKETS = DEFAULT_SOCKET_LIMITS.maxSockets;
/** Sockets connecting at once. */
const BATCH = 250;
/** Descriptors each side needs: the sockets, one more, and the process's own (stdio, IPC, ...). */
const DESCRIPTORS = MAX_SOCKETS + 100;
/** Growth per idle socket at most: the venue's process's heap, the fan-out process's RSS. */
const HEAP_PER_SOCKET = 2 * 1024;
const FAN_OUT_RSS_PER_SOCKET = 16 * 1024;
/** Round trips of a signed order measured, before and while the sockets are open. */
const ROUND_TRIPS = 40;

/** The soft limit on open files this process's children get. */
function openFilesLimit(): number {
  return Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
}

/** A process's resident memory in bytes (Linux: /proc; elsewhere: ps). */
function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) * 1024;
  } catch {
    return (
      Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })) * 1024
    );
  }
}

/** The venue's process's heap in use after a full collection (gc exposed at run time). */
function liveHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe(`${MAX_SOCKETS} idle WebSockets on the Binance dialect`, () => {
  const clock = new ManualClock();
  let server: RunningServer;
  let clients: ChildProcess;

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      rateLimit: 0,
      clock: clock.read,
      grants: [{ key: ALICE.key, account: 'alice', secret: ALICE.secret }],
    });
    clients = fork(new URL('./idle-clients.ts', import.meta.url), {
      execArgv: ['--import', import.meta.resolve('tsx')],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  });
  afterAll(async () => {
    if (clients?.connected) {
      const exited = once(clients, 'exit');
      clients.disconnect();
      await exited;
    }
    await server?.close();
  });

  /** Has the client process run `command`; its answer (a failure throws). */
  async function command(command: IdleClientsCommand): Promise<IdleClientsReply> {
    const answered = once(clients, 'message') as Promise<[IdleClientsReply]>;
    clients.send(command);
    const [reply] = await answered;
    if (reply[0] === 'failed') throw new Error(`the client process: ${reply[1]}`);
    return reply;
  }

  /** The round trip of a signed limit order that rests, in ms: the median of ROUND_TRIPS. */
  async function orderRoundTrip(): Promise<number> {
    const times: number[] = [];
    for (let n = 0; n < ROUND_TRIPS; n++) {
      const payload =
        'symbol=BTCUSD&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=100' +
        `&timestamp=${clock.now}`;
      const started = performance.now();
      const reply = await fetch(`${server.url}/api/v3/order`, {
        method: 'POST',
        headers: {
          'x-mbx-apikey': ALICE.key,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `${payload}&signature=${sign(ALICE.secret, payload)}`,
      });
      await reply.json();
      times.push(performance.now() - started);
      expect(reply.status).toBe(200);
    }
    return median(times);
  }

  it(
    'one more is refused with 429 {code,msg}; memory stays bounded, orders keep their pace, all close',
    { timeout: 90_000 },
    async () => {
      const limit = openFilesLimit();
      expect(
        limit,
        `this test holds ${MAX_SOCKETS} WebSockets: each side needs ${DESCRIPTORS} open files, ` +
          `ulimit -n is ${limit} (raise it: ulimit -n ${DESCRIPTORS})`,
      ).toBeGreaterThanOrEqual(DESCRIPTORS);
      const url = `${server.url.replace('http', 'ws')}/ws`;
      await orderRoundTrip(); // warms the connection and the code paths
      const before = await orderRoundTrip();

      // The first socket starts the fan-out process: the memory is measured from there.
      expect(await command(['open', url, 1, 1])).toStrictEqual(['opened', 1]);
      const fanOut = server.binance.fanOutPid!;
      const heapBefore = liveHeap();
      const rssBefore = residentBytes(fanOut);
      const started = performance.now();
      expect(await command(['open', url, MAX_SOCKETS - 1, BATCH])).toStrictEqual([
        'opened',
        MAX_SOCKETS,
      ]);
      const openMs = performance.now() - started;
      expect(server.binance.openSockets).toBe(MAX_SOCKETS);
      expect(server.binance.fanOutPid).toBe(fanOut);

      const [, status, body] = (await command(['refused', url])) as ['refused', number, string];
      expect([status, JSON.parse(body)]).toStrictEqual([
        429,
        { code: -1003, msg: 'Too many WebSocket connections.' },
      ]);

      const heapPerSocket = (liveHeap() - heapBefore) / (MAX_SOCKETS - 1);
      const rssPerSocket = (residentBytes(fanOut) - rssBefore) / (MAX_SOCKETS - 1);
      const during = await orderRoundTrip();
      const figures = `opened in ${openMs.toFixed(0)} ms; per socket: heap ${heapPerSocket.toFixed(0)} B, fan-out RSS ${rssPerSocket.toFixed(0)} B; order round trip ${before.toFixed(2)} ms before, ${during.toFixed(2)} ms while open`;
      expect(heapPerSocket, figures).toBeLessThan(HEAP_PER_SOCKET);
      expect(rssPerSocket, figures).toBeLessThan(FAN_OUT_RSS_PER_SOCKET);
      // Idle sockets cost an order nothing: its round trip stays within 3x (+5 ms of noise).
      expect(during, figures).toBeLessThan(3 * before + 5);

      expect(await command(['close'])).toStrictEqual(['closed']);
      // Each close reaches the venue's process through the fan-out process's channel.
      const deadline = performance.now() + 20_000;
      while (server.binance.openSockets > 0 && performance.now() < deadline) await nextTurn();
      expect(server.binance.openSockets).toBe(0);
      expect(await command(['open', url, 1, 1])).toStrictEqual(['opened', 1]);
      expect(server.binance.openSockets).toBe(1);
      expect(await command(['close'])).toStrictEqual(['closed']);
    },
  );
});
