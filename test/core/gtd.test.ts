import { describe, expect, it } from 'vitest';
import {
  REFUSED_EXPIRE_AT,
  REFUSED_TIME_IN_FORCE,
  SIDE_BUY,
  STATUS_EXPIRED,
  STATUS_OPEN,
  TIF_GTC,
  TIF_GTD,
  TYPE_LIMIT,
  TYPE_MARKET,
  validateVenueState,
} from '../../src/index.js';
import {
  START_MS,
  aliceOrder,
  eventSummary,
  expectInvalid,
  limit,
  makeVenue,
  market,
  plain,
  recordEvents,
  unwrap,
} from './helpers.js';
import { placeOrder } from './core-commands.js';

const gtd = (expireAt: number) => ({ timeInForce: 'gtd' as const, expireAt });

describe('gtd orders', () => {
  it('rest until the clock reaches expire_at, then expire with an event', () => {
    const { venue, clock } = makeVenue();
    const order = limit(venue, 'buy', '100.00', '1', gtd(START_MS + 1000));
    expect(order).toMatchObject({ status: 'open', timeInForce: 'gtd', expireAt: START_MS + 1000 });
    const events = recordEvents(venue);
    clock.now = START_MS + 999;
    expect(unwrap(venue.getOrder('alice', 'ord_1')).status).toBe('open');
    clock.now = START_MS + 1000;
    expect(plain(unwrap(venue.getOrder('alice', 'ord_1')))).toMatchObject({
      status: 'expired',
      remainingSize: '0.00000000',
      reason: 'expire_at_reached',
    });
    expect(eventSummary(events)).toEqual([
      'order ord_1 expired 0.00000000/0.00000000 expire_at_reached',
      'book buy 100.00 0.00000000',
    ]);
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('expire before the command that comes at their time, earliest first, then by sequence', () => {
    const { venue, clock } = makeVenue();
    limit(venue, 'buy', '100.00', '1', gtd(START_MS + 2000)); // ord_1
    limit(venue, 'buy', '100.00', '1', { account: 'bob', ...gtd(START_MS + 1000) }); // ord_2
    limit(venue, 'buy', '99.00', '1', gtd(START_MS + 1000)); // ord_3
    const events = recordEvents(venue);
    clock.now = START_MS + 5000;
    const taker = market(venue, 'sell', '1', { account: 'carol' });
    expect(taker).toMatchObject({ status: 'expired', filledSize: '0.00000000' });
    expect(eventSummary(events)).toEqual([
      'order ord_2 expired 0.00000000/0.00000000 expire_at_reached',
      'book buy 100.00 1.00000000',
      'order ord_3 expired 0.00000000/0.00000000 expire_at_reached',
      'book buy 99.00 0.00000000',
      'order ord_1 expired 0.00000000/0.00000000 expire_at_reached',
      'book buy 100.00 0.00000000',
      'order ord_4 expired 0.00000000/0.00000000',
    ]);
  });

  it('a partially filled gtd order keeps its fills; a filled one does not expire', () => {
    const { venue, clock } = makeVenue();
    limit(venue, 'buy', '100.00', '1', gtd(START_MS + 10)); // ord_1
    limit(venue, 'buy', '100.00', '1', { account: 'bob', ...gtd(START_MS + 10) }); // ord_2
    market(venue, 'sell', '1.5', { account: 'carol' });
    clock.now = START_MS + 10;
    expect(unwrap(venue.listOrders('alice'))[0]).toMatchObject({ status: 'filled' });
    expect(unwrap(venue.getOrder('bob', 'ord_2'))).toMatchObject({
      status: 'expired',
      filledSize: '0.50000000',
      reason: 'expire_at_reached',
    });
  });

  it('a pending gtd stop expires too', () => {
    const { venue, clock } = makeVenue();
    limit(venue, 'buy', '100.00', '1', { stopPrice: '105.00', ...gtd(START_MS + 10) });
    clock.now = START_MS + 10;
    expect(unwrap(venue.getOrder('alice', 'ord_1'))).toMatchObject({
      status: 'expired',
      reason: 'expire_at_reached',
    });
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('refuses a missing, misplaced or past expire_at', () => {
    const { venue } = makeVenue();
    const request = aliceOrder({ price: '1.00' });
    expectInvalid(
      venue.placeOrder({ ...request, timeInForce: 'gtd' }),
      'expire_at',
      'expire_at is required for gtd orders',
    );
    expectInvalid(
      venue.placeOrder({ ...request, expireAt: START_MS + 1 }),
      'expire_at',
      'expire_at is for gtd orders only',
    );
    expectInvalid(
      venue.placeOrder({ ...request, ...gtd(START_MS) }),
      'expire_at',
      "expire_at must be later than the venue's time",
    );
    expectInvalid(
      venue.placeOrder({ ...request, ...gtd(1.5) }),
      'expire_at',
      'expire_at must be milliseconds since the epoch',
    );
    expectInvalid(
      venue.placeOrder(aliceOrder({ type: 'market', ...gtd(START_MS + 1) })),
      'time_in_force',
      'time_in_force is for limit orders only',
    );
  });

  it('works through the numeric path', () => {
    const { venue, clock } = makeVenue();
    const { core } = venue;
    const alice = core.accountId('alice');
    const args = [alice, 0, SIDE_BUY, TYPE_LIMIT] as const;
    expect(placeOrder(core, ...args, TIF_GTD, 0, 100, 1)).toBe(REFUSED_EXPIRE_AT);
    expect(placeOrder(core, ...args, TIF_GTC, 0, 100, 1, null, 0, 0, START_MS + 5)).toBe(
      REFUSED_EXPIRE_AT,
    );
    expect(placeOrder(core, alice, 0, SIDE_BUY, TYPE_MARKET, TIF_GTD, 0, 0, 1)).toBe(
      REFUSED_TIME_IN_FORCE,
    );
    const order = placeOrder(core, ...args, TIF_GTD, 0, 100, 1, null, 0, 0, START_MS + 5);
    expect(core.orderStatus(order)).toBe(STATUS_OPEN);
    expect(core.nextExpiry()).toBe(START_MS + 5);
    clock.now = START_MS + 5;
    expect(core.orderStatus(order)).toBe(STATUS_EXPIRED);
  });
});
