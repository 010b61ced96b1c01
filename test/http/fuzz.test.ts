import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../adapters/server/http/errors.js';
import { fcSeed } from '../fast-check-seed.js';
import { ALICE_KEY, call, useTestServer, type CallOptions } from './test-server.js';

const server = useTestServer();
const RUNS = 400;
const SEED = fcSeed(20260105);

const FIELDS = [
  'symbol',
  'side',
  'type',
  'size',
  'price',
  'time_in_force',
  'post_only',
  'client_order_id',
];
const PATHS = [
  '/v1/market/ticker',
  '/v1/market/orderbook',
  '/v1/market/trades',
  '/v1/orders',
  '/v1/orders/ord_1',
  '/v1/orders/ord_99999999999999999999',
  '/v1/orders/%00',
  '/v1/orders/',
  '/v1//orders',
  '/v1/market/ticker/',
  '/V1/ORDERS',
  '/',
  '/v1/orders/ord_1/../2',
];
const ODD_TEXT = [
  '1e3',
  '1E-2',
  '-1',
  '+1',
  '.5',
  '5.',
  '0.1',
  '0.00000001',
  '00.1',
  '1'.repeat(400),
  '9'.repeat(30),
  'NaN',
  'Infinity',
  '0x10',
  ' 1',
  '1 ',
  '１',
  '٣',
  '1_000',
  '',
  '\u0000',
  '😀',
  'BTC-USD',
  'buy',
  'sell',
  'market',
  'limit',
  'gtc',
  'ioc',
  'fok',
  'ETH-USD',
  'btc-usd',
  'A'.repeat(13) + '-USD',
  '30000.00',
  '2000.01',
];

const oddValue = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => n.toString()),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const orderBody = fc
  .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), oddValue, {
    maxKeys: 9,
  })
  .map((fields) => JSON.stringify(fields));
const body = fc.oneof(
  orderBody,
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"symbol":"BTC-USD"',
    '[1,2',
    '{"size":1e400}',
    '{"size":-0}',
    '\uFEFF{}',
    '{}'.repeat(3),
  ),
  fc
    .integer({ min: 64 * 1024 - 8, max: 200 * 1024 })
    .map((length) => '{"symbol":"' + 'x'.repeat(length) + '"}'),
);
const queryPart = fc.oneof(
  fc.constantFrom('symbol', 'depth', 'limit', 'status', 'Symbol', ''),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const query = fc
  .array(
    fc.tuple(
      queryPart,
      fc.oneof(fc.constantFrom(...ODD_TEXT), fc.string({ unit: 'grapheme', maxLength: 12 })),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length === 0 ? '' : '?' + pairs.map(([name, value]) => `${name}=${value}`).join('&'),
  );
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'),
  path: fc.constantFrom(...PATHS),
  query,
  body: fc.option(body, { nil: undefined }),
  key: fc.constantFrom<string | null>(ALICE_KEY, ALICE_KEY, ALICE_KEY, 'wrong', null, ''),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/xml',
    '',
  ),
  idempotencyKey: fc.option(fc.stringMatching(/^[\x21-\x7e]{1,20}$/), { nil: undefined }),
});

describe('fuzz: malformed and odd requests', () => {
  it(`never a 5xx or a crash; every answer is a contract error or a success (${RUNS} requests)`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const headers: Record<string, string> = {};
        if (input.contentType !== '') headers['content-type'] = input.contentType;
        if (input.idempotencyKey !== undefined) headers['idempotency-key'] = input.idempotencyKey;
        const options: CallOptions = {
          key: input.key,
          headers,
          ...(input.body !== undefined && input.method !== 'GET' && { rawBody: input.body }),
        };
        const reply = await call(server.url, input.method, input.path + input.query, options);
        expect(reply.status).toBeLessThan(500);
        if (reply.status === 200 && input.path === '/') {
          expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
          return;
        }
        expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(reply.json).not.toBeUndefined();
        if (reply.status >= 400) {
          const error = reply.json.error as {
            code: keyof typeof ERROR_STATUS;
            message: unknown;
            field?: unknown;
          };
          expect(Object.keys(reply.json)).toEqual(['error']);
          expect(ERROR_STATUS[error.code]).toBe(reply.status);
          expect(typeof error.message).toBe('string');
          if (error.field !== undefined) expect(typeof error.field).toBe('string');
        } else {
          expect([200, 201]).toContain(reply.status);
        }
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 40_000, seed: SEED },
    );
    const alive = await server.call('GET', '/v1/market/ticker?symbol=BTC-USD');
    expect(alive.status).toBe(200);
  });
});
