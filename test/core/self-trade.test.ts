import { describe, expect, it } from 'vitest';
import {
  REFUSED_STP,
  SIDE_BUY,
  STP_CANCEL_MAKER,
  TIF_GTC,
  TYPE_LIMIT,
  Venue,
  validateVenueState,
  type SelfTradePrevention,
} from '../../src/index.js';
import {
  eventSummary,
  aliceOrder,
  expectInvalid,
  limit,
  makeVenue,
  ManualClock,
  plain,
  recordEvents,
  tradeSummary,
  unwrap,
} from './helpers.js';
import { placeOrder } from './core-commands.js';

/** Asks: bob 1 @ 100.00 (ord_1), alice 1 @ 100.00 (ord_2), bob 1 @ 101.00 (ord_3). */
function venueWithOwnAsk() {
  const made = makeVenue();
  limit(made.venue, 'sell', '100.00', '1', { account: 'bob' });
  limit(made.venue, 'sell', '100.00', '1');
  limit(made.venue, 'sell', '101.00', '1', { account: 'bob' });
  return made;
}

function buyThree(venue: Venue, stp: SelfTradePrevention) {
  return plain(unwrap(venue.placeOrder(aliceOrder({ price: '101.00', size: '3', stp }))));
}

describe('self-trade prevention', () => {
  it('none: the account trades with itself', () => {
    const { venue } = venueWithOwnAsk();
    expect(buyThree(venue, 'none')).toMatchObject({ status: 'filled', reason: null });
    expect(tradeSummary(venue)[1]).toBe('ord_2<-ord_4 @100.00 1.00000000');
  });

  it('cancel_taker: the taker expires at its own order, which stays', () => {
    const { venue } = venueWithOwnAsk();
    const events = recordEvents(venue);
    expect(buyThree(venue, 'cancel_taker')).toMatchObject({
      status: 'expired',
      filledSize: '1.00000000',
      remainingSize: '0.00000000',
      stp: 'cancel_taker',
      reason: 'self_trade_prevented',
    });
    expect(eventSummary(events)).toEqual([
      'trade t_1 ord_1<-ord_4 @100.00',
      'order ord_1 filled 1.00000000/0.00000000',
      'book sell 100.00 1.00000000',
      'order ord_4 expired 1.00000000/0.00000000 self_trade_prevented',
    ]);
    expect(unwrap(venue.getOrder('alice', 'ord_2')).status).toBe('open');
  });

  it('cancel_maker: its own order expires and the taker goes on', () => {
    const { venue } = venueWithOwnAsk();
    const events = recordEvents(venue);
    expect(buyThree(venue, 'cancel_maker')).toMatchObject({
      status: 'partially_filled',
      filledSize: '2.00000000',
      remainingSize: '1.00000000',
      reason: null,
    });
    expect(eventSummary(events)).toEqual([
      'trade t_1 ord_1<-ord_4 @100.00',
      'order ord_1 filled 1.00000000/0.00000000',
      'book sell 100.00 1.00000000',
      'order ord_2 expired 0.00000000/0.00000000 self_trade_prevented',
      'book sell 100.00 0.00000000',
      'trade t_2 ord_3<-ord_4 @101.00',
      'order ord_3 filled 1.00000000/0.00000000',
      'book sell 101.00 0.00000000',
      'order ord_4 partially_filled 2.00000000/1.00000000',
      'book buy 101.00 1.00000000',
    ]);
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('cancel_both: both expire', () => {
    const { venue } = venueWithOwnAsk();
    expect(buyThree(venue, 'cancel_both')).toMatchObject({
      status: 'expired',
      filledSize: '1.00000000',
      reason: 'self_trade_prevented',
    });
    expect(unwrap(venue.getOrder('alice', 'ord_2'))).toMatchObject({
      status: 'expired',
      reason: 'self_trade_prevented',
    });
    expect(unwrap(venue.orderBook('BTC-USD')).asks).toEqual([['101.00', '1.00000000']]);
  });

  it('fok counts only the liquidity matching would reach, and changes nothing when short', () => {
    const { venue } = venueWithOwnAsk();
    const order = unwrap(
      venue.placeOrder(
        aliceOrder({ price: '101.00', size: '2', timeInForce: 'fok', stp: 'cancel_taker' }),
      ),
    );
    expect(order.status).toBe('expired');
    expect(order.reason).toBeNull();
    expect(unwrap(venue.trades('BTC-USD'))).toEqual([]);
    const skipping = unwrap(
      venue.placeOrder(
        aliceOrder({ price: '101.00', size: '2', timeInForce: 'fok', stp: 'cancel_maker' }),
      ),
    );
    expect(skipping.status).toBe('filled');
  });

  it("the venue's default applies to orders that name none", () => {
    const clock = new ManualClock();
    const venue = unwrap(Venue.create({ clock: clock.read, selfTradePrevention: 'cancel_maker' }));
    limit(venue, 'sell', '100.00', '1');
    const taker = limit(venue, 'buy', '100.00', '1');
    expect(taker).toMatchObject({ status: 'open', stp: 'cancel_maker' });
    expect(unwrap(venue.getOrder('alice', 'ord_1')).reason).toBe('self_trade_prevented');
    expect(Venue.create({ clock: clock.read, selfTradePrevention: 'x' as never }).ok).toBe(false);
  });

  it('is refused when unknown, through both APIs', () => {
    const { venue } = makeVenue();
    expectInvalid(
      venue.placeOrder(aliceOrder({ type: 'market', stp: 'always' as never })),
      'stp',
      'stp must be "none", "cancel_taker", "cancel_maker" or "cancel_both"',
    );
    const { core } = venue;
    const alice = core.accountId('alice');
    expect(placeOrder(core, alice, 0, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 1, 1, null, 0, 4)).toBe(
      REFUSED_STP,
    );
    const maker = placeOrder(core, alice, 0, 1, TYPE_LIMIT, TIF_GTC, 0, 100, 1);
    placeOrder(core, alice, 0, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, 100, 1, null, 0, STP_CANCEL_MAKER);
    expect(unwrap(venue.getOrder('alice', `ord_${maker}`)).reason).toBe('self_trade_prevented');
  });
});
