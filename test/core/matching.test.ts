import { describe, expect, it } from 'vitest';
import { validateVenueState } from '../../src/index.js';
import { expectedOrder, limit, makeVenue, market, plain, unwrap } from './helpers.js';

describe('price-time priority', () => {
  it('matches the earlier order of a level first', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    limit(venue, 'sell', '100.00', '1', { account: 'carol' });
    const taker = market(venue, 'buy', '1.5');
    expect(taker.fills).toEqual([
      { tradeId: 't_1', price: '100.00', size: '1.00000000' },
      { tradeId: 't_2', price: '100.00', size: '0.50000000' },
    ]);
    expect(unwrap(venue.trades('BTC-USD')).map((t) => [t.makerOrderId, t.makerAccount])).toEqual([
      ['ord_2', 'carol'],
      ['ord_1', 'bob'],
    ]);
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([['100.00', '0.50000000']]);
  });

  it('takes the best level first, whatever the arrival order', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '99.00', '1', { account: 'bob' });
    limit(venue, 'buy', '101.00', '1', { account: 'bob' });
    limit(venue, 'buy', '100.00', '1', { account: 'bob' });
    const taker = market(venue, 'sell', '2.5');
    expect(taker.fills.map(({ price, size }) => [price, size])).toEqual([
      ['101.00', '1.00000000'],
      ['100.00', '1.00000000'],
      ['99.00', '0.50000000'],
    ]);
    expect(taker.averagePrice).toBe('100.20');
  });

  it('trades at the resting order price, not the taker limit', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    const taker = limit(venue, 'buy', '105.00', '1');
    expect(taker).toEqual(
      expectedOrder({
        id: 'ord_2',
        price: '105.00',
        filledSize: '1.00000000',
        remainingSize: '0.00000000',
        averagePrice: '100.00',
        status: 'filled',
        fills: [{ tradeId: 't_1', price: '100.00', size: '1.00000000' }],
      }),
    );
  });

  it('never trades a limit taker beyond its limit, and rests the remainder', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    limit(venue, 'sell', '100.01', '1', { account: 'bob' });
    const taker = limit(venue, 'buy', '100.00', '3');
    expect([taker.status, taker.filledSize, taker.remainingSize]).toEqual([
      'partially_filled',
      '1.00000000',
      '2.00000000',
    ]);
    const book = unwrap(venue.orderBook('BTC-USD'));
    expect([book.bids, book.asks]).toEqual([
      [['100.00', '2.00000000']],
      [['100.01', '1.00000000']],
    ]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('updates the maker: partially filled, then filled', () => {
    const { venue } = makeVenue();
    const maker = limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    market(venue, 'buy', '0.4');
    const partial = plain(unwrap(venue.getOrder('bob', maker.id)));
    expect([partial.status, partial.filledSize, partial.remainingSize]).toEqual([
      'partially_filled',
      '0.40000000',
      '0.60000000',
    ]);
    market(venue, 'buy', '0.6');
    const filled = plain(unwrap(venue.getOrder('bob', maker.id)));
    expect([filled.status, filled.filledSize, filled.remainingSize]).toEqual([
      'filled',
      '1.00000000',
      '0.00000000',
    ]);
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([]);
  });
});

describe('market orders', () => {
  it('walk the book up to their size and fill', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    limit(venue, 'sell', '100.50', '1', { account: 'bob' });
    const taker = market(venue, 'buy', '2');
    expect([taker.status, taker.filledSize, taker.averagePrice]).toEqual([
      'filled',
      '2.00000000',
      '100.25',
    ]);
  });

  it('expire the remainder the book cannot fill', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    expect(market(venue, 'buy', '3')).toEqual(
      expectedOrder({
        id: 'ord_2',
        type: 'market',
        size: '3.00000000',
        filledSize: '1.00000000',
        remainingSize: '0.00000000',
        averagePrice: '100.00',
        status: 'expired',
        timeInForce: 'ioc',
        fills: [{ tradeId: 't_1', price: '100.00', size: '1.00000000' }],
      }),
    );
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([]);
  });

  it('expire unfilled on an empty side, and do not rest', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '100.00', '1', { account: 'bob' });
    const taker = market(venue, 'buy', '1');
    expect([taker.status, taker.filledSize, taker.fills]).toEqual(['expired', '0.00000000', []]);
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([['100.00', '1.00000000']]);
  });
});
