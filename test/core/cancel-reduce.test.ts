import { describe, expect, it } from 'vitest';
import { validateVenueState } from '../../src/index.js';
import {
  expectError,
  expectedOrder,
  expectInvalid,
  expectNoChange,
  limit,
  makeVenue,
  market,
  plain,
  unwrap,
} from './helpers.js';

describe('cancelOrder', () => {
  it('cancels an open order and takes it off the book', () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1');
    expect(plain(unwrap(venue.cancelOrder('alice', order.id)))).toEqual(
      expectedOrder({
        id: 'ord_1',
        price: '100.00',
        remainingSize: '0.00000000',
        status: 'cancelled',
      }),
    );
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('cancels a partially filled order and keeps its filled size', () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1');
    market(venue, 'sell', '0.25', { account: 'bob' });
    expect(plain(unwrap(venue.cancelOrder('alice', order.id)))).toEqual(
      expectedOrder({
        id: 'ord_1',
        price: '100.00',
        filledSize: '0.25000000',
        remainingSize: '0.00000000',
        averagePrice: '100.00',
        status: 'cancelled',
        fills: [{ tradeId: 't_1', price: '100.00', size: '0.25000000' }],
      }),
    );
  });

  it('refuses final orders with order_not_open', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    const filled = limit(venue, 'buy', '100.00', '0.5');
    const expired = market(venue, 'buy', '0.1', { symbol: 'ETH-USD' });
    const rejected = limit(venue, 'buy', '100.00', '0.1', { postOnly: true });
    const cancelled = limit(venue, 'buy', '99.00', '1');
    unwrap(venue.cancelOrder('alice', cancelled.id));
    for (const [order, status] of [
      [filled, 'filled'],
      [expired, 'expired'],
      [rejected, 'rejected'],
      [cancelled, 'cancelled'],
    ] as const) {
      expectError(
        expectNoChange(venue, () => venue.cancelOrder('alice', order.id)),
        { code: 'order_not_open', message: `order ${order.id} is ${status}` },
      );
    }
  });

  it.each(['ord_99', 'ord_0', 'ord_01', 'ord_', 'abc', ''])(
    'answers order_not_found for the id %j',
    (id) => {
      const { venue } = makeVenue();
      limit(venue, 'buy', '100.00', '1');
      expectError(
        expectNoChange(venue, () => venue.cancelOrder('alice', id)),
        { code: 'order_not_found', message: `no order ${id} for this account` },
      );
    },
  );

  it("answers order_not_found for another account's order", () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1');
    expectError(
      expectNoChange(venue, () => venue.cancelOrder('bob', order.id)),
      { code: 'order_not_found', message: 'no order ord_1 for this account' },
    );
  });
});

describe('reduceOrder', () => {
  it('takes size off the remaining and keeps time priority', () => {
    const { venue } = makeVenue();
    const first = limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    const second = limit(venue, 'sell', '100.00', '1', { account: 'carol' });
    expect(plain(unwrap(venue.reduceOrder('bob', first.id, '0.4')))).toEqual(
      expectedOrder({
        id: 'ord_1',
        account: 'bob',
        side: 'sell',
        price: '100.00',
        remainingSize: '0.60000000',
      }),
    );
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([['100.00', '1.60000000']]);
    const taker = market(venue, 'buy', '0.7');
    expect(unwrap(venue.trades('BTC-USD')).map((t) => [t.makerOrderId, t.size])).toEqual([
      [second.id, '0.10000000'],
      [first.id, '0.60000000'],
    ]);
    expect(taker.status).toBe('filled');
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('keeps a partially filled order partially filled', () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    market(venue, 'buy', '0.5');
    const reduced = plain(unwrap(venue.reduceOrder('bob', order.id, '0.2')));
    expect([reduced.status, reduced.filledSize, reduced.remainingSize]).toEqual([
      'partially_filled',
      '0.50000000',
      '0.30000000',
    ]);
  });

  it('ends filled when what is left after a reduce fills', () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'sell', '100.00', '1', { account: 'bob' });
    unwrap(venue.reduceOrder('bob', order.id, '0.4'));
    market(venue, 'buy', '0.6');
    const filled = plain(unwrap(venue.getOrder('bob', order.id)));
    expect([filled.status, filled.size, filled.filledSize, filled.remainingSize]).toEqual([
      'filled',
      '1.00000000',
      '0.60000000',
      '0.00000000',
    ]);
  });

  it.each(['1', '2'])('cancels when reducing by %s of a remaining 1', (size) => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1');
    expect(plain(unwrap(venue.reduceOrder('alice', order.id, size)))).toEqual(
      expectedOrder({
        id: 'ord_1',
        price: '100.00',
        remainingSize: '0.00000000',
        status: 'cancelled',
      }),
    );
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it.each<[unknown, string]>([
    ['0', 'size must be positive'],
    ['0.000000001', 'size must be a multiple of the lot size 0.00000001'],
    ['-1', 'size must be a decimal string like "1.5" (no sign, exponent or spaces)'],
    ['1e-1', 'size must be a decimal string like "1.5" (no sign, exponent or spaces)'],
    [0.5, 'size must be a decimal string'],
  ])('refuses the size %j', (size, message) => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1');
    expectInvalid(
      expectNoChange(venue, () => venue.reduceOrder('alice', order.id, size as never)),
      'size',
      message,
    );
  });

  it('refuses final, unknown and foreign orders like cancel does', () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1');
    expectError(
      expectNoChange(venue, () => venue.reduceOrder('bob', order.id, '0.1')),
      { code: 'order_not_found', message: 'no order ord_1 for this account' },
    );
    unwrap(venue.cancelOrder('alice', order.id));
    expectError(
      expectNoChange(venue, () => venue.reduceOrder('alice', order.id, 'bad')),
      { code: 'order_not_open', message: 'order ord_1 is cancelled' },
    );
  });
});

describe('cancel, reduce and amend through the string API', () => {
  it('look the order up once: the core acts on the slot the venue found', () => {
    const { venue } = makeVenue();
    const orders = venue.core.orders;
    const slotOf = orders.slot.bind(orders);
    let lookups = 0;
    orders.slot = (sequence) => {
      lookups++;
      return slotOf(sequence);
    };
    const first = limit(venue, 'buy', '100.00', '1');
    const second = limit(venue, 'buy', '99.00', '1');
    lookups = 0;
    unwrap(venue.reduceOrder('alice', first.id, '0.5'));
    unwrap(venue.amendOrder('alice', first.id, { price: '101.00' }));
    unwrap(venue.cancelOrder('alice', second.id));
    expect(lookups).toBe(3);
  });

  it('answer the order before its size or price, as the core does', () => {
    const { venue } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1');
    expectError(
      expectNoChange(venue, () => venue.amendOrder('bob', order.id, { size: 'bad' })),
      { code: 'order_not_found', message: 'no order ord_1 for this account' },
    );
    unwrap(venue.cancelOrder('alice', order.id));
    expectError(
      expectNoChange(venue, () => venue.amendOrder('alice', order.id, { price: '0' })),
      { code: 'order_not_open', message: 'order ord_1 is cancelled' },
    );
  });
});
