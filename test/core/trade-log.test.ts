import { describe, expect, it } from 'vitest';
import { START_MS, expectInvalid, limit, makeVenue, market, plain, unwrap } from './helpers.js';

describe('trades', () => {
  it('records the whole trade, with the taker side', () => {
    const { venue, clock } = makeVenue();
    limit(venue, 'buy', '100.00', '1', { account: 'bob', clientOrderId: 'bid-1' });
    clock.now += 7;
    market(venue, 'sell', '0.4', { clientOrderId: 'hit' });
    market(venue, 'sell', '0.1', { account: 'carol' });
    expect(plain(unwrap(venue.trades('BTC-USD')))).toEqual([
      {
        id: 't_2',
        sequence: 2,
        symbol: 'BTC-USD',
        price: '100.00',
        size: '0.10000000',
        side: 'sell',
        timestamp: START_MS + 7,
        makerOrderId: 'ord_1',
        takerOrderId: 'ord_3',
        makerClientOrderId: 'bid-1',
        takerClientOrderId: null,
        makerAccount: 'bob',
        takerAccount: 'carol',
      },
      {
        id: 't_1',
        sequence: 1,
        symbol: 'BTC-USD',
        price: '100.00',
        size: '0.40000000',
        side: 'sell',
        timestamp: START_MS + 7,
        makerOrderId: 'ord_1',
        takerOrderId: 'ord_2',
        makerClientOrderId: 'bid-1',
        takerClientOrderId: 'hit',
        makerAccount: 'bob',
        takerAccount: 'alice',
      },
    ]);
  });

  it('numbers trades t_1, t_2, ... across symbols', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    limit(venue, 'sell', '10.00', '1', { account: 'bob', symbol: 'ETH-USD' });
    market(venue, 'buy', '0.5');
    market(venue, 'buy', '0.5', { symbol: 'ETH-USD' });
    market(venue, 'buy', '0.5');
    const ids = (symbol: string) => unwrap(venue.trades(symbol)).map(({ id, side }) => [id, side]);
    expect(ids('BTC-USD')).toEqual([
      ['t_3', 'buy'],
      ['t_1', 'buy'],
    ]);
    expect(ids('ETH-USD')).toEqual([['t_2', 'buy']]);
  });

  it('answers the most recent 100 by default and up to 1000 on request', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    for (let i = 0; i < 101; i++) market(venue, 'buy', '0.00000001');
    const ids = (limitValue?: number) =>
      unwrap(venue.trades('BTC-USD', limitValue)).map(({ id }) => id);
    expect(ids()).toHaveLength(100);
    expect([ids()[0], ids()[99]]).toEqual(['t_101', 't_2']);
    expect(ids(1)).toEqual(['t_101']);
    expect(ids(1000)).toHaveLength(101);
    expect(ids(1000).at(-1)).toBe('t_1');
  });

  it.each([0, 1001, 2.5, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses the limit %s',
    (value) => {
      const { venue } = makeVenue();
      expectInvalid(
        venue.trades('BTC-USD', value),
        'limit',
        'limit must be an integer from 1 to 1000',
      );
    },
  );

  it('answers an empty tape before any trade', () => {
    const { venue } = makeVenue();
    expect(unwrap(venue.trades('ETH-USD'))).toEqual([]);
  });
});
