import { describe, expect, it } from 'vitest';
import { MAX_RECORD_FILLS, Venue, validateVenueState, type Fill } from '../../src/index.js';
import { ManualClock, expectInvalid, plain, unwrap } from './helpers.js';

const SPEC = { symbol: 'FILL-USD', tickSize: '0.01', lotSize: '1' };
const MAKERS = 5000;

function sweptVenue() {
  const clock = new ManualClock();
  const venue = unwrap(Venue.create({ clock: clock.read, instruments: [SPEC] }));
  // Makers at 10.00, 10.01, ... 10.49, 100 at each price, one lot each.
  for (let i = 0; i < MAKERS; i++) {
    const price = (10 + Math.floor(i / 100) / 100).toFixed(2);
    unwrap(
      venue.placeOrder({
        account: 'maker',
        symbol: 'FILL-USD',
        side: 'sell',
        type: 'limit',
        price,
        size: '1',
      }),
    );
  }
  const taker = unwrap(
    venue.placeOrder({
      account: 'taker',
      symbol: 'FILL-USD',
      side: 'buy',
      type: 'market',
      size: String(MAKERS),
    }),
  );
  return { venue, taker };
}

const expectedFills: Fill[] = Array.from({ length: MAKERS }, (_, i) => ({
  tradeId: `t_${i + 1}`,
  price: (10 + Math.floor(i / 100) / 100).toFixed(2),
  size: '1',
}));

function allPages(venue: Venue, account: string, id: string, limit: number): Fill[][] {
  const pages: Fill[][] = [];
  let cursor: string | undefined;
  do {
    const page = unwrap(
      venue.orderFills(account, id, cursor === undefined ? { limit } : { limit, cursor }),
    );
    pages.push(plain(page.fills));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return pages;
}

describe('order fills', () => {
  it('a record carries the first 100 fills and the count of all', () => {
    const { venue, taker } = sweptVenue();
    expect(taker.fillCount).toBe(MAKERS);
    expect(plain(taker.fills)).toEqual(expectedFills.slice(0, MAX_RECORD_FILLS));
    // The mean of 100 lots at each of 10.00 .. 10.49 is 10.245 (all fills, not the first 100),
    // rounded half to even at the tick's decimals as the lot has none.
    expect([taker.status, taker.filledSize, taker.averagePrice]).toEqual([
      'filled',
      '5000',
      '10.24',
    ]);
    const again = unwrap(venue.getOrder('taker', taker.id));
    expect([again.fills.length, again.fillCount, again.averagePrice]).toEqual([
      100,
      MAKERS,
      '10.24',
    ]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('pages concatenate to every fill exactly, in time order', () => {
    const { venue, taker } = sweptVenue();
    const pages = allPages(venue, 'taker', taker.id, 1000);
    expect(pages.map((page) => page.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(pages.flat()).toEqual(expectedFills);
    const small = allPages(venue, 'taker', taker.id, 333);
    expect(small.length).toBe(16);
    expect(small.flat()).toEqual(expectedFills);
    const first = unwrap(venue.orderFills('taker', taker.id));
    expect(first.fills.length).toBe(100);
    expect(plain(first.fills)).toEqual(plain(taker.fills));
  });

  it('pages through a maker filled by several takers', () => {
    const clock = new ManualClock();
    const venue = unwrap(Venue.create({ clock: clock.read, instruments: [SPEC] }));
    const base = { symbol: 'FILL-USD', type: 'limit', price: '5.00' } as const;
    const maker = unwrap(venue.placeOrder({ ...base, account: 'm', side: 'sell', size: '3' }));
    for (let i = 0; i < 3; i++)
      unwrap(venue.placeOrder({ ...base, account: 't', side: 'buy', size: '1' }));
    expect(allPages(venue, 'm', maker.id, 2)).toEqual([
      [
        { tradeId: 't_1', price: '5.00', size: '1' },
        { tradeId: 't_2', price: '5.00', size: '1' },
      ],
      [{ tradeId: 't_3', price: '5.00', size: '1' }],
    ]);
    expect(unwrap(venue.orderFills('t', 'ord_2'))).toEqual({
      fills: [{ tradeId: 't_1', price: '5.00', size: '1' }],
      nextCursor: null,
    });
    expect(unwrap(venue.orderFills('m', 'ord_1', { limit: 1000 })).nextCursor).toBeNull();
  });

  it("reads fills and the tape across the trade store's chunks of 16,384 trades", () => {
    const clock = new ManualClock();
    const venue = unwrap(Venue.create({ clock: clock.read, instruments: [SPEC] }));
    const trades = 16_400;
    const base = { symbol: 'FILL-USD', type: 'limit', price: '7.00' } as const;
    const maker = unwrap(
      venue.placeOrder({ ...base, account: 'm', side: 'sell', size: String(trades) }),
    );
    const start = clock.now;
    for (let i = 1; i <= trades; i++) {
      clock.now = start + i;
      unwrap(venue.placeOrder({ ...base, account: 't', side: 'buy', size: '1' }));
    }
    const fills = allPages(venue, 'm', maker.id, 1000).flat();
    expect(fills.length).toBe(trades);
    expect(fills.slice(16_382, 16_386)).toEqual(
      [16_383, 16_384, 16_385, 16_386].map((n) => ({
        tradeId: `t_${n}`,
        price: '7.00',
        size: '1',
      })),
    );
    expect(fills.every((fill, i) => fill.tradeId === `t_${i + 1}`)).toBe(true);
    const tape = plain(unwrap(venue.trades('FILL-USD', 2)));
    expect(tape.map((trade) => [trade.id, trade.timestamp])).toEqual([
      [`t_${trades}`, start + trades],
      [`t_${trades - 1}`, start + trades - 1],
    ]);
    expect(unwrap(venue.getOrder('m', maker.id)).status).toBe('filled');
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('an order without fills has an empty last page', () => {
    const { venue } = sweptVenue();
    const resting = unwrap(
      venue.placeOrder({
        account: 'a',
        symbol: 'FILL-USD',
        side: 'buy',
        type: 'limit',
        price: '1.00',
        size: '1',
      }),
    );
    expect(unwrap(venue.orderFills('a', resting.id))).toEqual({ fills: [], nextCursor: null });
  });

  it('refuses a malformed or foreign cursor, a bad limit and an unknown or foreign order', () => {
    const { venue, taker } = sweptVenue();
    const next = unwrap(venue.orderFills('taker', taker.id, { limit: 10 })).nextCursor!;
    const makerPage = unwrap(venue.orderFills('maker', 'ord_1', {}));
    expect(makerPage.nextCursor).toBeNull();
    const [slot, trade, order] = next.split('.');
    const message = 'cursor is not one of this order';
    for (const cursor of [
      '',
      'abc',
      `${slot}.${trade}.`,
      `${slot}.${trade}`,
      `${slot}.${trade}.${order}.`,
      `${slot}.zz`,
      `zzzz.${trade}`,
      'ZZ.1',
      7,
    ]) {
      expectInvalid(
        venue.orderFills('taker', taker.id, { cursor: cursor as string }),
        'cursor',
        message,
      );
    }
    // A live fill of another order: the 11th fill belongs to maker ord_11, not to ord_1.
    expectInvalid(venue.orderFills('maker', 'ord_1', { cursor: next }), 'cursor', message);
    // The taker's cursor names t_11, which ord_11 shares as its maker: still not ord_11's cursor.
    expectInvalid(venue.orderFills('maker', 'ord_11', { cursor: next }), 'cursor', message);
    for (const limit of [0, 1001, 2.5]) {
      expectInvalid(
        venue.orderFills('taker', taker.id, { limit }),
        'limit',
        'limit must be an integer from 1 to 1000',
      );
    }
    expectInvalid(
      venue.orderFills('taker', taker.id, { page: 2 } as never),
      'page',
      'unknown field page',
    );
    for (const [account, id] of [
      ['maker', taker.id],
      ['taker', 'ord_999999'],
      ['taker', 'x'],
    ]) {
      expect(venue.orderFills(account!, id!)).toEqual({
        ok: false,
        error: { code: 'order_not_found', message: `no order ${id} for this account` },
      });
    }
  });
});
