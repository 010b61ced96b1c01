import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeyTable } from '../../adapters/server/http/api-keys.js';
import { createHandler } from '../../adapters/server/http/handler.js';
import { startServer } from '../../adapters/server/http/server.js';
import { Venue } from '../../src/index.js';
import { documentedHandler } from './openapi-check.js';
import { ALICE_KEY, BOB_KEY, call, ManualClock, START_MS } from './test-server.js';

/** A bare venue behind the pure handler (responses checked against the OpenAPI document). */
function bareVenue() {
  const clock = new ManualClock();
  const venue = Venue.create({ clock: clock.read });
  if (!venue.ok) throw new Error(venue.error.message);
  const keys = new ApiKeyTable([
    { key: ALICE_KEY, account: 'alice' },
    { key: BOB_KEY, account: 'bob' },
  ]);
  const handle = documentedHandler(
    createHandler({ venue: venue.value, keys, clock: clock.read, rateLimit: 0 }),
  );
  const send = (method: string, url: string, body?: unknown, key = ALICE_KEY) => {
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const bytes = new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body));
    const reply = handle({ method, url, headers, body: bytes });
    return { status: reply.status, json: JSON.parse(reply.body) };
  };
  return { send, clock };
}

const limit = (side: string, price: string, size: string, extra = {}) => ({
  symbol: 'BTC-USD',
  side,
  type: 'limit',
  price,
  size,
  ...extra,
});

describe('order features over HTTP', () => {
  it('a stop order is pending with its stop_price; GET, the pending list and DELETE work', () => {
    const { send } = bareVenue();
    const placed = send('POST', '/v1/orders', {
      symbol: 'BTC-USD',
      side: 'buy',
      type: 'market',
      size: '1',
      stop_price: '101.00',
    });
    expect(placed.status).toBe(201);
    expect(placed.json).toMatchObject({ id: 'ord_1', status: 'pending', stop_price: '101.00' });
    expect(send('GET', '/v1/orders/ord_1').json.status).toBe('pending');
    expect(send('GET', '/v1/orders?status=pending').json.map((o: { id: string }) => o.id)).toEqual([
      'ord_1',
    ]);
    expect(send('DELETE', '/v1/orders/ord_1').json.status).toBe('cancelled');
  });

  it('self-trade prevention shows in status and reason', () => {
    const { send } = bareVenue();
    send('POST', '/v1/orders', limit('sell', '100.00', '1'));
    const taker = send('POST', '/v1/orders', limit('buy', '100.00', '1', { stp: 'cancel_taker' }));
    expect(taker.json).toMatchObject({
      status: 'expired',
      stp: 'cancel_taker',
      reason: 'self_trade_prevented',
    });
    expect(send('POST', '/v1/orders', limit('buy', '1.00', '1', { stp: 'never' })).json).toEqual({
      error: {
        code: 'invalid_parameter',
        field: 'stp',
        message: 'stp must be "none", "cancel_taker", "cancel_maker" or "cancel_both"',
      },
    });
  });

  it('a gtd order carries expire_at and expires at that time', () => {
    const { send, clock } = bareVenue();
    const expireAt = '2026-01-05T09:30:01.000Z';
    const placed = send(
      'POST',
      '/v1/orders',
      limit('buy', '100.00', '1', { time_in_force: 'gtd', expire_at: expireAt }),
    );
    expect(placed.json).toMatchObject({
      status: 'open',
      time_in_force: 'gtd',
      expire_at: expireAt,
    });
    clock.now = START_MS + 1000;
    expect(send('GET', '/v1/orders/ord_1').json).toMatchObject({
      status: 'expired',
      reason: 'expire_at_reached',
    });
    expect(
      send('POST', '/v1/orders', limit('buy', '1.00', '1', { time_in_force: 'gtd', expire_at: 5 }))
        .json.error,
    ).toEqual({
      code: 'invalid_parameter',
      field: 'expire_at',
      message: 'expire_at must be a string',
    });
    expect(
      send(
        'POST',
        '/v1/orders',
        limit('buy', '1.00', '1', { time_in_force: 'gtd', expire_at: '2026-01-05' }),
      ).json.error.message,
    ).toBe('expire_at must be ISO 8601 UTC like 2026-01-05T09:30:00.000Z');
  });

  it('PATCH amends size (keeping priority) and price (matching when it crosses)', () => {
    const { send } = bareVenue();
    send('POST', '/v1/orders', limit('buy', '99.00', '2'));
    send('POST', '/v1/orders', limit('sell', '100.00', '1'), BOB_KEY);
    const smaller = send('PATCH', '/v1/orders/ord_1', { size: '1.5' });
    expect([smaller.status, smaller.json.size, smaller.json.status]).toEqual([
      200,
      '1.50000000',
      'open',
    ]);
    const crossing = send('PATCH', '/v1/orders/ord_1', { price: '100.00' });
    expect(crossing.json).toMatchObject({
      price: '100.00',
      status: 'partially_filled',
      filled_size: '1.00000000',
      remaining_size: '0.50000000',
    });
  });

  it('PATCH refuses bad bodies and orders that are not open', () => {
    const { send } = bareVenue();
    send('POST', '/v1/orders', limit('buy', '99.00', '1'));
    expect(send('PATCH', '/v1/orders/ord_1', { colour: 'red' }).json.error).toEqual({
      code: 'invalid_parameter',
      field: 'colour',
      message: 'unknown field colour',
    });
    expect(send('PATCH', '/v1/orders/ord_1', { size: 2 }).json.error.message).toBe(
      'size must be a decimal string',
    );
    expect(send('PATCH', '/v1/orders/ord_1', {}).json.error.message).toBe(
      'size or price is required',
    );
    send('DELETE', '/v1/orders/ord_1');
    const closed = send('PATCH', '/v1/orders/ord_1', { size: '0.5' });
    expect([closed.status, closed.json.error.code]).toEqual([409, 'order_not_open']);
    expect(send('PATCH', '/v1/orders/ord_9', { size: '0.5' }).status).toBe(404);
  });
});

describe('the journal records order features and amends', () => {
  const directory = mkdtemp(join(tmpdir(), 'simex-journal-features-'));
  afterAll(async () => rm(await directory, { recursive: true, force: true }));

  it('a restart replays stops, gtd orders and amends to the same state', async () => {
    const journal = join(await directory, 'journal.csv');
    const clock = new ManualClock();
    const start = () =>
      startServer({
        port: 0,
        host: '127.0.0.1',
        grants: [{ key: ALICE_KEY, account: 'alice' }],
        rateLimit: 0,
        clock: clock.read,
        journal,
      });
    let server = await start();
    const send = async (method: string, path: string, body?: unknown) => {
      const reply = await call(server.url, method, path, body === undefined ? {} : { body });
      return { ...reply, json: reply.json as { id: string; status: string } };
    };
    const stop = await send('POST', '/v1/orders', {
      ...limit('buy', '29000.00', '0.1'),
      stop_price: '40000.00',
      stp: 'cancel_maker',
    });
    const gtd = await send('POST', '/v1/orders', {
      ...limit('buy', '29000.00', '0.2'),
      time_in_force: 'gtd',
      expire_at: '2026-01-05T10:00:00.000Z',
    });
    await send('PATCH', `/v1/orders/${gtd.json.id}`, { size: '0.1', price: '29001.00' });
    const before = (await send('GET', '/v1/orders?limit=1000')).text;
    await server.close();
    const lines = (await readFile(journal, 'utf8')).trim().split('\n');
    expect(lines[2]).toBe(
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only,client_order_id,stop_price,stp,expire_at,journal',
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^2026-01-05T09:30:00.000Z,amend,${gtd.json.id},alice,BTC-USD,,,29001.00,0.1,,,,,,,[0-9a-f]{16}$`,
      ),
    );
    expect(lines.at(-3)).toContain(',40000.00,cancel_maker,,');
    server = await start();
    expect((await send('GET', '/v1/orders?limit=1000')).text).toBe(before);
    expect((await send('GET', `/v1/orders/${stop.json.id}`)).json.status).toBe('pending');
    await server.close();
  });
});
