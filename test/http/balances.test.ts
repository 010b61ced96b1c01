import { describe, expect, it } from 'vitest';
import { useTestServer } from './test-server.js';
import { BOB_KEY } from './test-server.js';

describe('GET /v1/balances and funding (invariant 14)', () => {
  const server = useTestServer({
    demoLiquidity: false,
    balances: {
      takerFeeBps: 20,
      accounts: { alice: { USD: '1000' }, bob: { BTC: '0.5' } },
    },
  });
  const balances = async (key?: string) =>
    (await server.call('GET', '/v1/balances', key === undefined ? {} : { key })).json;

  it('lists every asset, free and locked, in exact decimals', async () => {
    expect(await balances()).toStrictEqual({
      balances: [
        { asset: 'BTC', free: '0.00000000', locked: '0.00000000' },
        { asset: 'USD', free: '1000.0000000000', locked: '0.0000000000' },
        { asset: 'ETH', free: '0.0000', locked: '0.0000' },
      ],
    });
  });

  it('refuses an order the account cannot fund with insufficient_balance (422)', async () => {
    const reply = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '30000', size: '0.1' },
    });
    expect([reply.status, reply.json]).toStrictEqual([
      422,
      { error: { code: 'insufficient_balance', message: 'the account cannot fund this order' } },
    ]);
  });

  it('buys by quote_size, paying the taker fee, the rest of the lock returned', async () => {
    const ask = await server.call('POST', '/v1/orders', {
      key: BOB_KEY,
      body: { symbol: 'BTC-USD', side: 'sell', type: 'limit', price: '30000', size: '0.5' },
    });
    expect(ask.status).toBe(201);
    const reply = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'market', quote_size: '600' },
    });
    expect([reply.status, reply.json.size, reply.json.filled_size]).toStrictEqual([
      201,
      '0.02000000',
      '0.02000000',
    ]);
    // 600 + 20 bps = 601.2
    expect((await balances()).balances.slice(0, 2)).toStrictEqual([
      { asset: 'BTC', free: '0.02000000', locked: '0.00000000' },
      { asset: 'USD', free: '398.8000000000', locked: '0.0000000000' },
    ]);
    expect((await balances(BOB_KEY)).balances.slice(0, 2)).toStrictEqual([
      { asset: 'BTC', free: '0.00000000', locked: '0.48000000' },
      { asset: 'USD', free: '600.0000000000', locked: '0.0000000000' },
    ]);
  });

  it('refuses size and quote_size together, and quote_size on a sell', async () => {
    const both = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '1', quote_size: '1' },
    });
    expect([both.status, both.json.error.field]).toStrictEqual([400, 'quote_size']);
    const sell = await server.call('POST', '/v1/orders', {
      body: { symbol: 'BTC-USD', side: 'sell', type: 'market', quote_size: '1' },
    });
    expect([sell.status, sell.json.error.message]).toStrictEqual([
      400,
      'quote_size is for market buys only',
    ]);
  });
});
