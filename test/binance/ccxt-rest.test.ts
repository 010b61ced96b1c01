import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../adapters/units/units.js';
import { agentServer, binanceClient, BOB, type AgentServer } from './ccxt-server.js';

type Client = ReturnType<typeof binanceClient>;

/** USD has 10 decimals and BTC 8 on the default venue (price 2 + size 8 decimals). */
const usd = (text: string | number) => toUnits(String(text), 10);
const btc = (text: string | number) => toUnits(String(text), 8);

/** The account's balance as ccxt reads it, from the raw strings (no float in the comparison). */
async function balanceOf(client: Client): Promise<Record<string, [string, string]>> {
  const balance = await client.fetchBalance();
  const rows = (balance.info as { balances: { asset: string; free: string; locked: string }[] })
    .balances;
  return Object.fromEntries(rows.map((row) => [row.asset, [row.free, row.locked]]));
}

/** Σ over the trades of price × qty + commission (a buyer's cost), exactly. */
function costOf(trades: { info: Record<string, string> }[]): bigint {
  let cost = 0n;
  for (const { info } of trades) {
    cost += usd(info['quoteQty']!) + usd(info['commission']!);
  }
  return cost;
}

describe('an unmodified ccxt binance client against simex serve --market agents', () => {
  let agents: AgentServer;
  let client: Client;

  beforeAll(async () => {
    agents = await agentServer(7);
    await agents.advance(30_000);
    client = binanceClient(agents.server.url);
    await client.loadMarkets();
  });
  afterAll(async () => {
    await client?.close();
    await agents?.close();
  });

  it('loads the markets with their filters, and the time', async () => {
    const market = client.market('BTC/USD');
    expect([market.id, market.base, market.quote, market.spot, market.active]).toStrictEqual([
      'BTCUSD',
      'BTC',
      'USD',
      true,
      true,
    ]);
    expect(market.precision).toMatchObject({ amount: 1e-8, price: 0.01 });
    expect(market.limits.amount).toStrictEqual({ min: 1e-8, max: 1000 });
    expect(await client.fetchTime()).toBe(agents.scheduler.now());
  });

  it('reads tickers, the book, trades and candles as the venue states them', async () => {
    const { venue } = agents.server;
    const ticker = await client.fetchTicker('BTC/USD');
    const own = venue.ticker('BTC-USD');
    if (!own.ok) throw new Error('no ticker');
    expect(ticker.info['lastPrice']).toBe(own.value.price);
    expect(ticker.info['volume']).toBe(own.value.volume24h);
    expect(Object.keys(await client.fetchTickers())).toStrictEqual(['BTC/USD', 'ETH/USD']);
    expect(Object.keys(await client.fetchTickers(['ETH/USD']))).toStrictEqual(['ETH/USD']);
    const book = await client.fetchOrderBook('BTC/USD', 5);
    const ownBook = venue.orderBook('BTC-USD', 5);
    if (!ownBook.ok) throw new Error('no book');
    expect(book.nonce).toBe(ownBook.value.sequence);
    expect(book.bids.map(([price]) => price)).toStrictEqual(
      ownBook.value.bids.map(([price]) => Number(price)),
    );
    const trades = await client.fetchTrades('BTC/USD', agents.scheduler.now() - 10_000);
    const tape = venue.trades('BTC-USD', 1000);
    if (!tape.ok) throw new Error('no trades');
    const recent = tape.value.filter((trade) => trade.timestamp >= agents.scheduler.now() - 10_000);
    expect(trades.map((trade) => trade.id)).toStrictEqual(
      recent.map((trade) => String(trade.sequence)).reverse(),
    );
    const candles = await client.fetchOHLCV('BTC/USD', '1m');
    const volume = candles.reduce((sum, candle) => sum + btc(candle[5]!.toFixed(8)), 0n);
    expect(fromUnits(volume, 8)).toBe(own.value.volume24h);
    const seconds = await client.fetchOHLCV('BTC/USD', '1s', undefined, 3);
    expect(seconds.length).toBe(3);
  });

  it('rests a limit buy, which the agents fill, paying the maker fee, exactly', async () => {
    expect(await balanceOf(client)).toMatchObject({
      BTC: ['10.00000000', '0.00000000'],
      USD: ['100000.0000000000', '0.0000000000'],
    });
    const book = await client.fetchOrderBook('BTC/USD', 1);
    const [[bid], [ask]] = [book.bids[0]!, book.asks[0]!];
    const price = ((bid! + ask!) / 2).toFixed(2);
    const order = await client.createOrder('BTC/USD', 'limit', 'buy', 0.05, Number(price), {
      clientOrderId: 'rest-1',
    });
    expect([order.status, order.clientOrderId, order.filled]).toStrictEqual(['open', 'rest-1', 0]);
    // Locked: the price × size plus the most fee (20 bps: it could have been a taker).
    const lock = (usd(price) * 5n) / 100n;
    const locked = lock + (lock * 20n) / 10_000n;
    expect(await balanceOf(client)).toMatchObject({
      USD: [fromUnits(usd('100000') - locked, 10), fromUnits(locked, 10)],
    });
    let seen = await client.fetchOrder(order.id!, 'BTC/USD');
    for (let second = 0; seen.status !== 'closed' && second < 600; second++) {
      await agents.advance(1_000);
      seen = await client.fetchOrder(order.id!, 'BTC/USD');
    }
    expect([seen.status, seen.filled]).toStrictEqual(['closed', 0.05]);
    await client.loadTimeDifference();
    const trades = await client.fetchMyTrades('BTC/USD');
    expect(trades.every((trade) => trade.takerOrMaker === 'maker')).toBe(true);
    expect(trades.every((trade) => trade.order === order.id)).toBe(true);
    for (const { info } of trades) {
      expect(usd(info['commission'])).toBe((usd(info['quoteQty']) * 10n) / 10_000n); // maker
    }
    const paid = costOf(trades);
    expect(await balanceOf(client)).toMatchObject({
      BTC: ['10.05000000', '0.00000000'],
      USD: [fromUnits(usd('100000') - paid, 10), '0.0000000000'],
    });
  });

  it('cancels a resting order, unlocking all it held', async () => {
    const before = await balanceOf(client);
    const order = await client.createOrder('BTC/USD', 'limit', 'sell', 1.5, 99_999);
    expect(await balanceOf(client)).toMatchObject({
      BTC: [fromUnits(btc(before['BTC']![0]) - btc('1.5'), 8), '1.50000000'],
    });
    expect((await client.fetchOpenOrders('BTC/USD')).map((open) => open.id)).toStrictEqual([
      order.id,
    ]);
    const cancelled = await client.cancelOrder(order.id!, 'BTC/USD');
    expect(cancelled.status).toBe('canceled');
    expect(await balanceOf(client)).toStrictEqual(before);
    expect(await client.fetchOpenOrders('BTC/USD')).toStrictEqual([]);
  });

  it('buys at market by quote amount, the taker fee on top, exactly', async () => {
    const before = await balanceOf(client);
    const order = await client.createOrder('BTC/USD', 'market', 'buy', 0, undefined, {
      quoteOrderQty: '1000',
    });
    expect(order.status).toBe('closed');
    expect(order.cost!).toBeLessThanOrEqual(1000);
    const cost = usd(order.info['cummulativeQuoteQty'] as string);
    const fee = usd(order.fee!.cost!.toFixed(10));
    const feeFromFills = (order.info['fills'] as { commission: string }[]).reduce(
      (sum, fill) => sum + usd(fill.commission),
      0n,
    );
    expect(fee).toBe(feeFromFills);
    expect(await balanceOf(client)).toMatchObject({
      BTC: [
        fromUnits(btc(before['BTC']![0]) + btc(order.info['executedQty'] as string), 8),
        '0.00000000',
      ],
      USD: [fromUnits(usd(before['USD']![0]) - cost - feeFromFills, 10), '0.0000000000'],
    });
    // The order is the venue's: /v1 reads it too, under ord_<orderId>.
    const v1 = agents.server.venue.getOrder('alice', `ord_${order.id}`);
    expect(v1.ok && v1.value.filledSize).toBe(order.info['executedQty']);
    expect((await client.fetchOrders('BTC/USD')).map((each) => each.id)).toContain(order.id);
  });

  it('raises each error class itself', async () => {
    await client.loadTimeDifference();
    await expect(client.createOrder('BTC/USD', 'limit', 'buy', 100, 30_000)).rejects.toThrow(
      ccxt.InsufficientFunds,
    );
    await expect(client.fetchOrder('999999', 'BTC/USD')).rejects.toThrow(ccxt.OrderNotFound);
    await expect(client.cancelOrder('999999', 'BTC/USD')).rejects.toThrow(ccxt.OrderNotFound);
    await expect(
      client.privatePostOrder({
        symbol: 'BTCUSD',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.000000001',
        price: '100',
      }),
    ).rejects.toThrow(ccxt.InvalidOrder);
    await expect(
      client.privatePostOrder({
        symbol: 'BTCUSD',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.01',
        price: '100.001',
      }),
    ).rejects.toThrow(ccxt.InvalidOrder);
    await expect(client.publicGetTicker24hr({ symbol: 'DOGEUSD' })).rejects.toThrow(ccxt.BadSymbol);
    const wrongSecret = binanceClient(agents.server.url, {
      key: BOB.key,
      secret: 'not-the-secret',
    });
    await wrongSecret.loadMarkets();
    await expect(wrongSecret.fetchBalance()).rejects.toThrow(ccxt.AuthenticationError);
    const unknownKey = binanceClient(agents.server.url, { key: 'nobody', secret: 'x' });
    await unknownKey.loadMarkets();
    await expect(unknownKey.fetchBalance()).rejects.toThrow(ccxt.AuthenticationError);
    const stale = binanceClient(agents.server.url, BOB);
    stale.options['adjustForTimeDifference'] = false;
    await expect(stale.fetchBalance()).rejects.toThrow(ccxt.InvalidNonce);
  });
});

describe('the request weight limit', () => {
  it('answers 429 with Retry-After once a minute holds more weight: ccxt raises DDoSProtection', async () => {
    const agents = await agentServer(7, { weightLimit: 30 });
    const client = binanceClient(agents.server.url);
    try {
      await client.loadMarkets(); // exchangeInfo 20, time 1
      const first = await fetch(`${agents.server.url}/api/v3/depth?symbol=BTCUSD`);
      expect(first.headers.get('x-mbx-used-weight-1m')).toBe('26');
      await client.fetchTicker('BTC/USD'); // 2
      await expect(client.fetchOrderBook('BTC/USD')).rejects.toThrow(ccxt.DDoSProtection);
      const refused = await fetch(`${agents.server.url}/api/v3/depth?symbol=BTCUSD`);
      expect([
        refused.status,
        refused.headers.get('retry-after'),
        await refused.json(),
      ]).toStrictEqual([
        429,
        '60',
        {
          code: -1003,
          msg: 'Too much request weight used; current limit is 30 request weight per 1 MINUTE.',
        },
      ]);
    } finally {
      await client.close();
      await agents.close();
    }
  });
});

/** What ccxt shows of a short session: the same seed and fake clock must give the same text. */
async function session(seed: number): Promise<string> {
  const agents = await agentServer(seed);
  const client = binanceClient(agents.server.url);
  try {
    await agents.advance(20_000);
    await client.loadMarkets();
    const seen: unknown[] = [
      await client.fetchTicker('BTC/USD'),
      await client.fetchOrderBook('BTC/USD', 10),
      await client.fetchTrades('BTC/USD'),
      await client.fetchOHLCV('BTC/USD', '1s'),
    ];
    const order = await client.createOrder('BTC/USD', 'market', 'buy', 0, undefined, {
      quoteOrderQty: '500',
      clientOrderId: 'same-1',
    });
    await agents.advance(5_000);
    await client.loadTimeDifference();
    seen.push(order, await client.fetchMyTrades('BTC/USD'), (await client.fetchBalance()).info);
    return JSON.stringify(seen);
  } finally {
    await client.close();
    await agents.close();
  }
}

describe('determinism', () => {
  it('the same seed and fake clock give the same ccxt-visible results; another seed others', async () => {
    const first = await session(11);
    expect(await session(11)).toBe(first);
    expect(await session(12)).not.toBe(first);
  });
});
