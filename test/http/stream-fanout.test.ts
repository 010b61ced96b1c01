import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FanOutSockets, type StreamSocket } from '../../adapters/http/stream-fanout-sockets.js';
import { mustOpen, openSse, type SseOpened } from './sse-client.js';
import { churnOrders, useTestServer } from './test-server.js';

/** A socket the test controls: `reading` false, nothing written is ever taken. */
class FakeSocket implements StreamSocket {
  written = '';
  readonly chunks: Array<string | Buffer> = [];
  writableLength = 0;
  destroyed = false;
  ended = false;
  constructor(readonly reading: boolean) {}
  write(chunk: string | Buffer): void {
    this.written += chunk.toString();
    this.chunks.push(chunk);
    if (!this.reading) this.writableLength += chunk.length;
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
  it('writes each text once as bytes shared by its streams; drops a stream whose waiting bytes would pass the bound', () => {
    const closed: number[] = [];
    const sockets = new FanOutSockets({ maxQueued: 1000, heartbeatMs: 15_000 }, (id) =>
      closed.push(id),
    );
    const [slow, fast, other] = [new FakeSocket(false), new FakeSocket(true), new FakeSocket(true)];
    sockets.add(1, slow, 'HEAD\r\n\r\n');
    sockets.add(2, fast, 'HEAD\r\n\r\n');
    sockets.add(3, other, 'HEAD\r\n\r\n');
    const text = 'x'.repeat(300);
    sockets.write([
      [text, [1, 2]],
      ['own', [3]],
    ]);
    expect(slow.chunks[1]).toBeInstanceOf(Buffer);
    expect(fast.chunks[1]).toBe(slow.chunks[1]);
    expect(other.written).toBe('HEAD\r\n\r\nown');
    // 8 + 300 + 300 + 300 waiting: the fourth text would pass 1,000.
    for (let i = 0; i < 3; i++) sockets.write([[text, [1, 2]]]);
    expect([slow.destroyed, slow.writableLength, closed]).toEqual([true, 908, [1]]);
    expect(fast.written).toBe('HEAD\r\n\r\n' + text.repeat(4));
    expect(fast.destroyed).toBe(false);
    sockets.write([[text, [1, 2]]]);
    expect(slow.chunks).toHaveLength(4);
    expect(sockets.size).toBe(2);
  });

  it('a heartbeat comment every 15 s, on a fake clock; none once every stream ended', () => {
    vi.useFakeTimers();
    const sockets = new FanOutSockets({ maxQueued: 1000, heartbeatMs: 15_000 }, () => {});
    const socket = new FakeSocket(true);
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
    while (server.server.streams.size > 0) await new Promise((resolve) => setImmediate(resolve));
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

  it('a stream opened just after it died starts within a second or gets a JSON 503 with Retry-After; no descriptor is left open', async () => {
    const path = '/v1/stream?symbols=BTC-USD&channels=trades';
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const settled = async () => {
      for (let turn = 0; turn < 100_000 && server.server.streams.size > 0; turn++)
        await new Promise((resolve) => setImmediate(resolve));
    };
    await settled();
    const before = openFiles();
    const answers = new Map<number, number>();
    for (let round = 0; round < 10; round++) {
      const stream = await mustOpen(server.url, path);
      await stream.count(1);
      process.kill(server.server.streams.fanOutPid!, 'SIGKILL');
      const opened = await Promise.all(
        Array.from({ length: 10 }, () => withinASecond(openSse(server.url, path))),
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

/** The answer's head, or a failure when it takes more than a second (a hung stream). */
function withinASecond(opening: Promise<SseOpened>): Promise<SseOpened> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within a second')), 1000);
  });
  return Promise.race([opening, late]).finally(() => clearTimeout(timer));
}

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
