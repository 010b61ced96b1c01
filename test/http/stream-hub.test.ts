import { afterEach, describe, expect, it, vi } from 'vitest';
import { Venue } from '../../src/index.js';
import type { EventSink } from '../../adapters/http/http-types.js';
import { CHANNELS } from '../../adapters/http/stream-events.js';
import { StreamHub, type StreamRequest } from '../../adapters/http/stream-hub.js';
import { START_MS } from './test-server.js';

/** A connection the test controls: `reading` false, nothing written is ever taken. */
class FakeSink implements EventSink {
  written = '';
  waiting = 0;
  destroyed = false;
  ended = false;
  constructor(readonly reading: boolean) {}
  write(text: string): void {
    this.written += text;
    if (!this.reading) this.waiting += text.length;
  }
  buffered(): number {
    return this.waiting;
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

const REQUEST: StreamRequest = {
  account: 'alice',
  symbols: ['BTC-USD'],
  channels: new Set(CHANNELS),
  resumeFrom: undefined,
};

function venueAndHub(limits: ConstructorParameters<typeof StreamHub>[2]) {
  const created = Venue.create({ clock: () => START_MS });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const hub = new StreamHub(venue, () => START_MS, limits);
  const open = (sink: EventSink) => {
    const release = hub.reserve(0);
    if (typeof release !== 'function') throw new Error(release.message);
    return hub.open(REQUEST, sink, release);
  };
  return { venue, hub, open };
}

/** A resting order and its cancel: an order update and a level change each. */
function restAndCancel(venue: Venue, account: string): void {
  const placed = venue.placeOrder({
    account,
    symbol: 'BTC-USD',
    side: 'buy',
    type: 'limit',
    price: '100.00',
    size: '1',
  });
  if (!placed.ok) throw new Error(placed.error.message);
  const cancelled = venue.cancelOrder(account, placed.value.id);
  if (!cancelled.ok) throw new Error(cancelled.error.message);
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('StreamHub', () => {
  it('a consumer that does not read is dropped once 32 KiB wait; the venue never waits, the others go on', async () => {
    const { venue, hub, open } = venueAndHub({ limits: { maxQueued: 32_768 } });
    const slow = new FakeSink(false);
    const fast = new FakeSink(true);
    open(slow);
    open(fast);
    let batches = 0;
    while (!slow.destroyed && batches < 1000) {
      const before = fast.written.length;
      for (let i = 0; i < 5; i++) restAndCancel(venue, 'alice');
      // The venue's commands only queued text: nothing reached a connection in their path.
      expect(fast.written.length).toBe(before);
      await nextTurn();
      batches++;
    }
    expect(slow.destroyed).toBe(true);
    // Written over several turns, never more than the bound.
    expect(slow.waiting).toBeGreaterThan(0);
    expect(slow.waiting).toBeLessThanOrEqual(32_768);
    expect(hub.size).toBe(1);
    for (let i = 0; i < 5; i++) restAndCancel(venue, 'alice');
    await nextTurn();
    // The reader got every event, each sequence once, in order: 4 per rest-and-cancel.
    const sequences = [...fast.written.matchAll(/"sequence":(\d+)/g)].map((match) =>
      Number(match[1]),
    );
    expect(sequences).toEqual(sequences.map((_, i) => i));
    expect(sequences.at(-1)).toBe((batches + 1) * 5 * 4);
    expect(fast.destroyed).toBe(false);
  });

  it('a heartbeat comment every 15 s, on a fake clock', () => {
    vi.useFakeTimers();
    const { open } = venueAndHub({});
    const sink = new FakeSink(true);
    const close = open(sink);
    vi.advanceTimersByTime(1);
    const snapshot = sink.written;
    expect(snapshot.startsWith(`id: ${START_MS}:0\nevent: snapshot\n`)).toBe(true);
    vi.advanceTimersByTime(15_000 - 2);
    expect(sink.written).toBe(snapshot);
    vi.advanceTimersByTime(2);
    expect(sink.written).toBe(snapshot + ':heartbeat\n\n');
    vi.advanceTimersByTime(15_000);
    expect(sink.written).toBe(snapshot + ':heartbeat\n\n'.repeat(2));
    close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('events wait for the journal: none is written before the command is on disk', async () => {
    let durable: () => void = () => {};
    const onDisk = new Promise<void>((resolve) => (durable = resolve));
    const created = Venue.create({ clock: () => START_MS });
    if (!created.ok) throw new Error(created.error.message);
    const venue = created.value;
    const hub = new StreamHub(venue, () => START_MS, { beforeFlush: () => onDisk });
    const sink = new FakeSink(true);
    const release = hub.reserve(0);
    if (typeof release !== 'function') throw new Error(release.message);
    hub.open(REQUEST, sink, release);
    restAndCancel(venue, 'alice');
    await nextTurn();
    expect(sink.written).toBe('');
    durable();
    await onDisk;
    await nextTurn();
    expect(sink.written.match(/^event: /gm)).toHaveLength(5);
  });
});
