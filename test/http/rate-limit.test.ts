import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../adapters/http/rate-limiter.js';
import { BOB_KEY, errorOf, useTestServer } from './test-server.js';

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

  it('unknown keys get 401, not 429', async () => {
    expect((await server.call('GET', TICKER, { key: 'nobody' })).status).toBe(401);
  });
});

describe('RateLimiter', () => {
  it('Retry-After is whole seconds, rounded up, at least 1', () => {
    const slow = new RateLimiter(0.25, 1);
    expect(slow.take(0, 0)).toBe(0);
    expect(slow.take(0, 0)).toBe(4);
    expect(slow.take(0, 3_000)).toBe(1);
    expect(slow.take(0, 4_000)).toBe(0);
  });

  it('a rate of 0 never limits', () => {
    const off = new RateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(off.take(0, 0)).toBe(0);
  });
});
