import { afterEach, describe, expect, it } from 'vitest';
import { BOB_KEY, errorOf, START_MS, useTestServer } from './test-server.js';
import { applyDeltas, mustOpen, openSse, type SseStream } from './sse-client.js';
import { turnsUntil } from './turns-until.js';

const LOG_EVENTS = 16;
const server = useTestServer({ streamLimits: { logEvents: LOG_EVENTS } });
const opened: SseStream[] = [];

async function open(path: string, options?: Parameters<typeof mustOpen>[2]): Promise<SseStream> {
  const stream = await mustOpen(server.url, path, options);
  opened.push(stream);
  return stream;
}

afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

const buy = (size: string, key?: string) =>
  server.call('POST', '/v1/orders', {
    ...(key !== undefined && { key }),
    body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size },
  });
const rest = (price: string, key?: string) =>
  server.call('POST', '/v1/orders', {
    ...(key !== undefined && { key }),
    body: { symbol: 'ETH-USD', side: 'buy', type: 'limit', price, size: '0.01' },
  });

describe('GET /v1/stream', () => {
  it('book: a snapshot equal to the REST book, then level deltas that keep it equal', async () => {
    const before = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1000');
    const stream = await open('/v1/stream?symbols=BTC-USD&channels=book,trades');
    const snapshot = await stream.next((event) => event.event === 'snapshot');
    expect(snapshot.data).toMatchObject({
      symbol: 'BTC-USD',
      bids: before.json.bids,
      asks: before.json.asks,
      book_sequence: before.json.sequence,
      timestamp: '2026-01-05T09:30:00.000Z',
    });
    expect(snapshot.data.trades).toEqual([]);
    expect(snapshot.data.orders).toBeUndefined();
    expect(snapshot.id).toBe(`${server.server.streams.epoch}:${snapshot.data.sequence}`);

    const order = await buy('0.5');
    expect(order.json.fill_count).toBeGreaterThan(1);
    const after = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1000');
    await stream.next(
      (event) => event.event === 'book' && event.data.book_sequence === after.json.sequence,
    );
    const trades = stream.events.filter((event) => event.event === 'trade');
    expect(trades.map((event) => [event.data.trade_id, event.data.price, event.data.size])).toEqual(
      order.json.fills.map((fill: { trade_id: string; price: string; size: string }) => [
        fill.trade_id,
        fill.price,
        fill.size,
      ]),
    );
    expect(applyDeltas(snapshot, stream.events)).toEqual({
      bids: after.json.bids,
      asks: after.json.asks,
    });
    // Per fill: a trade, the maker's order update (not on these channels), the level's change.
    const expected = [snapshot.data.sequence];
    for (let i = 0; i < trades.length; i++)
      expected.push(snapshot.data.sequence + 3 * i + 1, snapshot.data.sequence + 3 * i + 3);
    expect(stream.events.map((event) => event.data.sequence)).toEqual(expected);
    const epoch = server.server.streams.epoch;
    for (const event of stream.events) expect(event.id).toBe(`${epoch}:${event.data.sequence}`);
  });

  it("orders: the caller's own order updates only; the snapshot lists its resting orders", async () => {
    const resting = await rest('1000.00');
    const stream = await open('/v1/stream?symbols=ETH-USD&channels=orders');
    const snapshot = await stream.next((event) => event.event === 'snapshot');
    expect(snapshot.data.orders.map((order: { id: string }) => order.id)).toEqual([
      resting.json.id,
    ]);
    expect(snapshot.data.bids).toBeUndefined();
    const bobs = await rest('1001.00', BOB_KEY);
    const mine = await rest('1002.00');
    const update = await stream.next((event) => event.event === 'order');
    expect(update.data.order).toEqual(mine.json);
    expect(stream.events.some((event) => event.data.order?.id === bobs.json.id)).toBe(false);
    // Bob's update took a sequence number of the symbol: a gap Alice sees.
    expect(update.data.sequence).toBe(snapshot.data.sequence + 3);
  });

  it("two symbols: the id lists each symbol's sequence, in the order of `symbols`", async () => {
    const stream = await open('/v1/stream?symbols=ETH-USD,BTC-USD&channels=trades');
    const [eth, btc] = await stream.count(2);
    expect([eth!.data.symbol, btc!.data.symbol]).toEqual(['ETH-USD', 'BTC-USD']);
    await buy('0.001');
    const trade = await stream.next((event) => event.event === 'trade');
    expect(trade.id).toBe(
      `${server.server.streams.epoch}:${eth!.data.sequence},${trade.data.sequence}`,
    );
  });

  it('Last-Event-ID resumes with exactly the events missed, without a snapshot', async () => {
    const first = await open('/v1/stream?symbols=BTC-USD&channels=trades,book');
    await first.count(1);
    await buy('0.001');
    const seen = await first.next((event) => event.event === 'trade');
    first.close();
    const missed = await buy('0.002');
    const reference = await open('/v1/stream?symbols=BTC-USD&channels=trades,book', {
      lastEventId: seen.id!,
    });
    const resumed = await reference.next(
      (event) => event.data.trade_id === missed.json.fills[0].trade_id,
    );
    // After the trade seen: the maker's update (not on these channels), the level, the taker's
    // update (neither), then the missed order's trade.
    const n = seen.data.sequence;
    const kinds = reference.events.map((event) => [event.event, event.data.sequence]);
    expect(kinds.slice(0, 2)).toEqual([
      ['book', n + 2],
      ['trade', n + 4],
    ]);
    expect(resumed.data.sequence).toBe(n + 4);
  });

  it(`beyond the ${LOG_EVENTS} events held per symbol, a resume starts with a fresh snapshot`, async () => {
    const first = await open('/v1/stream?symbols=BTC-USD&channels=book');
    const [snapshot] = await first.count(1);
    first.close();
    // Each market buy is at least three events: a trade, a level change, the order's update.
    for (let i = 0; i < LOG_EVENTS; i++) expect((await buy('0.001')).status).toBe(201);
    const resumed = await open('/v1/stream?symbols=BTC-USD&channels=book', {
      lastEventId: snapshot!.id!,
    });
    const [fresh] = await resumed.count(1);
    expect(fresh!.event).toBe('snapshot');
    expect(fresh!.data.sequence).toBeGreaterThan(snapshot!.data.sequence + LOG_EVENTS);
    const rest = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1000');
    expect([fresh!.data.bids, fresh!.data.asks]).toEqual([rest.json.bids, rest.json.asks]);
  });

  it('an id of another epoch (another server run) starts with a snapshot', async () => {
    const stream = await open('/v1/stream?symbols=BTC-USD', { lastEventId: '12345:7' });
    const [first] = await stream.count(1);
    expect(first!.event).toBe('snapshot');
  });
});

describe('GET /v1/stream refusals: JSON, before anything is streamed', () => {
  const refusals: Array<[string, string, Record<string, string>, number, string, string?]> = [
    ['no key', '/v1/stream?symbols=BTC-USD', { key: 'null' }, 401, 'unauthorized'],
    ['no symbols', '/v1/stream', {}, 400, 'invalid_parameter', 'symbols'],
    [
      'an unknown symbol',
      '/v1/stream?symbols=BTC-USD,DOGE-USD',
      {},
      404,
      'unknown_symbol',
      'symbols',
    ],
    ['a malformed symbol', '/v1/stream?symbols=btc', {}, 400, 'invalid_parameter', 'symbols'],
    [
      'a symbol twice',
      '/v1/stream?symbols=BTC-USD,BTC-USD',
      {},
      400,
      'invalid_parameter',
      'symbols',
    ],
    [
      'eleven symbols',
      `/v1/stream?symbols=${Array.from({ length: 11 }, (_, i) => `S${i}-USD`).join(',')}`,
      {},
      400,
      'invalid_parameter',
      'symbols',
    ],
    [
      'an unknown channel',
      '/v1/stream?symbols=BTC-USD&channels=trades,candles',
      {},
      400,
      'invalid_parameter',
      'channels',
    ],
    [
      'a channel twice',
      '/v1/stream?symbols=BTC-USD&channels=book,book',
      {},
      400,
      'invalid_parameter',
      'channels',
    ],
    [
      'an unknown parameter',
      '/v1/stream?symbols=BTC-USD&depth=5',
      {},
      400,
      'invalid_parameter',
      'depth',
    ],
    [
      'a malformed Last-Event-ID',
      '/v1/stream?symbols=BTC-USD',
      { lastEventId: 'abc' },
      400,
      'invalid_parameter',
      'Last-Event-ID',
    ],
    [
      'a Last-Event-ID for two symbols on a one-symbol stream',
      '/v1/stream?symbols=BTC-USD',
      { lastEventId: `${START_MS}:1,2` },
      400,
      'invalid_parameter',
      'Last-Event-ID',
    ],
  ];
  for (const [name, path, options, status, code, field] of refusals) {
    it(`${status} ${code}: ${name}`, async () => {
      const reply = await openSse(server.url, path, {
        ...(options['key'] === 'null' && { key: null }),
        ...(options['lastEventId'] !== undefined && { lastEventId: options['lastEventId'] }),
      });
      expect(reply.status).toBe(status);
      expect('json' in reply && reply.json).toEqual(errorOf(code, field));
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    });
  }

  it('POST is 405 with Allow: GET', async () => {
    const reply = await server.call('POST', '/v1/stream?symbols=BTC-USD');
    expect([reply.status, reply.headers.get('allow')]).toEqual([405, 'GET']);
  });
});

describe('stream limits', () => {
  const limited = useTestServer({ streamLimits: { maxStreams: 3, maxStreamsPerKey: 2 } });

  it('429 too_many_streams beyond 2 per key and 3 in all; a closed stream frees its place', async () => {
    const path = '/v1/stream?symbols=BTC-USD&channels=trades';
    const streams = [await mustOpen(limited.url, path), await mustOpen(limited.url, path)];
    const third = await openSse(limited.url, path);
    expect([third.status, third.headers['retry-after']]).toEqual([429, '5']);
    expect('json' in third && third.json).toEqual(errorOf('too_many_streams'));
    streams.push(await mustOpen(limited.url, path, { key: BOB_KEY }));
    const fourth = await openSse(limited.url, path, { key: BOB_KEY });
    expect(fourth.status).toBe(429);
    expect(limited.server.streams.size).toBe(3);
    for (const stream of streams) stream.close();
    // The server frees a place when it sees the connection close.
    await turnsUntil(() => limited.server.streams.size === 0, 'the closed streams are freed');
    streams.length = 0;
    const again = await mustOpen(limited.url, path);
    again.close();
  });

  it('closing the server ends its open streams at once', async () => {
    const stream = await mustOpen(limited.url, '/v1/stream?symbols=BTC-USD');
    await stream.count(1);
    void limited.server.streams.close();
    await stream.end();
    expect(stream.ended).toBe(true);
  });
});

describe('resume ids with two symbols', () => {
  const fresh = useTestServer();
  const path = '/v1/stream?symbols=BTC-USD,ETH-USD&channels=trades,book';
  const buyOn = (symbol: string) =>
    fresh.call('POST', '/v1/orders', {
      body: { symbol, side: 'buy', type: 'market', size: '0.001' },
    });
  /** The id an SSE client holds after each event: the last `id:` seen so far. */
  const heldIds = (stream: SseStream) => {
    let held: string | undefined;
    return stream.events.map((event) => (held = event.id ?? held));
  };

  it("every id carries each symbol's true position; a client cut off after the first snapshot never gets old events", async () => {
    // ETH has events before the stream opens: its log is past sequence 0.
    const first = await mustOpen(fresh.url, '/v1/stream?symbols=ETH-USD');
    await first.count(1);
    expect((await buyOn('ETH-USD')).status).toBe(201);
    first.close();
    const stream = await mustOpen(fresh.url, path);
    const [btc, eth] = await stream.count(2);
    expect([btc!.event, eth!.event]).toEqual(['snapshot', 'snapshot']);
    const epoch = fresh.server.streams.epoch;
    const both = `${epoch}:${btc!.data.sequence},${eth!.data.sequence}`;
    const afterFirst = heldIds(stream)[0];
    expect(afterFirst === undefined || afterFirst === both).toBe(true);
    expect(eth!.id).toBe(both);
    stream.close();
    // Reconnecting with the id held after the first snapshot: ETH starts with a snapshot again.
    const again = await mustOpen(fresh.url, path, {
      ...(afterFirst !== undefined && { lastEventId: afterFirst }),
    });
    const firstEth = await again.next((event) => event.data.symbol === 'ETH-USD');
    expect([firstEth.event, firstEth.data.sequence]).toEqual(['snapshot', eth!.data.sequence]);
    again.close();
  });

  it("replayed events carry the other symbol's position; an id ahead of the server gets a snapshot", async () => {
    const stream = await mustOpen(fresh.url, path);
    await stream.count(2);
    const last = heldIds(stream).at(-1)!;
    const [epoch, positions] = last.split(':');
    const ethPosition = Number(positions!.split(',')[1]);
    stream.close();
    const missed = await buyOn('BTC-USD');
    const resumed = await mustOpen(fresh.url, path, { lastEventId: last });
    const trade = await resumed.next(
      (event) => event.data.trade_id === missed.json.fills[0].trade_id,
    );
    for (const event of resumed.events.slice(0, resumed.events.indexOf(trade) + 1))
      expect(event.id).toBe(`${epoch}:${event.data.sequence},${ethPosition}`);
    resumed.close();
    const btcPosition = Number(positions!.split(',')[0]);
    const ahead = await mustOpen(fresh.url, path, {
      lastEventId: `${epoch}:${btcPosition + 1000},${ethPosition}`,
    });
    const [snapshot] = await ahead.count(1);
    expect([snapshot!.event, snapshot!.data.symbol]).toEqual(['snapshot', 'BTC-USD']);
    ahead.close();
  });
});
