import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  SeededRandom,
  Venue,
  validateVenueState,
  type OrderRecord,
  type Result,
} from '../../src/index.js';
import {
  START_MS,
  expectError,
  expectedOrder,
  expectInvalid,
  limit,
  makeVenue,
  market,
  plain,
  unwrap,
} from './helpers.js';

/** Alice: ord_1 BTC open, ord_2 ETH open, ord_4 BTC filled (against Bob's ord_3), ord_5 ETH expired. */
function venueWithOrders() {
  const { venue, clock } = makeVenue();
  limit(venue, 'buy', '90.00', '1');
  clock.now += 1;
  limit(venue, 'buy', '90.00', '1', { symbol: 'ETH-USD' });
  limit(venue, 'sell', '100.00', '1', { account: 'bob' });
  market(venue, 'buy', '1');
  market(venue, 'buy', '1', { symbol: 'ETH-USD' });
  return venue;
}

const ids = (result: Result<OrderRecord[]>) => unwrap(result).map(({ id }) => id);

describe('getOrder', () => {
  it('answers the current record of an own order', () => {
    const venue = venueWithOrders();
    expect(plain(unwrap(venue.getOrder('bob', 'ord_3')))).toEqual(
      expectedOrder({
        id: 'ord_3',
        account: 'bob',
        side: 'sell',
        price: '100.00',
        filledSize: '1.00000000',
        remainingSize: '0.00000000',
        averagePrice: '100.00',
        status: 'filled',
        createdAt: START_MS + 1,
        fills: [{ tradeId: 't_1', price: '100.00', size: '1.00000000' }],
      }),
    );
  });

  it("hides another account's order", () => {
    const venue = venueWithOrders();
    expectError(venue.getOrder('alice', 'ord_3'), {
      code: 'order_not_found',
      message: 'no order ord_3 for this account',
    });
    expectError(venue.getOrder('alice', 'ord_6'), {
      code: 'order_not_found',
      message: 'no order ord_6 for this account',
    });
  });

  it('returns records that do not change afterwards', () => {
    const { venue } = makeVenue();
    const record = unwrap(
      venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        size: '1',
        price: '1.00',
      }),
    );
    market(venue, 'sell', '0.5', { account: 'bob' });
    expect([record.status, record.filledSize, record.fills]).toEqual(['open', '0.00000000', []]);
  });
});

describe('listOrders', () => {
  it('lists own orders newest first', () => {
    const venue = venueWithOrders();
    expect(ids(venue.listOrders('alice'))).toEqual(['ord_5', 'ord_4', 'ord_2', 'ord_1']);
    expect(ids(venue.listOrders('bob'))).toEqual(['ord_3']);
    expect(ids(venue.listOrders('nobody'))).toEqual([]);
  });

  it('filters by symbol, status and limit', () => {
    const venue = venueWithOrders();
    expect(ids(venue.listOrders('alice', { symbol: 'ETH-USD' }))).toEqual(['ord_5', 'ord_2']);
    expect(ids(venue.listOrders('alice', { status: 'open' }))).toEqual(['ord_2', 'ord_1']);
    expect(ids(venue.listOrders('alice', { symbol: 'BTC-USD', status: 'filled' }))).toEqual([
      'ord_4',
    ]);
    expect(ids(venue.listOrders('alice', { status: 'cancelled' }))).toEqual([]);
    expect(ids(venue.listOrders('alice', { limit: 3 }))).toEqual(['ord_5', 'ord_4', 'ord_2']);
    expect(ids(venue.listOrders('alice', { status: 'open', limit: 1 }))).toEqual(['ord_2']);
    expect(ids(venue.listOrders('alice', { limit: 1000 }))).toHaveLength(4);
  });

  it('answers whole records', () => {
    const venue = venueWithOrders();
    expect(
      plain(unwrap(venue.listOrders('alice', { symbol: 'ETH-USD', status: 'expired' }))),
    ).toEqual([
      expectedOrder({
        id: 'ord_5',
        symbol: 'ETH-USD',
        type: 'market',
        size: '1.0000',
        filledSize: '0.0000',
        remainingSize: '0.0000',
        status: 'expired',
        timeInForce: 'ioc',
        createdAt: START_MS + 1,
      }),
    ]);
  });

  it.each([0, 1001, 1.5, -1, Number.NaN])('refuses the limit %s', (value) => {
    const venue = venueWithOrders();
    expectInvalid(
      venue.listOrders('alice', { limit: value }),
      'limit',
      'limit must be an integer from 1 to 1000',
    );
  });

  it('refuses an unknown status and bad symbols', () => {
    const venue = venueWithOrders();
    expectInvalid(
      venue.listOrders('alice', { status: 'done' as never }),
      'status',
      'status must be one of open, partially_filled, filled, cancelled, expired, rejected, pending',
    );
    expectInvalid(
      venue.listOrders('alice', { symbol: 'eth' }),
      'symbol',
      'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9',
    );
    expectError(venue.listOrders('alice', { symbol: 'XRP-USD' }), {
      code: 'unknown_symbol',
      field: 'symbol',
      message: 'symbol XRP-USD is not listed',
    });
  });
});

describe('listing cost', () => {
  it('lists the one open order among 50,000 filled ones visiting a bounded number of entries', () => {
    const { venue } = makeVenue([{ symbol: 'LIST-USD', tickSize: '0.01', lotSize: '1' }]);
    const request = { account: 'a', symbol: 'LIST-USD', size: '1' } as const;
    const open = unwrap(
      venue.placeOrder({ ...request, side: 'buy', type: 'limit', price: '1.00' }),
    );
    for (let i = 0; i < 50_000; i++) {
      unwrap(
        venue.placeOrder({ ...request, account: 'b', side: 'sell', type: 'limit', price: '9.00' }),
      );
      unwrap(venue.placeOrder({ ...request, side: 'buy', type: 'market' }));
    }
    const { orders } = venue.internals();
    const cost = (list: () => unknown[]): [number, number] => {
      const before = orders.listReads;
      const length = list().length;
      return [length, orders.listReads - before];
    };
    const [found, reads] = cost(() => unwrap(venue.listOrders('a', { status: 'open' })));
    expect(found).toBe(1);
    expect(reads).toBeLessThanOrEqual(8);
    const bySymbol = () => unwrap(venue.listOrders('a', { symbol: 'LIST-USD', status: 'open' }));
    expect(bySymbol().map((order) => order.id)).toEqual([open.id]);
    expect(cost(() => unwrap(venue.listOrders('a', { status: 'cancelled' })))).toEqual([0, 0]);
    const [filled, filledReads] = cost(() =>
      unwrap(venue.listOrders('a', { status: 'filled', limit: 10 })),
    );
    expect([filled, filledReads]).toEqual([10, 10]);
    expect(
      unwrap(venue.listOrders('b', { limit: 2 })).map((order) => [order.id, order.status]),
    ).toEqual([
      ['ord_100000', 'filled'],
      ['ord_99998', 'filled'],
    ]);
    unwrap(venue.cancelOrder('a', open.id));
    expect(unwrap(venue.listOrders('a', { status: 'open' }))).toEqual([]);
    expect(unwrap(venue.listOrders('a', { status: 'cancelled' })).map((order) => order.id)).toEqual(
      [open.id],
    );
    expect(validateVenueState(venue)).toEqual([]);
  });
});

describe('listings after many status changes', () => {
  it('agree with every remembered order, through forgetting and renumbering (seed 5)', () => {
    listingsAgree((step) => step % 3000 === 0 || step === 7);
  });

  it('agree when the first listing comes after thousands of orders were forgotten (seed 5)', () => {
    listingsAgree((step) => step % 6000 === 0);
  });
});

/** Random orders and cancels on a venue keeping 300 final orders, listings checked at `checkAt`. */
function listingsAgree(checkAt: (step: number) => boolean): void {
  const venue = unwrap(Venue.create({ clock: () => START_MS, orderRetention: 300 }));
  const random = new SeededRandom(5);
  const accounts = ['a', 'b', 'c'];
  const symbols = ['BTC-USD', 'ETH-USD'];
  let placed = 0;
  const check = () => {
    for (const account of accounts) {
      const remembered: OrderRecord[] = [];
      for (let n = placed; n >= 1; n--) {
        const found = venue.getOrder(account, `ord_${n}`);
        if (found.ok) remembered.push(found.value);
      }
      for (const symbol of [undefined, ...symbols]) {
        for (const status of [undefined, ...ORDER_STATUSES]) {
          const expected = remembered
            .filter((order) => symbol === undefined || order.symbol === symbol)
            .filter((order) => status === undefined || order.status === status)
            .map((order) => order.id);
          const filter = { ...(symbol ? { symbol } : {}), ...(status ? { status } : {}) };
          expect(ids(venue.listOrders(account, filter))).toEqual(expected);
        }
      }
    }
    expect(validateVenueState(venue)).toEqual([]);
  };
  for (let step = 1; step <= 12_000; step++) {
    const account = accounts[random.int(0, 2)]!;
    const symbol = symbols[random.int(0, 1)]!;
    const side = random.int(0, 1) === 0 ? 'buy' : 'sell';
    if (random.int(0, 9) < 2 && placed > 0) {
      venue.cancelOrder(account, `ord_${random.int(1, placed)}`);
    } else {
      const price = String(100 + random.int(-5, 5)) + '.00';
      const type = random.int(0, 4) === 0 ? 'market' : 'limit';
      const request = { account, symbol, side, type, size: '1' } as const;
      unwrap(venue.placeOrder(type === 'market' ? request : { ...request, price }));
      placed++;
    }
    if (checkAt(step)) check();
  }
}
