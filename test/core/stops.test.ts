import { describe, expect, it } from 'vitest';
import {
  REFUSED_STOP_PRICE,
  SIDE_BUY,
  STATUS_FILLED,
  STATUS_PENDING,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  validateVenueState,
} from '../../src/index.js';
import {
  eventSummary,
  expectedOrder,
  aliceOrder,
  expectInvalid,
  limit,
  makeVenue,
  market,
  place,
  plain,
  recordEvents,
  tradeSummary,
  unwrap,
} from './helpers.js';
import { placeOrder } from './core-commands.js';

/** Bob's asks of 1 at each price, ord_1, ord_2, ... */
function venueWithAsks(...prices: string[]) {
  const made = makeVenue();
  for (const price of prices) limit(made.venue, 'sell', price, '1', { account: 'bob' });
  return made;
}

describe('stop orders', () => {
  it('wait as pending before any trade; get, list and cancel work on them', () => {
    const { venue } = makeVenue();
    const stop = market(venue, 'buy', '1', { stopPrice: '101.00' });
    const pending = expectedOrder({
      id: 'ord_1',
      type: 'market',
      timeInForce: 'ioc',
      status: 'pending',
      stopPrice: '101.00',
    });
    expect(stop).toEqual(pending);
    expect(plain(unwrap(venue.getOrder('alice', 'ord_1')))).toEqual(pending);
    expect(plain(unwrap(venue.listOrders('alice', { status: 'pending' })))).toEqual([pending]);
    expect(unwrap(venue.orderBook('BTC-USD')).bids).toEqual([]);
    expect(plain(unwrap(venue.cancelOrder('alice', 'ord_1')))).toEqual({
      ...pending,
      status: 'cancelled',
      remainingSize: '0.00000000',
    });
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('a buy stop triggers on a trade at or above its stop price, not below', () => {
    const { venue } = venueWithAsks('100.00', '101.00', '102.00');
    market(venue, 'buy', '1', { stopPrice: '101.00' }); // ord_4
    market(venue, 'buy', '1', { account: 'carol' }); // trades at 100.00
    expect(unwrap(venue.getOrder('alice', 'ord_4')).status).toBe('pending');
    market(venue, 'buy', '1', { account: 'carol' }); // trades at 101.00: ord_4 triggers
    expect(tradeSummary(venue)).toEqual([
      'ord_1<-ord_5 @100.00 1.00000000',
      'ord_2<-ord_6 @101.00 1.00000000',
      'ord_3<-ord_4 @102.00 1.00000000',
    ]);
    expect(plain(unwrap(venue.getOrder('alice', 'ord_4')))).toMatchObject({
      status: 'filled',
      filledSize: '1.00000000',
      averagePrice: '102.00',
      stopPrice: '101.00',
    });
    expect(validateVenueState(venue)).toEqual([]);
  });

  it("is triggered by the account's own trade, within the same command", () => {
    const { venue } = venueWithAsks('100.00', '101.00');
    market(venue, 'buy', '1', { stopPrice: '100.00' }); // ord_3
    const events = recordEvents(venue);
    const own = limit(venue, 'buy', '100.00', '1'); // ord_4 trades at 100.00
    expect(own.status).toBe('filled');
    expect(eventSummary(events)).toEqual([
      'trade t_1 ord_1<-ord_4 @100.00',
      'order ord_1 filled 1.00000000/0.00000000',
      'book sell 100.00 0.00000000',
      'order ord_4 filled 1.00000000/0.00000000',
      'trade t_2 ord_2<-ord_3 @101.00',
      'order ord_2 filled 1.00000000/0.00000000',
      'book sell 101.00 0.00000000',
      'order ord_3 filled 1.00000000/0.00000000',
    ]);
  });

  it('cascade: a triggered stop that trades can trigger the next', () => {
    const { venue } = venueWithAsks('100.00', '101.00', '102.00', '103.00');
    market(venue, 'buy', '1', { stopPrice: '101.00' }); // ord_5
    market(venue, 'buy', '1', { account: 'bob', stopPrice: '102.00' }); // ord_6
    market(venue, 'buy', '2', { account: 'carol' }); // ord_7: 100.00, 101.00
    expect(tradeSummary(venue)).toEqual([
      'ord_1<-ord_7 @100.00 1.00000000',
      'ord_2<-ord_7 @101.00 1.00000000',
      'ord_3<-ord_5 @102.00 1.00000000',
      'ord_4<-ord_6 @103.00 1.00000000',
    ]);
  });

  it('run in trigger order: the stop price the trade reached first, then placement', () => {
    const { venue } = makeVenue();
    limit(venue, 'sell', '100.00', '1', { account: 'bob' }); // ord_1
    limit(venue, 'sell', '101.00', '1', { account: 'bob' }); // ord_2
    limit(venue, 'sell', '102.00', '3', { account: 'bob' }); // ord_3
    market(venue, 'buy', '1', { stopPrice: '101.00' }); // ord_4
    market(venue, 'buy', '1', { account: 'bob', stopPrice: '100.50' }); // ord_5
    market(venue, 'buy', '1', { account: 'carol', stopPrice: '100.50' }); // ord_6
    market(venue, 'buy', '2', { account: 'dave' }); // ord_7: last price 101.00
    expect(tradeSummary(venue).slice(2)).toEqual([
      'ord_3<-ord_5 @102.00 1.00000000',
      'ord_3<-ord_6 @102.00 1.00000000',
      'ord_3<-ord_4 @102.00 1.00000000',
    ]);
  });

  it('a sell stop triggers at or below; one already due when placed runs at once', () => {
    const { venue } = makeVenue();
    limit(venue, 'buy', '100.00', '1', { account: 'bob' }); // ord_1
    limit(venue, 'buy', '99.00', '1', { account: 'bob' }); // ord_2
    market(venue, 'sell', '0.5', { account: 'carol' }); // ord_3: last 100.00
    const stop = market(venue, 'sell', '0.5', { stopPrice: '100.00' }); // ord_4: due now
    expect(stop).toMatchObject({ status: 'filled', averagePrice: '100.00' });
    const waiting = market(venue, 'sell', '1', { stopPrice: '99.50' }); // ord_5
    expect(waiting.status).toBe('pending');
    market(venue, 'sell', '0.5', { account: 'carol' }); // ord_6 trades at 99.00
    expect(tradeSummary(venue).slice(2)).toEqual([
      'ord_2<-ord_6 @99.00 0.50000000',
      'ord_2<-ord_5 @99.00 0.50000000',
    ]);
    expect(unwrap(venue.getOrder('alice', 'ord_5'))).toMatchObject({
      status: 'expired',
      filledSize: '0.50000000',
    });
  });

  it('a triggered stop-limit rests behind the orders placed before its trigger', () => {
    const { venue } = venueWithAsks('101.00');
    limit(venue, 'buy', '99.00', '1', { stopPrice: '101.00' }); // ord_2
    limit(venue, 'buy', '99.00', '1', { account: 'bob' }); // ord_3
    market(venue, 'buy', '1', { account: 'carol' }); // ord_4 at 101.00: ord_2 rests
    expect(unwrap(venue.getOrder('alice', 'ord_2')).status).toBe('open');
    expect(validateVenueState(venue)).toEqual([]);
    market(venue, 'sell', '1', { account: 'carol' }); // ord_5 meets ord_3 first
    expect(tradeSummary(venue)[1]).toBe('ord_3<-ord_5 @99.00 1.00000000');
  });

  it('refuses a stop price off the tick, through both APIs', () => {
    const { venue } = makeVenue();
    expectInvalid(
      venue.placeOrder(aliceOrder({ type: 'market', stopPrice: '100.001' })),
      'stop_price',
      'stop_price must be a multiple of the tick size 0.01',
    );
    const { core } = venue;
    const alice = core.accountId('alice');
    expect(placeOrder(core, alice, 0, SIDE_BUY, TYPE_MARKET, TIF_IOC, 0, 0, 1, null, 0.5)).toBe(
      REFUSED_STOP_PRICE,
    );
  });

  it('work through the numeric path: pending, then triggered', () => {
    const { venue } = venueWithAsks('100.00', '101.00');
    const { core } = venue;
    const alice = core.accountId('alice');
    const stop = placeOrder(
      core,
      alice,
      0,
      SIDE_BUY,
      TYPE_LIMIT,
      TIF_GTC,
      0,
      10_100,
      1e8,
      null,
      10_000,
    );
    expect(core.orderStatus(stop)).toBe(STATUS_PENDING);
    place(venue, { account: 'carol', type: 'market', size: '1' });
    expect(core.orderStatus(stop)).toBe(STATUS_FILLED);
    expect(unwrap(venue.getOrder('alice', `ord_${stop}`)).averagePrice).toBe('101.00');
  });
});
