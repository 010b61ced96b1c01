import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ALICE_KEY, churnOrders, useTestServer } from './test-server.js';
import { applyDeltas, mustOpen } from './sse-client.js';

const server = useTestServer({ streamLimits: { maxQueued: 64 * 1024 } });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a slow consumer over a real socket', () => {
  it('is disconnected once its buffer fills, while a reading stream gets every order update and the book', async () => {
    const path = '/v1/stream?symbols=BTC-USD&channels=book,orders';
    const slow = connect(Number(new URL(server.url).port), '127.0.0.1');
    const closed = new Promise<void>((resolve) => slow.on('close', () => resolve()));
    slow.on('error', () => {});
    slow.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\n\r\n`);
    slow.pause(); // never reads: the kernel's buffers fill, then the server's
    const fast = await mustOpen(server.url, path);
    while (server.server.streams.size < 2) await nextTurn();
    const { venue } = server.server;
    let orders = 0;
    // Bounded: about 1 KB of events per order, far more than the socket buffers hold.
    while (server.server.streams.size === 2 && orders < 200_000) {
      churnOrders(venue, 20);
      orders += 20;
      await nextTurn();
    }
    expect(server.server.streams.size).toBe(1);
    slow.resume();
    await closed;
    // The marker order's level is the last event; the reading stream got every order update
    // before it, in order, and the book changes that leave the book as it is.
    const marker = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '101.00', size: '1' },
    });
    await fast.next((event) => event.event === 'book' && event.data.price === '101.00');
    const [snapshot, ...events] = fast.events;
    const sequences = events.map((event) => event.data.sequence);
    expect(sequences[0]).toBeGreaterThan(snapshot!.data.sequence);
    expect(sequences).toEqual([...new Set(sequences)].sort((a, b) => a - b));
    const updates = events.filter((event) => event.event === 'order');
    expect(updates.map((event) => event.data.sequence)).toEqual(
      updates.map((_, i) => updates[0]!.data.sequence + 2 * i),
    );
    expect(updates.filter((event) => event.data.order.status === 'cancelled')).toHaveLength(orders);
    expect(updates.at(-1)!.data.order).toEqual(marker.json);
    const book = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=1000');
    expect(applyDeltas(snapshot!, events)).toEqual({ bids: book.json.bids, asks: book.json.asks });
    fast.close();
  });
});
