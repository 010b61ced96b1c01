import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../src/index.js';
import {
  expectedOrder,
  expectInvalid,
  expectNoChange,
  limit,
  makeVenue,
  market,
  place,
} from './helpers.js';

const LIMIT: OrderRequest = {
  account: 'alice',
  symbol: 'BTC-USD',
  side: 'buy',
  type: 'limit',
  size: '1',
  price: '100.00',
};
const MARKET: OrderRequest = {
  account: 'alice',
  symbol: 'BTC-USD',
  side: 'buy',
  type: 'market',
  size: '1',
};
const CID_MESSAGE = 'client_order_id must be 1-64 of A-Z a-z 0-9 _ -';
const TIF_MESSAGE = 'time_in_force must be "gtc", "ioc", "fok" or "gtd"';

describe('order fields', () => {
  it.each<[string, OrderRequest, string, string]>([
    ['empty account', { ...LIMIT, account: '' }, 'account', 'account must be a non-empty string'],
    [
      'non-string account',
      { ...LIMIT, account: 7 as never },
      'account',
      'account must be a non-empty string',
    ],
    ['unknown side', { ...LIMIT, side: 'long' as never }, 'side', 'side must be "buy" or "sell"'],
    [
      'unknown type',
      { ...LIMIT, type: 'stop' as never },
      'type',
      'type must be "market" or "limit"',
    ],
    [
      'missing size',
      { ...LIMIT, size: undefined as never },
      'size',
      'size must be a decimal string',
    ],
    [
      'limit without price',
      { ...MARKET, type: 'limit' },
      'price',
      'price is required for limit orders',
    ],
    [
      'market with price',
      { ...MARKET, price: '100.00' },
      'price',
      'price is refused for market orders',
    ],
    [
      'market with time_in_force',
      { ...MARKET, timeInForce: 'ioc' },
      'time_in_force',
      'time_in_force is for limit orders only',
    ],
    [
      'unknown time_in_force',
      { ...LIMIT, timeInForce: 'day' as never },
      'time_in_force',
      TIF_MESSAGE,
    ],
    [
      'non-boolean post_only',
      { ...LIMIT, postOnly: 'true' as never },
      'post_only',
      'post_only must be a boolean',
    ],
    [
      'post_only ioc',
      { ...LIMIT, postOnly: true, timeInForce: 'ioc' },
      'post_only',
      'post_only is for limit gtc orders only',
    ],
    [
      'post_only fok',
      { ...LIMIT, postOnly: true, timeInForce: 'fok' },
      'post_only',
      'post_only is for limit gtc orders only',
    ],
    [
      'post_only market',
      { ...MARKET, postOnly: true },
      'post_only',
      'post_only is for limit gtc orders only',
    ],
    ['empty client_order_id', { ...LIMIT, clientOrderId: '' }, 'client_order_id', CID_MESSAGE],
    [
      '65-character client_order_id',
      { ...LIMIT, clientOrderId: 'a'.repeat(65) },
      'client_order_id',
      CID_MESSAGE,
    ],
    [
      'client_order_id with a space',
      { ...LIMIT, clientOrderId: 'a b' },
      'client_order_id',
      CID_MESSAGE,
    ],
    [
      'client_order_id with a dot',
      { ...LIMIT, clientOrderId: 'a.b' },
      'client_order_id',
      CID_MESSAGE,
    ],
    [
      'non-string client_order_id',
      { ...LIMIT, clientOrderId: 12 as never },
      'client_order_id',
      CID_MESSAGE,
    ],
  ])('refuses %s', (_name, request, field, message) => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '101.00', '1');
    expectInvalid(
      expectNoChange(venue, () => venue.placeOrder(request)),
      field,
      message,
    );
  });

  it('checks symbol, account, side, type, size, price, time_in_force, post_only, client_order_id in that order', () => {
    const { venue } = makeVenue();
    const fixes: [string, Partial<OrderRequest>][] = [
      ['symbol', { symbol: 'BTC-USD' }],
      ['account', { account: 'alice' }],
      ['side', { side: 'buy' }],
      ['type', { type: 'limit' }],
      ['size', { size: '1' }],
      ['price', { price: '100.00' }],
      ['time_in_force', { timeInForce: 'gtc' }],
      ['post_only', { postOnly: false }],
      ['client_order_id', { clientOrderId: 'ok' }],
    ];
    let request = {
      account: '',
      symbol: 'btc',
      side: 'x',
      type: 'x',
      size: 'x',
      price: 'x',
      timeInForce: 'x',
      postOnly: 'x',
      clientOrderId: '',
    } as unknown as OrderRequest;
    for (const [field, fix] of fixes) {
      const result = expectNoChange(venue, () => venue.placeOrder(request));
      expect(result.ok === false && result.error).toMatchObject({
        code: 'invalid_parameter',
        field,
      });
      request = { ...request, ...fix };
    }
    expect(place(venue, request)).toEqual(
      expectedOrder({ id: 'ord_1', price: '100.00', clientOrderId: 'ok' }),
    );
  });
});

describe('accepted orders', () => {
  it('answers the whole record of a limit order', () => {
    const { venue } = makeVenue();
    const cid = 'A-z_0'.padEnd(64, '9');
    expect(limit(venue, 'sell', '30000.5', '0.25', { clientOrderId: cid, account: 'bob' })).toEqual(
      expectedOrder({
        id: 'ord_1',
        account: 'bob',
        clientOrderId: cid,
        side: 'sell',
        price: '30000.50',
        size: '0.25000000',
      }),
    );
  });

  it('shows market orders with a null price and time in force ioc', () => {
    const { venue } = makeVenue();
    expect(market(venue, 'buy', '1', { postOnly: false })).toEqual(
      expectedOrder({
        id: 'ord_1',
        type: 'market',
        status: 'expired',
        timeInForce: 'ioc',
        remainingSize: '0.00000000',
      }),
    );
  });

  it('keeps the explicit time in force and post_only of a limit order', () => {
    const { venue } = makeVenue();
    const postOnly = limit(venue, 'buy', '1.00', '1', { postOnly: true, timeInForce: 'gtc' });
    const ioc = limit(venue, 'buy', '1.00', '1', { timeInForce: 'ioc', postOnly: false });
    expect([postOnly.timeInForce, postOnly.postOnly, postOnly.status]).toEqual([
      'gtc',
      true,
      'open',
    ]);
    expect([ioc.timeInForce, ioc.postOnly, ioc.status]).toEqual(['ioc', false, 'expired']);
  });

  it('numbers orders ord_1, ord_2, ... and refused commands take no number', () => {
    const { venue, clock } = makeVenue();
    expect(limit(venue, 'buy', '1.00', '1').id).toBe('ord_1');
    expectNoChange(venue, () => venue.placeOrder({ ...LIMIT, size: '0' }));
    expectNoChange(venue, () => venue.placeOrder({ ...LIMIT, symbol: 'XRP-USD' }));
    clock.now += 5;
    const second = market(venue, 'sell', '2', { account: 'bob' });
    expect([second.id, second.createdAt]).toEqual(['ord_2', clock.now]);
    expect(limit(venue, 'buy', '1.00', '1', { symbol: 'ETH-USD' }).id).toBe('ord_3');
  });
});

describe('unknown request keys', () => {
  it.each([
    ['time_in_force', { ...LIMIT, time_in_force: 'ioc' }],
    ['post_only', { ...LIMIT, post_only: true }],
    ['client_order_id', { ...LIMIT, client_order_id: 'c1', also: 1 }],
  ])('refuses %s (snake_case) naming it, and changes nothing', (key, request) => {
    const { venue } = makeVenue();
    const result = expectNoChange(venue, () => venue.placeOrder(request));
    expectInvalid(result, key, `unknown field ${key}`);
  });

  it('names the first unknown key in the object key order', () => {
    const { venue } = makeVenue();
    const request = { zeta: 1, ...LIMIT, alpha: 2 } as unknown as OrderRequest;
    expectInvalid(venue.placeOrder(request), 'zeta', 'unknown field zeta');
  });

  it('quotes at most a marked prefix of a long key', () => {
    const { venue } = makeVenue();
    const key = 'k'.repeat(70_000);
    const request = { ...LIMIT, [key]: 1 };
    expectInvalid(venue.placeOrder(request), key, `unknown field ${'k'.repeat(64)}… (truncated)`);
  });

  it('refuses an unknown listOrders filter key', () => {
    const { venue } = makeVenue();
    const filter = { statuses: 'open' } as never;
    expectInvalid(venue.listOrders('alice', filter), 'statuses', 'unknown field statuses');
  });
});
