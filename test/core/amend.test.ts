import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  REFUSED_ORDER_NOT_OPEN,
  REFUSED_POST_ONLY_WOULD_TAKE,
  REFUSED_PRICE,
  REFUSED_SIZE,
  validateVenueState,
} from '../../src/index.js';
import {
  eventSummary,
  expectError,
  expectInvalid,
  expectNoChange,
  limit,
  makeVenue,
  market,
  plain,
  recordEvents,
  tradeSummary,
  unwrap,
} from './helpers.js';
import { amendOrder, cancelOrder } from './core-commands.js';
import type { Sequence } from '../../src/quantities.js';

/** Bids at 100.00: alice 2 (ord_1), then bob 1 (ord_2). */
function venueWithBids() {
  const made = makeVenue();
  limit(made.venue, 'buy', '100.00', '2');
  limit(made.venue, 'buy', '100.00', '1', { account: 'bob' });
  return made;
}

describe('amendOrder', () => {
  it('a smaller size keeps time priority', () => {
    const { venue } = venueWithBids();
    const events = recordEvents(venue);
    expect(plain(unwrap(venue.amendOrder('alice', 'ord_1', { size: '1' })))).toMatchObject({
      size: '1.00000000',
      remainingSize: '1.00000000',
      status: 'open',
    });
    expect(eventSummary(events)).toEqual([
      'order ord_1 open 0.00000000/1.00000000',
      'book buy 100.00 2.00000000',
    ]);
    market(venue, 'sell', '1', { account: 'carol' });
    expect(tradeSummary(venue)).toEqual(['ord_1<-ord_3 @100.00 1.00000000']);
  });

  it('a larger size loses it', () => {
    const { venue } = venueWithBids();
    unwrap(venue.amendOrder('alice', 'ord_1', { size: '3' }));
    expect(validateVenueState(venue)).toEqual([]);
    market(venue, 'sell', '1', { account: 'carol' });
    expect(tradeSummary(venue)).toEqual(['ord_2<-ord_3 @100.00 1.00000000']);
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([['100.00', '3.00000000']]);
  });

  it('a price change loses it, even back to the old price', () => {
    const { venue } = venueWithBids();
    unwrap(venue.amendOrder('alice', 'ord_1', { price: '99.00' }));
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([
      ['100.00', '1.00000000'],
      ['99.00', '2.00000000'],
    ]);
    unwrap(venue.amendOrder('alice', 'ord_1', { price: '100.00' }));
    market(venue, 'sell', '1', { account: 'carol' });
    expect(tradeSummary(venue)).toEqual(['ord_2<-ord_3 @100.00 1.00000000']);
  });

  it('a crossing amend matches like a new order, then rests the rest', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '99.00', '2'); // ord_1
    limit(venue, 'sell', '100.00', '1', { account: 'bob' }); // ord_2
    const events = recordEvents(venue);
    expect(plain(unwrap(venue.amendOrder('alice', 'ord_1', { price: '100.00' })))).toMatchObject({
      status: 'partially_filled',
      price: '100.00',
      filledSize: '1.00000000',
    });
    expect(eventSummary(events)).toEqual([
      'book buy 99.00 0.00000000',
      'trade t_1 ord_2<-ord_1 @100.00',
      'order ord_2 filled 1.00000000/0.00000000',
      'book sell 100.00 0.00000000',
      'order ord_1 partially_filled 1.00000000/1.00000000',
      'book buy 100.00 1.00000000',
    ]);
  });

  it('sets the size including the filled size, which it must stay above', () => {
    const { venue } = venueWithBids();
    market(venue, 'sell', '0.5', { account: 'carol' });
    expectInvalid(
      venue.amendOrder('alice', 'ord_1', { size: '0.5' }),
      'size',
      'size must be more than the filled size 0.50000000',
    );
    expect(plain(unwrap(venue.amendOrder('alice', 'ord_1', { size: '0.75' })))).toMatchObject({
      size: '0.75000000',
      filledSize: '0.50000000',
      remainingSize: '0.25000000',
      status: 'partially_filled',
    });
  });

  it('refuses nothing to change, a market price, and final orders', () => {
    const { venue } = venueWithBids();
    expectNoChange(venue, () => venue.amendOrder('alice', 'ord_1', {}));
    expectInvalid(venue.amendOrder('alice', 'ord_1', {}), 'size', 'size or price is required');
    expectInvalid(
      venue.amendOrder('alice', 'ord_1', { price: '1.001' }),
      'price',
      'price must be a multiple of the tick size 0.01',
    );
    expectInvalid(
      venue.amendOrder('alice', 'ord_1', { colour: 'red' } as never),
      'colour',
      'unknown field colour',
    );
    unwrap(venue.cancelOrder('alice', 'ord_1'));
    expectError(venue.amendOrder('alice', 'ord_1', { size: '1' }), {
      code: 'order_not_open',
      message: 'order ord_1 is cancelled',
    });
    expectError(venue.amendOrder('bob', 'ord_1', { size: '1' }), {
      code: 'order_not_found',
      message: 'no order ord_1 for this account',
    });
    const stop = market(venue, 'buy', '1', { stopPrice: '200.00' });
    expectInvalid(
      venue.amendOrder('alice', stop.id, { price: '1.00' }),
      'price',
      'price is refused for market orders',
    );
  });

  it('changes a pending stop in place', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '99.00', '1', { stopPrice: '101.00' });
    expect(
      plain(unwrap(venue.amendOrder('alice', 'ord_1', { size: '2', price: '98.00' }))),
    ).toMatchObject({ status: 'pending', size: '2.00000000', price: '98.00' });
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('works through the numeric path', () => {
    const { venue } = venueWithBids();
    const { core } = venue;
    const alice = core.accountId('alice');
    expect(amendOrder(core, alice, 1, 0, 0)).toBe(REFUSED_SIZE);
    expect(amendOrder(core, alice, 1, 0.5, 0)).toBe(REFUSED_SIZE);
    expect(amendOrder(core, alice, 1, 0, -1)).toBe(REFUSED_PRICE);
    expect(amendOrder(core, alice, 1, 1e8, 0)).toBe(1);
    expect(core.remainingLots(1 as Sequence)).toBe(1e8);
    expect(amendOrder(core, alice, 1, 0, 9_900)).toBe(1);
    expect(unwrap(venue.orderBook('BTC-USD')).bids[1]).toEqual(['99.00', '1.00000000']);
    cancelOrder(core, alice, 1);
    expect(amendOrder(core, alice, 1, 1e8, 0)).toBe(REFUSED_ORDER_NOT_OPEN);
  });
});

describe('a post-only order amended to a price that would take liquidity', () => {
  const WOULD_TAKE = 'a post-only order cannot be amended to a price that would take liquidity';

  it('is refused and keeps resting as it was, part-filled or not (issue 31)', () => {
    const { venue } = makeVenue();
    const maker = limit(venue, 'sell', '10.00', '3', { postOnly: true });
    limit(venue, 'buy', '10.00', '1', { account: 'bob' });
    limit(venue, 'buy', '9.00', '5', { account: 'bob' });
    const refused = expectNoChange(venue, () =>
      venue.amendOrder('alice', maker.id, { price: '9.00' }),
    );
    expectInvalid(refused, 'price', WOULD_TAKE);
    expect(plain(unwrap(venue.getOrder('alice', maker.id)))).toMatchObject({
      price: '10.00',
      filledSize: '1.00000000',
      remainingSize: '2.00000000',
      status: 'partially_filled',
    });
    const untouched = limit(venue, 'sell', '11.00', '1', { postOnly: true });
    const crossing = expectNoChange(venue, () =>
      venue.amendOrder('alice', untouched.id, { price: '8.00', size: '2' }),
    );
    expectInvalid(crossing, 'price', WOULD_TAKE);
    // A price that does not cross is amended as usual.
    expect(unwrap(venue.amendOrder('alice', maker.id, { price: '9.50' })).status).toBe(
      'partially_filled',
    );
    const { core } = venue;
    const sequence = Number(untouched.id.slice('ord_'.length));
    expect(amendOrder(core, core.accountId('alice'), sequence, 0, 900)).toBe(
      REFUSED_POST_ONLY_WOULD_TAKE,
    );
  });

  it('validateVenueState reports a rejected order with fills (invariant 3)', () => {
    const { venue } = makeVenue();
    const maker = limit(venue, 'sell', '10.00', '3', { postOnly: true });
    limit(venue, 'buy', '10.00', '1', { account: 'bob' });
    const { store, orders } = venue.internals();
    const slot = orders.slot(Number(maker.id.slice('ord_'.length)) as Sequence);
    store.statusColumn[slot] = ORDER_STATUSES.indexOf('rejected');
    expect(validateVenueState(venue)).toContain(`${maker.id}: rejected but filled 100000000`);
  });
});
