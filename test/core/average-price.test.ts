import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTRUMENTS, validateVenueState, type InstrumentSpec } from '../../src/index.js';
import { limit, makeVenue, market, plain, unwrap } from './helpers.js';

const WHOLE: InstrumentSpec = { symbol: 'W-U', tickSize: '1', lotSize: '1' };
/** Price x size units pass 2^53 in one fill of 1,000 at 90,000,000. */
const BIG: InstrumentSpec = { symbol: 'BIG-USD', tickSize: '0.01', lotSize: '0.00000001' };

/** The average price of a market buy of `size` over Bob's asks, given as [price, size]. */
function averageOver(asks: [string, string][], size: string, symbol = 'BTC-USD'): string | null {
  const { venue } = makeVenue([WHOLE, ...DEFAULT_INSTRUMENTS]);
  for (const [price, askSize] of asks) {
    limit(venue, 'sell', price, askSize, { account: 'bob', symbol });
  }
  return market(venue, 'buy', size, { symbol }).averagePrice;
}

describe('averagePrice', () => {
  it('is null before a fill', () => {
    const { venue } = makeVenue();
    expect(limit(venue, 'buy', '100.00', '1').averagePrice).toBeNull();
  });

  it('is written at the tick decimals when the mean sits on them', () => {
    expect(
      averageOver(
        [
          ['100.00', '0.1'],
          ['100.03', '0.2'],
        ],
        '0.3',
      ),
    ).toBe('100.02');
  });

  it('adds the decimals an exact mean needs', () => {
    expect(
      averageOver(
        [
          ['100.00', '0.1'],
          ['100.01', '0.1'],
        ],
        '0.2',
      ),
    ).toBe('100.005');
    expect(
      averageOver(
        [
          ['100.00', '0.3'],
          ['100.01', '0.1'],
        ],
        '0.4',
      ),
    ).toBe('100.0025');
  });

  it('rounds a mean that does not terminate at tick + lot decimals', () => {
    const asks: [string, string][] = [
      ['100.00', '0.1'],
      ['100.01', '0.2'],
    ];
    expect(averageOver(asks, '0.3')).toBe('100.0066666667');
    expect(averageOver(asks, '0.3', 'ETH-USD')).toBe('100.006667');
  });

  it('rounds half to even', () => {
    const mean = (a: string, b: string) =>
      averageOver(
        [
          [a, '1'],
          [b, '1'],
        ],
        '2',
        'W-U',
      );
    expect([mean('1', '2'), mean('2', '3'), mean('3', '4'), mean('4', '5')]).toEqual([
      '2',
      '2',
      '4',
      '4',
    ]);
    expect(
      averageOver(
        [
          ['1', '2'],
          ['2', '1'],
        ],
        '3',
        'W-U',
      ),
    ).toBe('1');
    expect(
      averageOver(
        [
          ['1', '1'],
          ['2', '2'],
        ],
        '3',
        'W-U',
      ),
    ).toBe('2');
  });

  it("follows the maker's fills too", () => {
    const { venue } = makeVenue();
    const maker = limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    market(venue, 'buy', '0.1');
    market(venue, 'buy', '0.2');
    const record = plain(unwrap(venue.getOrder('bob', maker.id)));
    expect([record.averagePrice, record.filledSize, record.fills]).toEqual([
      '100.00',
      '0.30000000',
      [
        { tradeId: 't_1', price: '100.00', size: '0.10000000' },
        { tradeId: 't_2', price: '100.00', size: '0.20000000' },
      ],
    ]);
  });

  it('stays exact when the notional passes 2^53 units, on a first fill or a second', () => {
    const { venue } = makeVenue([BIG]);
    const symbol = 'BIG-USD';
    // The resting buy fills one unit at .01, then 1000.00000001 at .02: its second fill passes
    // 2^53, and a float notional would round the mean to .02.
    limit(venue, 'sell', '90000000.01', '0.00000001', { account: 'bob', symbol });
    const resting = limit(venue, 'buy', '90000000.02', '1000.00000002', { symbol });
    expect([resting.averagePrice, resting.fillCount]).toEqual(['90000000.01', 1]);
    // The seller's first fill passes 2^53 on its own.
    const taker = market(venue, 'sell', '1000.00000001', { account: 'bob', symbol });
    const record = plain(unwrap(venue.getOrder('alice', resting.id)));
    expect([record.averagePrice, record.fillCount, record.status]).toEqual([
      '90000000.0200000000',
      2,
      'filled',
    ]);
    expect([taker.averagePrice, taker.fillCount]).toEqual(['90000000.02', 1]);
    expect(validateVenueState(venue)).toEqual([]);
  });
});
