import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FanOutSockets,
  type StreamSocket,
} from '../../adapters/server/http/stream-fanout-sockets.js';
import { mustOpen, openSse, type SseOpened } from './sse-client.js';
import { churnOrders, useTestServer } from './test-server.js';
import { turnsUntil } from './turns-until.js';

/** A socket the test controls: it takes `takes` bytes at once, then waits for the test's drain. */
class FakeSocket implements StreamSocket {
  written = '';
  readonly chunks: Array<string | Buffer> = [];
  waiting = 0;
  destroyed = false;
  ended = false;
  constructor(readonly takes: number) {}
  write(chunk: string | Buffer): boolean {
    this.written += chunk.toString();
    this.chunks.push(chunk);
    this.waiting += chunk.length;
    return this.waiting <= this.takes;
  }
  /** The client read everything. */
  drain(): void {
    this.waiting = 0;
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the fan-out process', () => {
  it('writes each text once as bytes shared by its streams; a write of any size to a socket that drained; drops a stream with more than the bound waiting behind', () => {
    const closed: number[] = [];
    const sockets = new FanOutSockets({ maxQueued: 1000, heartbeatMs: 15_000 }, (id) =>
      closed.push(id),
    );
    const [slow, fast, other] = [new FakeSocket(100), new FakeSocket(100), new FakeSocket(100)];
    sockets.add(1, slow, 'HEAD\r\n\r\n');
    sockets.add(2, fast, 'HEAD\r\n\r\n');
    sockets.add(3, other, 'HEAD\r\n\r\n');
    // A burst far beyond the bound goes to both at once, as one buffer.
    const burst = 'b'.repeat(5000);
    sockets.write([
      [burst, [1, 2]],
      ['own', [3]],
    ]);
    expect(slow.chunks[1]).toBeInstanceOf(Buffer);
    expect(fast.chunks[1]).toBe(slow.chunks[1]);
    expect(other.written).toBe('HEAD\r\n\r\nown');
    // Later texts wait for the drain: 3 x 300 fit in the bound, the fourth would pass it.
    const text = 'x'.repeat(300);
    for (let i = 0; i < 3; i++) sockets.write([[text, [1, 2]]]);
    expect([slow.chunks.length, fast.chunks.length]).toEqual([2, 2]);
    fast.drain();
    sockets.drained(2);
    expect(fast.written).toBe('HEAD\r\n\r\n' + burst + text.repeat(3));
    fast.drain();
    sockets.drained(2);
    sockets.write([[text, [1, 2]]]);
    expect([slow.destroyed, closed]).toEqual([true, [1]]);
    expect(fast.written).toBe('HEAD\r\n\r\n' + burst + text.repeat(4));
    expect(fast.destroyed).toBe(false);
    expect(sockets.size).toBe(2);
  });

  it('drops a stream that takes nothing over a whole heartbeat interval while data waits', () => {
    vi.useFakeTimers();
    const closed: number[] = [];
    const sockets = new FanOutSockets({ maxQueued: 1000, heartbeatMs: 15_000 }, (id) =>
      closed.push(id),
    );
    const [stuck, idle] = [new FakeSocket(10), new FakeSocket(100)];
    sockets.add(1, stuck, '');
    sockets.add(2, idle, '');
    sockets.write([['x'.repeat(50), [1]]]);
    vi.advanceTimersByTime(15_000);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(15_000);
    expect([closed, stuck.destroyed, idle.destroyed]).toEqual([[1], true, false]);
    sockets.endAll();
  });

  it('a heartbeat comment every 15 s, on a fake clock; none once every stream ended', () => {
    vi.useFakeTimers();
    const sockets = new FanOutSockets({ maxQueued: 1000, heartbeatMs: 15_000 }, () => {});
    const socket = new FakeSocket(1000);
    sockets.add(1, socket, '');
    vi.advanceTimersByTime(15_000 - 1);
    expect(socket.written).toBe('');
    vi.advanceTimersByTime(1);
    expect(socket.written).toBe(':heartbeat\n\n');
    vi.advanceTimersByTime(15_000);
    expect(socket.written).toBe(':heartbeat\n\n'.repeat(2));
    sockets.endAll();
    expect(socket.ended).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('when the fan-out process dies', () => {
  const server = useTestServer();

  it('its streams close, the venue goes on trading, and the next stream starts a new one', async () => {
    const path = '/v1/stream?symbols=BTC-USD&channels=trades';
    const stream = await mustOpen(server.url, path);
    await stream.count(1);
    const first = server.server.streams.fanOutPid!;
    process.kill(first, 'SIGKILL');
    await stream.end();
    await turnsUntil(
      () => server.server.streams.size === 0,
      "the dead fan-out's streams are freed",
    );
    const order = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' },
    });
    expect(order.status).toBe(201);
    const again = await mustOpen(server.url, path);
    const [snapshot] = await again.count(1);
    expect(snapshot!.data.trades[0].trade_id).toBe(order.json.fills[0].trade_id);
    expect(server.server.streams.fanOutPid).not.toBe(first);
    again.close();
  });

  it('a stream opened just after it died starts or gets a JSON 503 with Retry-After, never hangs; no descriptor is left open', async () => {
    const path = '/v1/stream?symbols=BTC-USD&channels=trades';
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const settled = async () => {
      for (let turn = 0; turn < 100_000 && server.server.streams.size > 0; turn++)
        await new Promise((resolve) => setImmediate(resolve));
    };
    await settled();
    const before = openFiles();
    const answers = new Map<number, number>();
    for (let round = 0; round < 5; round++) {
      const stream = await mustOpen(server.url, path);
      await stream.count(1);
      process.kill(server.server.streams.fanOutPid!, 'SIGKILL');
      const opened = await Promise.all(
        Array.from({ length: 10 }, () => withinTenSeconds(openSse(server.url, path))),
      );
      for (const answer of opened) {
        answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
        if (answer.status !== 200) {
          expect([answer.status, answer.headers['retry-after']]).toEqual([503, '1']);
          expect('json' in answer && answer.json.error.code).toBe('stream_unavailable');
        } else if ('stream' in answer) answer.stream.close();
      }
      stream.close();
      await settled();
    }
    expect([...answers.keys()].every((status) => status === 200 || status === 503)).toBe(true);
    // Each side of each closed connection is seen closed within a few turns.
    for (let turn = 0; turn < 100_000 && openFiles() > before; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(openFiles()).toBeLessThanOrEqual(before);
  });
});

/**
 * The answer's head, or a failure when it takes more than ten seconds: a hung stream (the server's
 * own bound is `startMs`; a fan-out process started from the sources on a loaded machine can take
 * seconds, which the test servers allow).
 */
function withinTenSeconds(opening: Promise<SseOpened>): Promise<SseOpened> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within ten seconds')), 10_000);
  });
  return Promise.race([opening, late]).finally(() => clearTimeout(timer));
}

describe('when the fan-out process takes no new connection', () => {
  const server = useTestServer({ streamLimits: { startMs: 300 } });

  it('a stream waiting longer than startMs gets a JSON 503 with Retry-After; a running process that does not take it is killed', async () => {
    const path = '/v1/stream?symbols=BTC-USD&channels=trades';
    // The process may take longer than 300 ms to start here: those streams get 503s meanwhile.
    let first: SseOpened | undefined;
    for (let attempt = 0; attempt < 200 && first?.status !== 200; attempt++) {
      first = await withinTenSeconds(openSse(server.url, path));
      expect([200, 503]).toContain(first.status);
    }
    if (first === undefined || !('stream' in first)) throw new Error('no stream opened');
    await first.stream.count(1);
    expect(server.server.streams.size).toBe(1);
    process.kill(server.server.streams.fanOutPid!, 'SIGSTOP');
    const waiting = await withinTenSeconds(openSse(server.url, path));
    expect([waiting.status, waiting.headers['retry-after']]).toEqual([503, '1']);
    expect('json' in waiting && waiting.json.error.code).toBe('stream_unavailable');
    await first.stream.end();
    expect(server.server.streams.size).toBe(0);
    expect(server.server.streams.fanOutPid).toBeUndefined();
  });
});

describe('when the fan-out process is stuck', () => {
  const server = useTestServer({ streamLimits: { maxBacklog: 64 * 1024 } });

  it('it is killed once 64 KiB of flushes wait for it; the venue never waits', async () => {
    const stream = await mustOpen(server.url, '/v1/stream?symbols=BTC-USD&channels=book,orders');
    await stream.count(1);
    const stuck = server.server.streams.fanOutPid!;
    process.kill(stuck, 'SIGSTOP');
    const { venue } = server.server;
    let orders = 0;
    // Bounded: about 1 KB of events per order.
    while (server.server.streams.size > 0 && orders < 100_000) {
      churnOrders(venue, 20);
      orders += 20;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.server.streams.size).toBe(0);
    expect(orders).toBeLessThan(100_000);
    await stream.end();
    expect(server.server.streams.fanOutPid).toBeUndefined();
  });
});
