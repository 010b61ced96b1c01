import { afterEach, describe, expect, it, vi } from 'vitest';
import { Venue } from '../../src/index.js';
import type { EventSink } from '../../adapters/http/http-types.js';
import { CHANNELS } from '../../adapters/http/stream-events.js';
import { StreamHub, type StreamRequest } from '../../adapters/http/stream-hub.js';
import { START_MS } from './test-server.js';

/** A connection the test controls: `reading` false, nothing written is ever taken. */
class FakeSink implements EventSink {
  written = '';
  readonly chunks: Array<string | Buffer> = [];
  waiting = 0;
  destroyed = false;
  ended = false;
  constructor(readonly reading: boolean) {}
  write(chunk: string | Buffer): void {
    this.written += chunk.toString();
    this.chunks.push(chunk);
    if (!this.reading) this.waiting += chunk.length;
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
  const open = (sink: EventSink, account = REQUEST.account) => {
    const release = hub.reserve(0);
    if (typeof release !== 'function') throw new Error(release.message);
    return hub.open({ ...REQUEST, account }, sink, release);
  };
  return { venue, hub, open };
}

/** A resting order and its cancel: an order update and a level change each. */
function restAndCancel(venue: Venue, account: string, price = '100.00'): void {
  const placed = venue.placeOrder({
    account,
    symbol: 'BTC-USD',
    side: 'buy',
    type: 'limit',
    price,
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
    const { venue, hub, open } = venueAndHub({ limits: { maxQueued: 32_768, flushMs: 0 } });
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
    // The reader got every event, in order, but the level's earlier changes of each turn: per
    // rest-and-cancel an order update, the level, an update, the level; the level's last change.
    const sequences = [...fast.written.matchAll(/"sequence":(\d+)/g)].map((match) =>
      Number(match[1]),
    );
    const turn = (base: number) => [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 20].map((n) => base + n);
    expect(sequences).toEqual(
      [0, ...Array.from({ length: batches + 1 }, (_, i) => turn(20 * i))].flat(),
    );
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
    // The snapshot, the order's two updates, the level's last change.
    expect(sink.written.match(/^event: \w+/gm)).toEqual([
      'event: snapshot',
      'event: order',
      'event: order',
      'event: book',
    ]);
  });

  it('streams of the same symbols and channels share one buffer per flush; order updates only reach their account', async () => {
    const { venue, open } = venueAndHub({ limits: { flushMs: 0 } });
    const [alice, bob, carol] = [new FakeSink(true), new FakeSink(true), new FakeSink(true)];
    open(alice, 'alice');
    open(bob, 'bob');
    await nextTurn();
    open(carol, 'carol');
    restAndCancel(venue, 'alice', '100.00');
    restAndCancel(venue, 'bob', '99.00');
    await nextTurn();
    const events = (sink: FakeSink) =>
      [
        ...sink.chunks
          .at(-1)!
          .toString()
          .matchAll(/^event: (\w+)\ndata: .*"sequence":(\d+)/gm),
      ].map((match) => `${match[1]} ${match[2]}`);
    // Each rest-and-cancel: an update (1), the level (2), an update (3), the level gone (4).
    expect(events(alice)).toEqual(['order 1', 'order 3', 'book 4', 'book 8']);
    expect(events(bob)).toEqual(['book 4', 'order 5', 'order 7', 'book 8']);
    // Carol joined in the same batch: her snapshot, then the shared events after it.
    expect(events(carol)).toEqual(['snapshot 0', 'book 4', 'book 8']);
    const shared = new FakeSink(true);
    open(shared, 'dave');
    await nextTurn();
    restAndCancel(venue, 'erin');
    await nextTurn();
    // Erin has no stream: the four get the same bytes, one write each.
    const last = carol.chunks.at(-1);
    expect(last).toBeInstanceOf(Buffer);
    for (const sink of [alice, bob, shared]) expect(sink.chunks.at(-1)).toBe(last);
    expect(events(carol)).toEqual(['book 12']);
  });

  it('writes at most once per flushMs; a large batch is written on the next turn', () => {
    vi.useFakeTimers();
    const { venue, open } = venueAndHub({ limits: { flushMs: 5, flushChars: 4096 } });
    const sink = new FakeSink(true);
    open(sink);
    vi.advanceTimersByTime(0);
    expect(sink.chunks).toHaveLength(1);
    restAndCancel(venue, 'bob');
    vi.advanceTimersByTime(4);
    expect(sink.chunks).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sink.chunks).toHaveLength(2);
    // About 1 KB of text per rest-and-cancel: the fifth passes 4,096 characters.
    for (let i = 0; i < 5; i++) restAndCancel(venue, 'alice');
    vi.advanceTimersByTime(0);
    expect(sink.chunks).toHaveLength(3);
  });

  it('order updates are encoded only for accounts with an orders stream; a resume that needs one missed gets a snapshot', async () => {
    const { venue, hub } = venueAndHub({ limits: { flushMs: 0 } });
    const open = (sink: EventSink, channels: string[], lastId?: string) => {
      const release = hub.reserve(0);
      if (typeof release !== 'function') throw new Error(release.message);
      const [epoch, sequence] = (lastId ?? '-1:0').split(':').map(Number);
      const resumeFrom =
        lastId === undefined ? undefined : { epoch: epoch!, sequences: [sequence!] };
      const request = { ...REQUEST, channels: new Set(channels), resumeFrom } as StreamRequest;
      return hub.open(request, sink, release);
    };
    const lastId = (sink: FakeSink) => [...sink.written.matchAll(/^id: (.*)$/gm)].at(-1)![1]!;
    const kinds = (sink: FakeSink) => sink.written.match(/^event: \w+/gm);
    const book = new FakeSink(true);
    const closeBook = open(book, ['book']);
    await nextTurn();
    closeBook();
    restAndCancel(venue, 'alice');
    // Alice's updates were not kept: resuming with `orders` starts again with a snapshot.
    const first = new FakeSink(true);
    const closeFirst = open(first, ['orders', 'book'], lastId(book));
    await nextTurn();
    expect(kinds(first)).toEqual(['event: snapshot']);
    restAndCancel(venue, 'alice', '99.00');
    await nextTurn();
    closeFirst();
    // Now her updates are kept: a resume from the snapshot gets them and the level's changes.
    const resumed = new FakeSink(true);
    open(resumed, ['orders', 'book'], first.written.match(/^id: (.*)$/m)![1]);
    await nextTurn();
    expect(kinds(resumed)).toEqual(['event: order', 'event: book', 'event: order', 'event: book']);
  });
});
