import { describe, expect, it } from 'vitest';
import {
  expectInvalid,
  expectNoChange,
  limit,
  makeVenue,
  market,
  place,
  unwrap,
} from './helpers.js';

const MALFORMED = 'must be a decimal string like "1.5" (no sign, exponent or spaces)';

describe('decimal input', () => {
  it.each([
    '',
    '-1',
    '+1',
    '1e2',
    '1E2',
    ' 1',
    '1 ',
    '1.',
    '.5',
    '01',
    '00.5',
    '1.2.3',
    '1,5',
    'abc',
    'Infinity',
    'NaN',
    '0x10',
    '１',
  ])('refuses the malformed size %j', (size) => {
    const { venue } = makeVenue();
    const result = expectNoChange(venue, () =>
      venue.placeOrder({ account: 'alice', symbol: 'BTC-USD', side: 'buy', type: 'market', size }),
    );
    expectInvalid(result, 'size', `size ${MALFORMED}`);
  });

  it.each(['-100.00', '1e4', '100.00 ', '+100.00'])('refuses the malformed price %j', (price) => {
    const { venue } = makeVenue();
    const result = expectNoChange(venue, () =>
      venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        size: '1',
        price,
      }),
    );
    expectInvalid(result, 'price', `price ${MALFORMED}`);
  });

  it.each([1, 0.5, null, true, {}, ['1']])('refuses the non-string size %j', (size) => {
    const { venue } = makeVenue();
    const result = expectNoChange(venue, () =>
      venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'market',
        size: size as never,
      }),
    );
    expectInvalid(result, 'size', 'size must be a decimal string');
  });

  it('refuses a JSON number as price', () => {
    const { venue } = makeVenue();
    const result = expectNoChange(venue, () =>
      venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        size: '1',
        price: 30000 as never,
      }),
    );
    expectInvalid(result, 'price', 'price must be a decimal string');
  });

  it('accepts "0" as an integer part and plain integers', () => {
    const { venue } = makeVenue();
    expect(limit(venue, 'buy', '100', '0.5').price).toBe('100.00');
    expect(limit(venue, 'buy', '100', '0.5').size).toBe('0.50000000');
  });
});

describe('the grid', () => {
  it('refuses a price off the tick and a size off the lot, naming the field', () => {
    const { venue } = makeVenue();
    expectInvalid(
      expectNoChange(venue, () =>
        venue.placeOrder({
          account: 'alice',
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'limit',
          size: '1',
          price: '100.001',
        }),
      ),
      'price',
      'price must be a multiple of the tick size 0.01',
    );
    expectInvalid(
      expectNoChange(venue, () =>
        venue.placeOrder({
          account: 'alice',
          symbol: 'ETH-USD',
          side: 'buy',
          type: 'market',
          size: '0.00005',
        }),
      ),
      'size',
      'size must be a multiple of the lot size 0.0001',
    );
  });

  it('refuses zero price and size', () => {
    const { venue } = makeVenue();
    for (const [size, price, field] of [
      ['0', '100.00', 'size'],
      ['0.00000000', '100.00', 'size'],
      ['1', '0', 'price'],
      ['1', '0.00', 'price'],
    ] as const) {
      const result = expectNoChange(venue, () =>
        venue.placeOrder({
          account: 'alice',
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'limit',
          size,
          price,
        }),
      );
      expectInvalid(result, field, `${field} must be positive`);
    }
  });

  it('refuses sizes below min_size and above max_size', () => {
    const { venue } = makeVenue([
      { symbol: 'X-USD', tickSize: '0.5', lotSize: '0.1', minSize: '0.3', maxSize: '10' },
    ]);
    const order = (size: string) => () =>
      venue.placeOrder({ account: 'alice', symbol: 'X-USD', side: 'buy', type: 'market', size });
    expectInvalid(expectNoChange(venue, order('0.2')), 'size', 'size must be at least 0.3');
    expectInvalid(expectNoChange(venue, order('10.1')), 'size', 'size must be at most 10.0');
    expect(place(venue, { symbol: 'X-USD', type: 'limit', price: '1.5', size: '0.3' }).size).toBe(
      '0.3',
    );
    expect(place(venue, { symbol: 'X-USD', type: 'limit', price: '1.5', size: '10' }).size).toBe(
      '10.0',
    );
  });

  it('refuses values too large to be held exactly instead of rounding them', () => {
    const { venue } = makeVenue([{ symbol: 'BIG-USD', tickSize: '0.01', lotSize: '0.00000001' }]);
    const order = (size: string, price: string) => () =>
      venue.placeOrder({
        account: 'alice',
        symbol: 'BIG-USD',
        side: 'buy',
        type: 'limit',
        size,
        price,
      });
    expectInvalid(
      expectNoChange(venue, order('90071992.54740992', '1')),
      'size',
      'size is too large to be held exactly',
    );
    expectInvalid(
      expectNoChange(venue, order('1', '90071992547409.92')),
      'price',
      'price is too large to be held exactly',
    );
    expectInvalid(
      expectNoChange(venue, order('1', '1' + '0'.repeat(40))),
      'price',
      'price is too large to be held exactly',
    );
    expect(place(venue, { symbol: 'BIG-USD', size: '90071992.54740991', price: '1' }).size).toBe(
      '90071992.54740991',
    );
    expect(place(venue, { symbol: 'BIG-USD', size: '1', price: '90071992547409.91' }).price).toBe(
      '90071992547409.91',
    );
    expectInvalid(
      expectNoChange(venue, order('0.00000001', '1')),
      'size',
      'the price level would hold more than can be counted exactly',
    );
  });

  it('accepts trailing zeros beyond the grid', () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '30000.100', '0.5000000000');
    expect([order.price, order.size]).toEqual(['30000.10', '0.50000000']);
  });
});

describe('decimal output', () => {
  it('writes prices at the tick decimals and sizes at the lot decimals', () => {
    const { venue } = makeVenue();
    const btc = limit(venue, 'sell', '30000.1', '2');
    const eth = place(venue, { symbol: 'ETH-USD', side: 'sell', price: '2000', size: '1.5' });
    expect([btc.price, btc.size, btc.filledSize]).toEqual(['30000.10', '2.00000000', '0.00000000']);
    expect([eth.price, eth.size, eth.filledSize]).toEqual(['2000.00', '1.5000', '0.0000']);
  });

  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '0.1');
    limit(venue, 'sell', '100.00', '0.2');
    const taker = market(venue, 'buy', '0.3');
    expect([taker.status, taker.filledSize]).toEqual(['filled', '0.30000000']);
    expect(unwrap(venue.ticker('BTC-USD')).volume24h).toBe('0.30000000');
  });

  it('sums 0.1 and 0.2 into one level of 0.3', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '100.00', '0.1');
    limit(venue, 'buy', '100.00', '0.2');
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([['100.00', '0.30000000']]);
  });
});
