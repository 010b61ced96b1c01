import { describe, expect, it } from 'vitest';
import { validateVenueState } from '../../src/index.js';
import { expectedOrder, limit, makeVenue, observe, unwrap } from './helpers.js';

/** Bob's asks: 1 @ 100.00 and 1 @ 100.01. */
function venueWithAsks() {
  const { venue } = makeVenue();
  limit(venue, 'sell', '100.00', '1', { account: 'bob' });
  limit(venue, 'sell', '100.01', '1', { account: 'bob' });
  return venue;
}

describe('gtc', () => {
  it('rests as open when nothing fills', () => {
    const { venue } = makeVenue();
    expect(limit(venue, 'buy', '99.00', '1')).toEqual(
      expectedOrder({ id: 'ord_1', price: '99.00' }),
    );
  });

  it('rests its remainder as partially_filled', () => {
    const venue = venueWithAsks();
    expect(limit(venue, 'buy', '100.00', '1.5')).toEqual(
      expectedOrder({
        id: 'ord_3',
        price: '100.00',
        size: '1.50000000',
        filledSize: '1.00000000',
        remainingSize: '0.50000000',
        averagePrice: '100.00',
        status: 'partially_filled',
        fills: [{ tradeId: 't_1', price: '100.00', size: '1.00000000' }],
      }),
    );
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([['100.00', '0.50000000']]);
  });
});

describe('ioc', () => {
  it('expires its remainder without resting', () => {
    const venue = venueWithAsks();
    const order = limit(venue, 'buy', '100.00', '1.5', { timeInForce: 'ioc' });
    expect([order.status, order.filledSize, order.remainingSize, order.timeInForce]).toEqual([
      'expired',
      '1.00000000',
      '0.00000000',
      'ioc',
    ]);
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([]);
  });

  it('fills entirely when it can', () => {
    const venue = venueWithAsks();
    const order = limit(venue, 'buy', '100.01', '2', { timeInForce: 'ioc' });
    expect([order.status, order.filledSize]).toEqual(['filled', '2.00000000']);
  });
});

describe('fok', () => {
  it('expires untouched when the liquidity within its limit is short, leaving the book as it was', () => {
    const venue = venueWithAsks();
    const before = observe(venue, ['bob']);
    const order = limit(venue, 'buy', '100.00', '1.5', { timeInForce: 'fok' });
    expect(order).toEqual(
      expectedOrder({
        id: 'ord_3',
        price: '100.00',
        size: '1.50000000',
        remainingSize: '0.00000000',
        status: 'expired',
        timeInForce: 'fok',
      }),
    );
    expect(observe(venue, ['bob'])).toEqual(before);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('fills when the liquidity is exactly sufficient, across levels', () => {
    const venue = venueWithAsks();
    const order = limit(venue, 'buy', '100.01', '2', { timeInForce: 'fok' });
    expect([order.status, order.filledSize, order.averagePrice]).toEqual([
      'filled',
      '2.00000000',
      '100.005',
    ]);
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([]);
    expect(validateVenueState(venue)).toEqual([]);
  });
});

describe('post_only', () => {
  it('is rejected when it would take, leaving the book as it was', () => {
    const venue = venueWithAsks();
    const sequence = unwrap(venue.orderBook('BTC-USD')).sequence;
    expect(limit(venue, 'buy', '100.00', '1', { postOnly: true })).toEqual(
      expectedOrder({
        id: 'ord_3',
        price: '100.00',
        remainingSize: '0.00000000',
        status: 'rejected',
        postOnly: true,
        rejectReason: 'post_only_would_take',
        reason: 'post_only_would_take',
      }),
    );
    const book = unwrap(venue.orderBook('BTC-USD'));
    expect([book.sequence, book.bids, book.asks.length]).toEqual([sequence, [], 2]);
    expect(unwrap(venue.trades('BTC-USD'))).toEqual([]);
  });

  it('rests when it would not take', () => {
    const venue = venueWithAsks();
    expect(limit(venue, 'buy', '99.99', '1', { postOnly: true })).toEqual(
      expectedOrder({ id: 'ord_3', price: '99.99', postOnly: true }),
    );
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([['99.99', '1.00000000']]);
  });
});
