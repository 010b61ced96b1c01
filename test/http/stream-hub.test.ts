import { afterEach, describe, expect, it, vi } from 'vitest';
import { Venue } from '../../src/index.js';
import { Socket } from 'node:net';
import type { StreamConnection } from '../../adapters/server/http/http-types.js';
import { CHANNELS } from '../../adapters/server/http/stream-events.js';
import type { StreamOutlet } from '../../adapters/server/http/stream-fanout.js';
import type { FlushTexts } from '../../adapters/server/http/stream-fanout-sockets.js';
import {
  StreamHub,
  type StreamHubOptions,
  type StreamRequest,
} from '../../adapters/server/http/stream-hub.js';
import { START_MS } from './test-server.js';

/** What one stream was given, flush by flush. */
interface FakeStream {
  written: string;
  readonly chunks: string[];
}

/** The fan-out as the test sees it: what each stream got, and `closed` to end one as a client would. */
class FakeOutlet implements StreamOutlet {
  readonly streams: FakeStream[] = [];
  /** Per flush, its texts. */
  readonly flushes: FlushTexts[] = [];
  readonly pid = undefined;
  constructor(readonly closed: (id: number) => void) {}
  attach(id: number): void {
    this.streams[id] = { written: '', chunks: [] };
  }
  write(texts: FlushTexts): void {
    this.flushes.push(texts);
    for (const [text, ids] of texts)
      for (const id of ids) {
        this.streams[id]!.written += text;
        this.streams[id]!.chunks.push(text);
      }
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Never read: the fake outlet takes no socket. */
const CONNECTION: StreamConnection = { socket: new Socket(), head: '' };

const REQUEST: StreamRequest = {
  account: 'alice',
  symbols: ['BTC-USD'],
  channels: new Set(CHANNELS),
  resumeFrom: undefined,
};

function venueAndHub(options: StreamHubOptions) {
  const created = Venue.create({ clock: () => START_MS });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  let outlet: FakeOutlet | undefined;
  const hub = new StreamHub(venue, {
    ...options,
    outlet: (closed) => (outlet = new FakeOutlet(closed)),
  });
  /** Opens a stream; answers what it gets. */
  const open = (request: Partial<StreamRequest> = {}): FakeStream => {
    const release = hub.reserve(0);
    if (typeof release !== 'function') throw new Error(release.message);
    hub.open({ ...REQUEST, ...request }, CONNECTION, release);
    return outlet!.streams.at(-1)!;
  };
  return { venue, hub, open, outlet: outlet! };
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
  it("the venue's commands only gather; each flush hands every stream every event in order, but a level's replaced changes", async () => {
    const { venue, hub, open, outlet } = venueAndHub({ limits: { flushMs: 0 } });
    const reader = open();
    const other = open({ account: 'bob' });
    const turns = 20;
    for (let turn = 0; turn < turns; turn++) {
      const before = outlet.flushes.length;
      for (let i = 0; i < 5; i++) restAndCancel(venue, 'alice');
      // Nothing left the venue's path while its commands ran.
      expect(outlet.flushes.length).toBe(before);
      await nextTurn();
    }
    outlet.closed(2);
    expect(hub.size).toBe(1);
    for (let i = 0; i < 5; i++) restAndCancel(venue, 'alice');
    await nextTurn();
    // Per rest-and-cancel an order update, the level, an update, the level; the level's last change.
    const sequences = [...reader.written.matchAll(/"sequence":(\d+)/g)].map((match) =>
      Number(match[1]),
    );
    const turn = (base: number) => [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 20].map((n) => base + n);
    expect(sequences).toEqual(
      [0, ...Array.from({ length: turns + 1 }, (_, i) => turn(20 * i))].flat(),
    );
    // Bob's stream (its snapshot came with the first turn) got one text a turn until it closed,
    // never Alice's order updates.
    expect(other.chunks).toHaveLength(turns);
    expect(other.written).not.toContain('event: order');
  });

  it('events wait for the journal: none is handed out before the command is on disk', async () => {
    let durable: () => void = () => {};
    const onDisk = new Promise<void>((resolve) => (durable = resolve));
    const { venue, open } = venueAndHub({ beforeFlush: () => onDisk });
    const stream = open();
    restAndCancel(venue, 'alice');
    await nextTurn();
    expect(stream.written).toBe('');
    durable();
    await onDisk;
    await nextTurn();
    // The snapshot, the order's two updates, the level's last change.
    expect(stream.written.match(/^event: \w+/gm)).toEqual([
      'event: snapshot',
      'event: order',
      'event: order',
      'event: book',
    ]);
  });

  it('streams of the same symbols and channels share one text per flush; order updates only reach their account', async () => {
    const { venue, open, outlet } = venueAndHub({ limits: { flushMs: 0 } });
    const alice = open({ account: 'alice' });
    const bob = open({ account: 'bob' });
    await nextTurn();
    const carol = open({ account: 'carol' });
    restAndCancel(venue, 'alice', '100.00');
    restAndCancel(venue, 'bob', '99.00');
    await nextTurn();
    const events = (stream: FakeStream) =>
      [...stream.chunks.at(-1)!.matchAll(/^event: (\w+)\ndata: .*"sequence":(\d+)/gm)].map(
        (match) => `${match[1]} ${match[2]}`,
      );
    // Each rest-and-cancel: an update (1), the level (2), an update (3), the level gone (4).
    expect(events(alice)).toEqual(['order 1', 'order 3', 'book 4', 'book 8']);
    expect(events(bob)).toEqual(['book 4', 'order 5', 'order 7', 'book 8']);
    // Carol joined in the same batch: her snapshot, then the shared events after it.
    expect(events(carol)).toEqual(['snapshot 0', 'book 4', 'book 8']);
    open({ account: 'dave' });
    await nextTurn();
    restAndCancel(venue, 'erin');
    await nextTurn();
    // Erin has no stream: one text, for the four.
    expect(outlet.flushes.at(-1)!.map(([, ids]) => ids)).toEqual([[1, 2, 3, 4]]);
    expect(events(carol)).toEqual(['book 12']);
  });

  it('flushes at most once per flushMs, on a turn of the event loop that brings no event; a large batch on the next turn', () => {
    vi.useFakeTimers();
    const { venue, open } = venueAndHub({ limits: { flushMs: 5, flushChars: 4096 } });
    const stream = open();
    // (Fake timers run a turn's immediates a millisecond later.) Its turn, then a quiet one.
    vi.advanceTimersByTime(0);
    expect(stream.chunks).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(stream.chunks).toHaveLength(1);
    restAndCancel(venue, 'bob');
    vi.advanceTimersByTime(4);
    expect(stream.chunks).toHaveLength(1);
    vi.advanceTimersByTime(2);
    expect(stream.chunks).toHaveLength(2);
    // About 1 KB of text per rest-and-cancel: the fifth passes 4,096 characters.
    for (let i = 0; i < 5; i++) restAndCancel(venue, 'alice');
    vi.advanceTimersByTime(0);
    expect(stream.chunks).toHaveLength(3);
  });

  it('holds a flush while every turn brings new events: a burst of commands goes out as one flush when it ends', async () => {
    const { venue, open } = venueAndHub({ limits: { flushMs: 60_000 } });
    const stream = open();
    for (let turn = 0; turn < 5; turn++) {
      restAndCancel(venue, 'bob', `${100 - turn}.00`);
      await nextTurn();
    }
    expect(stream.chunks).toHaveLength(0);
    await nextTurn();
    expect(stream.chunks).toHaveLength(1);
    expect(stream.written.match(/^event: \w+/gm)).toEqual([
      'event: snapshot',
      ...Array(5).fill('event: book'),
    ]);
  });

  it('order updates are encoded only for accounts with an orders stream; a resume that needs one missed gets a snapshot', async () => {
    const { venue, open, outlet } = venueAndHub({ limits: { flushMs: 0 } });
    const openWith = (channels: string[], lastId?: string) => {
      const [epoch, sequence] = (lastId ?? '-1:0').split(':').map(Number);
      const resumeFrom =
        lastId === undefined ? undefined : { epoch: epoch!, sequences: [sequence!] };
      return open({ channels: new Set(channels), resumeFrom } as Partial<StreamRequest>);
    };
    const lastId = (stream: FakeStream) => [...stream.written.matchAll(/^id: (.*)$/gm)].at(-1)![1]!;
    const kinds = (stream: FakeStream) => stream.written.match(/^event: \w+/gm);
    const book = openWith(['book']);
    await nextTurn();
    outlet.closed(1);
    restAndCancel(venue, 'alice');
    // Alice's updates were not kept: resuming with `orders` starts again with a snapshot.
    const first = openWith(['orders', 'book'], lastId(book));
    await nextTurn();
    expect(kinds(first)).toEqual(['event: snapshot']);
    restAndCancel(venue, 'alice', '99.00');
    await nextTurn();
    outlet.closed(2);
    // Now her updates are kept: a resume from the snapshot gets them and the level's changes.
    const resumed = openWith(['orders', 'book'], first.written.match(/^id: (.*)$/m)![1]);
    await nextTurn();
    expect(kinds(resumed)).toEqual(['event: order', 'event: book', 'event: order', 'event: book']);
  });
});

describe('StreamHub epochs', () => {
  it("two hubs started in the same millisecond have their own epochs: neither resumes the other's ids", async () => {
    const first = venueAndHub({ limits: { flushMs: 0 } });
    const second = venueAndHub({ limits: { flushMs: 0 } });
    const reader = first.open();
    second.open();
    restAndCancel(second.venue, 'alice');
    await nextTurn();
    const id = /^id: (\d+):(\d+)$/m.exec(reader.written)!;
    const resumeFrom = { epoch: Number(id[1]), sequences: [Number(id[2])] };
    const resumed = second.open({ resumeFrom });
    await nextTurn();
    expect(first.hub.epoch).not.toBe(second.hub.epoch);
    expect(resumed.written).toMatch(/^(?:id: .*\n)?event: snapshot\n/);
  });
});

describe('StreamHub resumes with two symbols', () => {
  it('the snapshots come first, then the missed events; every id carries both positions', async () => {
    const { venue, open, outlet } = venueAndHub({ limits: { flushMs: 0, logEvents: 4 } });
    const request = { symbols: ['BTC-USD', 'ETH-USD'], channels: new Set(['book'] as const) };
    const first = open(request);
    await nextTurn();
    const ids = (stream: FakeStream) =>
      [...stream.written.matchAll(/^id: (.*)$/gm)].map((m) => m[1]);
    const [epoch, positions] = ids(first).at(-1)!.split(':');
    const [btc, eth] = positions!.split(',').map(Number);
    outlet.closed(1);
    // BTC: one rest and cancel, four events, all held. ETH: more than the four held.
    restAndCancel(venue, 'alice');
    for (let i = 0; i < 3; i++) {
      const placed = venue.placeOrder({
        account: 'bob',
        symbol: 'ETH-USD',
        side: 'buy',
        type: 'limit',
        price: '10.00',
        size: '1',
      });
      if (!placed.ok) throw new Error(placed.error.message);
    }
    const resumed = open({
      ...request,
      resumeFrom: { epoch: Number(epoch), sequences: [btc!, eth!] },
    });
    await nextTurn();
    const events = [
      ...resumed.written.matchAll(
        /^(?:id: (.*)\n)?event: (\w+)\ndata: .*?"symbol":"([A-Z-]+)","sequence":(\d+)/gm,
      ),
    ].map(([, id, kind, symbol, sequence]) => [id, kind, symbol, Number(sequence)]);
    const ethNow = eth! + 6;
    expect(events).toEqual([
      [`${epoch}:${btc},${ethNow}`, 'snapshot', 'ETH-USD', ethNow],
      [`${epoch}:${btc! + 2},${ethNow}`, 'book', 'BTC-USD', btc! + 2],
      [`${epoch}:${btc! + 4},${ethNow}`, 'book', 'BTC-USD', btc! + 4],
    ]);
  });
});
