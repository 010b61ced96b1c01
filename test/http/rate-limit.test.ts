import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { ApiKeyTable } from '../../adapters/server/http/api-keys.js';
import { documentedHandler } from './openapi-check.js';
import { createHandler, TRACKED_ADDRESSES } from '../../adapters/server/http/handler.js';
import { RateLimiter } from '../../adapters/server/http/rate-limiter.js';
import { parseRateLimit } from '../../adapters/server/http/serve-config.js';
import { ALICE_KEY, BOB_KEY, errorOf, START_MS, useTestServer } from './test-server.js';
import { runServeToExit } from './child-server.js';

const server = useTestServer({ rateLimit: 2 });
const TICKER = '/v1/market/ticker?symbol=BTC-USD';

describe('rate limit per key (2/s, burst 4)', () => {
  it('the request over the budget gets 429 with Retry-After; tokens flow back with time', async () => {
    for (let i = 0; i < 4; i++) expect((await server.call('GET', TICKER)).status).toBe(200);
    const limited = await server.call('GET', TICKER);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.json).toEqual(errorOf('rate_limited'));
    expect((await server.call('GET', TICKER, { key: BOB_KEY })).status).toBe(200);
    server.clock.now += 500;
    expect((await server.call('GET', TICKER)).status).toBe(200);
    expect((await server.call('GET', TICKER)).status).toBe(429);
  });

  it('requests without a valid key are limited per remote address: 401 four times, then 429', async () => {
    for (const key of [null, 'wrong-1', 'wrong-2', '']) {
      expect((await server.call('GET', TICKER, { key })).status).toBe(401);
    }
    const limited = await server.call('GET', TICKER, { key: 'wrong-3' });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    expect(limited.json).toEqual(errorOf('rate_limited'));
    expect((await server.call('GET', TICKER, { key: BOB_KEY })).status).toBe(200);
  });
});

/** The pure handler at 2 requests per second; `from` sends a request from an address. */
function handlerAt2PerSecond() {
  const venue = Venue.create({ clock: () => START_MS });
  if (!venue.ok) throw new Error(venue.error.message);
  const keys = new ApiKeyTable([{ key: ALICE_KEY, account: 'alice' }]);
  const handle = documentedHandler(
    createHandler({ venue: venue.value, keys, clock: () => START_MS, rateLimit: 2 }),
  );
  return (remoteAddress: string, key = 'wrong') =>
    handle({
      method: 'GET',
      url: TICKER,
      headers: { 'x-api-key': key },
      body: new Uint8Array(0),
      remoteAddress,
    }).status;
}

describe('unauthenticated requests, through the handler', () => {
  it('each address has its own budget, apart from the keys', () => {
    const from = handlerAt2PerSecond();
    expect([1, 2, 3, 4, 5].map(() => from('10.0.0.1'))).toEqual([401, 401, 401, 401, 429]);
    expect(from('10.0.0.2')).toBe(401);
    expect(from('10.0.0.1', ALICE_KEY)).toBe(200);
  });

  it(`at most ${TRACKED_ADDRESSES} addresses are tracked: the oldest is forgotten first`, () => {
    const from = handlerAt2PerSecond();
    for (let i = 0; i < 4; i++) from('10.0.0.1');
    expect(from('10.0.0.1')).toBe(429);
    for (let i = 1; i < TRACKED_ADDRESSES; i++) from(`fd00::${i.toString(16)}`);
    expect(from('10.0.0.1')).toBe(429);
    from('fd00::ffff');
    expect(from('10.0.0.1')).toBe(401);
  });
});

describe('RateLimiter', () => {
  it('Retry-After is whole seconds, rounded up, at least 1', () => {
    const slow = new RateLimiter(0.25, { burst: 1 });
    expect(slow.take(0, 0)).toBe(0);
    expect(slow.take(0, 0)).toBe(4);
    expect(slow.take(0, 3_000)).toBe(1);
    expect(slow.take(0, 4_000)).toBe(0);
  });

  it('a rate of 0 never limits', () => {
    const off = new RateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(off.take(0, 0)).toBe(0);
  });

  it('a burst below one token is refused: it would lock every key out', () => {
    expect(() => new RateLimiter(0.3)).toThrow(RangeError);
  });
});

describe('--rate-limit', () => {
  it('0 (off), or 0.5 to 1000000 written as a plain decimal; 100 when not given', () => {
    expect(['0', '0.5', '2.25', '100', '1000000'].map(parseRateLimit)).toEqual([
      0, 0.5, 2.25, 100, 1_000_000,
    ]);
    expect(parseRateLimit(undefined)).toBe(100);
    for (const text of ['0.3', '', ' ', 'abc', '-1', '1e3', '0x10', '1000001', 'Infinity']) {
      expect(parseRateLimit(text)).toEqual({
        error: expect.stringContaining(JSON.stringify(text)),
      });
    }
    expect(parseRateLimit(['1', '2'])).toEqual({ error: 'rate limit is given more than once' });
  });

  it('simex serve refuses 0.3 and "" at start: one line, exit 2', async () => {
    for (const value of ['0.3', '']) {
      const { code, stdout, stderr } = await runServeToExit(['--port', '0', '--rate-limit', value]);
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: [],
        stderr: [
          'simex serve: rate limit must be 0 (off) or 0.5 to 1000000 requests per second ' +
            `(its burst, twice the rate, must hold one request), not ${JSON.stringify(value)}`,
        ],
      });
    }
  });
});
