import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { ApiKeyTable } from '../../adapters/server/http/api-keys.js';
import { documentedHandler } from './openapi-check.js';
import { createHandler } from '../../adapters/server/http/handler.js';
import { ALICE_KEY, BOB_KEY, START_MS } from './test-server.js';

const RESTING = 250;

/** A bare venue (no demo liquidity) behind the pure handler: Bob rests 250 asks, Alice takes them all. */
function sweptVenue() {
  const venue = Venue.create({ clock: () => START_MS });
  if (!venue.ok) throw new Error(venue.error.message);
  const keys = new ApiKeyTable([
    { key: ALICE_KEY, account: 'alice' },
    { key: BOB_KEY, account: 'bob' },
  ]);
  const handle = documentedHandler(
    createHandler({
      venue: venue.value,
      keys,
      clock: () => START_MS,
      rateLimit: 0,
      // More resting orders than the default limit of 200 per account and symbol.
      orderLimits: { maxOpenOrders: RESTING, maxStopOrders: 10 },
    }),
  );
  const call = (method: string, url: string, key = ALICE_KEY, body = '') => {
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const reply = handle({ method, url, headers, body: new TextEncoder().encode(body) });
    return {
      status: reply.status,
      headers: reply.headers,
      size: reply.body.length,
      json: JSON.parse(reply.body),
    };
  };
  for (let i = 0; i < RESTING; i++) {
    const price = (30000 + i).toFixed(2);
    const ask = `{"symbol":"BTC-USD","side":"sell","type":"limit","price":"${price}","size":"0.001"}`;
    expect(call('POST', '/v1/orders', BOB_KEY, ask).status).toBe(201);
  }
  const sweep = call(
    'POST',
    '/v1/orders',
    ALICE_KEY,
    '{"symbol":"BTC-USD","side":"buy","type":"market","size":"0.25"}',
  );
  return { call, sweep };
}

const allTradeIds = Array.from({ length: RESTING }, (_, i) => `t_${i + 1}`);

describe('GET /v1/orders/{id}/fills', () => {
  const { call, sweep } = sweptVenue();
  const id = sweep.json.id as string;

  it('the order record carries its first 100 fills and fill_count, on POST, GET and the list', () => {
    expect(sweep.status).toBe(201);
    expect(sweep.json).toMatchObject({
      status: 'filled',
      filled_size: '0.25000000',
      fill_count: RESTING,
    });
    expect(sweep.json.fills.map((fill: { trade_id: string }) => fill.trade_id)).toEqual(
      allTradeIds.slice(0, 100),
    );
    const got = call('GET', `/v1/orders/${id}`);
    expect(got.json).toEqual(sweep.json);
    expect(got.size).toBeLessThan(100 * 64 + 1024);
    expect(call('GET', '/v1/orders?limit=1').json[0]).toEqual(sweep.json);
    expect(call('GET', '/v1/orders?limit=1', BOB_KEY).json[0]).toMatchObject({ fill_count: 1 });
  });

  it('pages of the default 100 concatenate to every fill, oldest first, then next_cursor is null', () => {
    const pages = [];
    let url = `/v1/orders/${id}/fills`;
    for (;;) {
      const page = call('GET', url);
      expect(page.status).toBe(200);
      pages.push(page.json.fills as Array<{ trade_id: string; price: string; size: string }>);
      if (page.json.next_cursor === null) break;
      url = `/v1/orders/${id}/fills?cursor=${encodeURIComponent(page.json.next_cursor)}`;
    }
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    const fills = pages.flat();
    expect(fills.map((fill) => fill.trade_id)).toEqual(allTradeIds);
    expect(fills[0]).toEqual({ trade_id: 't_1', price: '30000.00', size: '0.00100000' });
    expect(fills.at(-1)).toEqual({ trade_id: 't_250', price: '30249.00', size: '0.00100000' });
    expect(pages[0]).toEqual(sweep.json.fills);
  });

  it('limit 1..1000: all 250 at once, or one by one', () => {
    const all = call('GET', `/v1/orders/${id}/fills?limit=1000`).json;
    expect([all.fills.length, all.next_cursor]).toEqual([RESTING, null]);
    const first = call('GET', `/v1/orders/${id}/fills?limit=1`).json;
    const second = call('GET', `/v1/orders/${id}/fills?limit=1&cursor=${first.next_cursor}`).json;
    expect([first.fills[0].trade_id, second.fills[0].trade_id]).toEqual(['t_1', 't_2']);
  });

  it('errors: unknown parameter, bad limit, bad or foreign cursor, unknown or foreign order, method', () => {
    const error = (url: string, key = ALICE_KEY, method = 'GET') => {
      const reply = call(method, url, key);
      return [reply.status, reply.json.error.code, reply.json.error.field];
    };
    const fills = `/v1/orders/${id}/fills`;
    expect(error(`${fills}?page=2`)).toEqual([400, 'invalid_parameter', 'page']);
    for (const limit of ['0', '1001', 'abc', '-1', ''])
      expect(error(`${fills}?limit=${limit}`)).toEqual([400, 'invalid_parameter', 'limit']);
    for (const cursor of ['', 'garbage', 'zzzzzzz.zzz', '1.1'])
      expect(error(`${fills}?cursor=${cursor}`)).toEqual([400, 'invalid_parameter', 'cursor']);
    const bobsOrder = call('GET', '/v1/orders?limit=1', BOB_KEY).json[0].id;
    const bobsCursor = call('GET', `/v1/orders/${bobsOrder}/fills?limit=1`, BOB_KEY).json;
    expect(bobsCursor.next_cursor).toBeNull();
    const aliceCursor = call('GET', `${fills}?limit=1`).json.next_cursor;
    expect(error(`/v1/orders/${bobsOrder}/fills?cursor=${aliceCursor}`, BOB_KEY)).toEqual([
      400,
      'invalid_parameter',
      'cursor',
    ]);
    expect(error(fills, BOB_KEY)).toEqual([404, 'order_not_found', undefined]);
    expect(error('/v1/orders/ord_999999/fills')).toEqual([404, 'order_not_found', undefined]);
    expect(error('/v1/orders//fills')).toEqual([404, 'order_not_found', undefined]);
    expect(error(fills, ALICE_KEY, 'POST')).toEqual([405, 'method_not_allowed', undefined]);
    expect(call('DELETE', fills).headers['allow']).toBe('GET');
    expect(error(`${fills}/`)).toEqual([404, 'not_found', undefined]);
    expect(error(`/v1/orders/${id}/fillsx`)).toEqual([404, 'not_found', undefined]);
  });

  it("a cursor of another order of the caller's is refused, even when that order shares the trade it names", () => {
    const order = (side: string, price: string) =>
      call(
        'POST',
        '/v1/orders',
        ALICE_KEY,
        `{"symbol":"ETH-USD","side":"${side}","type":"limit","price":"${price}","size":"0.001"}`,
      ).json;
    order('sell', '2000.00');
    const secondMaker = order('sell', '2000.01');
    const taker = call(
      'POST',
      '/v1/orders',
      ALICE_KEY,
      '{"symbol":"ETH-USD","side":"buy","type":"limit","price":"2000.01","size":"0.002"}',
    ).json;
    expect(taker.status).toBe('filled');
    const page = call('GET', `/v1/orders/${taker.id}/fills?limit=1`).json;
    const cursor = encodeURIComponent(page.next_cursor);
    // The cursor names the taker's second fill, the trade it shares with secondMaker.
    expect(call('GET', `/v1/orders/${taker.id}/fills?cursor=${cursor}`).json.fills).toEqual(
      call('GET', `/v1/orders/${secondMaker.id}/fills`).json.fills,
    );
    const reply = call('GET', `/v1/orders/${secondMaker.id}/fills?cursor=${cursor}`);
    expect([reply.status, reply.json.error?.code, reply.json.error?.field]).toEqual([
      400,
      'invalid_parameter',
      'cursor',
    ]);
  });
});
