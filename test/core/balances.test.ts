import { describe, expect, it } from 'vitest';
import { Venue, validateVenueState, type OrderRecord, type Result } from '../../src/index.js';
import { ManualClock, unwrap } from './helpers.js';

/** BTC-USD on the default grid; fees 10 bps maker, 25 bps taker. */
function fundedVenue(): Venue {
  const clock = new ManualClock();
  const venue = unwrap(
    Venue.create({ clock: clock.read, balances: { makerFeeBps: 10, takerFeeBps: 25 } }),
  );
  unwrap(venue.deposit('alice', 'USD', '100000'));
  unwrap(venue.deposit('bob', 'BTC', '2'));
  return venue;
}

function balance(venue: Venue, account: string, asset: string): string {
  const found = unwrap(venue.balances(account)).find((entry) => entry.asset === asset)!;
  return `${found.free}/${found.locked}`;
}

function codeOf(result: Result<OrderRecord>): string {
  return result.ok ? 'ok' : result.error.code;
}

describe('balances (invariant 14)', () => {
  it('are off by default: deposit and balances are refused, orders need no funds', () => {
    const venue = unwrap(Venue.create({ clock: () => 0 }));
    expect(venue.deposit('a', 'USD', '1').ok).toBe(false);
    expect(
      codeOf(
        venue.placeOrder({
          account: 'a',
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'limit',
          price: '1',
          size: '1',
        }),
      ),
    ).toBe('ok');
  });

  it('lists the assets with the decimals every amount needs', () => {
    const venue = fundedVenue();
    expect(unwrap(venue.balances('alice'))).toStrictEqual([
      { asset: 'BTC', free: '0.00000000', locked: '0.00000000' },
      { asset: 'USD', free: '100000.0000000000', locked: '0.0000000000' },
      { asset: 'ETH', free: '0.0000', locked: '0.0000' },
    ]);
  });

  it('locks a limit buy with its most fee, settles a fill at the maker fee, unlocks on cancel', () => {
    const venue = fundedVenue();
    const buy = unwrap(
      venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: '30000',
        size: '1',
      }),
    );
    // 30000 + 25 bps = 30075 locked.
    expect(balance(venue, 'alice', 'USD')).toBe('69925.0000000000/30075.0000000000');
    unwrap(
      venue.placeOrder({
        account: 'bob',
        symbol: 'BTC-USD',
        side: 'sell',
        type: 'market',
        size: '0.4',
      }),
    );
    // alice paid 12000 + 12 (maker 10 bps) from her lock; it keeps 0.6 × 30000 + 25 bps = 18045.
    expect(balance(venue, 'alice', 'USD')).toBe('69943.0000000000/18045.0000000000');
    expect(balance(venue, 'alice', 'BTC')).toBe('0.40000000/0.00000000');
    // bob got 12000 − 30 (taker 25 bps).
    expect(balance(venue, 'bob', 'USD')).toBe('11970.0000000000/0.0000000000');
    expect(balance(venue, 'bob', 'BTC')).toBe('1.60000000/0.00000000');
    unwrap(venue.cancelOrder('alice', buy.id));
    expect(balance(venue, 'alice', 'USD')).toBe('87988.0000000000/0.0000000000');
    expect(validateVenueState(venue)).toStrictEqual([]);
  });

  it('refuses what the account cannot fund, changing nothing', () => {
    const venue = fundedVenue();
    const refused = venue.placeOrder({
      account: 'bob',
      symbol: 'BTC-USD',
      side: 'sell',
      type: 'limit',
      price: '1',
      size: '2.00000001',
    });
    expect(refused.ok ? null : refused.error).toStrictEqual({
      code: 'insufficient_balance',
      message: 'the account cannot fund this order',
    });
    expect(
      codeOf(
        venue.placeOrder({
          account: 'alice',
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'limit',
          price: '99751.87',
          size: '1',
        }),
      ),
    ).toBe('insufficient_balance');
    expect(
      codeOf(
        venue.placeOrder({
          account: 'carol',
          symbol: 'BTC-USD',
          side: 'buy',
          type: 'limit',
          price: '1',
          size: '1',
        }),
      ),
    ).toBe('insufficient_balance');
    expect(balance(venue, 'bob', 'BTC')).toBe('2.00000000/0.00000000');
    expect(unwrap(venue.listOrders('bob'))).toStrictEqual([]);
  });

  it('an amend that needs more than the account has is refused; one that needs less unlocks', () => {
    const venue = fundedVenue();
    const buy = unwrap(
      venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'limit',
        price: '30000',
        size: '1',
      }),
    );
    const grown = venue.amendOrder('alice', buy.id, { size: '4' });
    expect(grown.ok ? 'ok' : grown.error.code).toBe('insufficient_balance');
    expect(balance(venue, 'alice', 'USD')).toBe('69925.0000000000/30075.0000000000');
    unwrap(venue.amendOrder('alice', buy.id, { price: '20000' }));
    expect(balance(venue, 'alice', 'USD')).toBe('79950.0000000000/20050.0000000000');
    expect(validateVenueState(venue)).toStrictEqual([]);
  });

  it('a market buy by quote size buys the whole lots the amount buys at the book, and locks its cost', () => {
    const venue = fundedVenue();
    unwrap(
      venue.placeOrder({
        account: 'bob',
        symbol: 'BTC-USD',
        side: 'sell',
        type: 'limit',
        price: '30000',
        size: '0.1',
      }),
    );
    unwrap(
      venue.placeOrder({
        account: 'bob',
        symbol: 'BTC-USD',
        side: 'sell',
        type: 'limit',
        price: '31000',
        size: '1',
      }),
    );
    // 3000 buys the 0.1 at 30000; 1000.00 more buys 0.03225806 at 31000 (rounded down to the lot).
    const bought = unwrap(
      venue.placeOrder({
        account: 'alice',
        symbol: 'BTC-USD',
        side: 'buy',
        type: 'market',
        quoteSize: '4000',
      }),
    );
    expect([bought.size, bought.filledSize, bought.status]).toStrictEqual([
      '0.13225806',
      '0.13225806',
      'filled',
    ]);
    // 3000 + 0.03225806 × 31000 = 3999.99986, plus the taker's 25 bps: 4009.99985965.
    expect(balance(venue, 'alice', 'BTC')).toBe('0.13225806/0.00000000');
    expect(balance(venue, 'alice', 'USD')).toBe('95990.0001403500/0.0000000000');
    expect(validateVenueState(venue)).toStrictEqual([]);
    const sell = venue.placeOrder({
      account: 'alice',
      symbol: 'BTC-USD',
      side: 'sell',
      type: 'market',
      quoteSize: '1',
    });
    expect(sell.ok ? null : sell.error).toMatchObject({ field: 'quote_size' });
  });

  it('a market buy stop locks its cost when it triggers, or expires when it cannot be funded', () => {
    const venue = fundedVenue();
    const order = (account: string, side: 'buy' | 'sell', more: object) =>
      unwrap(venue.placeOrder({ account, symbol: 'BTC-USD', side, size: '1', ...more } as never));
    order('bob', 'sell', { type: 'limit', price: '40000', size: '0.5' });
    order('bob', 'sell', { type: 'limit', price: '40100' });
    const funded = order('alice', 'buy', { type: 'market', stopPrice: '40000' });
    const unfunded = order('carol', 'buy', { type: 'market', size: '0.1', stopPrice: '40000' });
    expect([funded.status, unfunded.status]).toEqual(['pending', 'pending']);
    expect(balance(venue, 'alice', 'USD')).toBe('100000.0000000000/0.0000000000');
    unwrap(venue.deposit('dave', 'USD', '10000'));
    order('dave', 'buy', { type: 'market', size: '0.1' }); // trades at 40000: both stops are due
    // alice's: 0.4 at 40000 and 0.6 at 40100, 40060 plus the 25 bps taker fee.
    expect(unwrap(venue.getOrder('alice', funded.id))).toMatchObject({
      status: 'filled',
      averagePrice: '40060.00',
    });
    expect(balance(venue, 'alice', 'USD')).toBe('59839.8500000000/0.0000000000');
    expect(balance(venue, 'alice', 'BTC')).toBe('1.00000000/0.00000000');
    // carol's has nothing to pay with: it ends without trading.
    expect(unwrap(venue.getOrder('carol', unfunded.id))).toMatchObject({
      status: 'expired',
      reason: 'insufficient_balance',
      filledSize: '0.00000000',
    });
    expect(balance(venue, 'carol', 'USD')).toBe('0.0000000000/0.0000000000');
    expect(validateVenueState(venue)).toEqual([]);
  });

  it('funds each account at first use: its own starting amounts, else the initial ones', () => {
    const venue = unwrap(
      Venue.create({
        clock: () => 0,
        balances: { initial: { USD: '5' }, accounts: { whale: { BTC: '1.5', USD: '7.25' } } },
      }),
    );
    expect(unwrap(venue.balances('whale')).map((entry) => entry.free)).toStrictEqual([
      '1.50000000',
      '7.2500000000',
      '0.0000',
    ]);
    expect(unwrap(venue.balances('anyone')).map((entry) => entry.free)).toStrictEqual([
      '0.00000000',
      '5.0000000000',
      '0.0000',
    ]);
    expect(validateVenueState(venue)).toStrictEqual([]);
    const refused = Venue.create({
      clock: () => 0,
      balances: { initial: { USD: '0.00000000001' } },
    });
    expect(refused.ok ? null : refused.error).toMatchObject({ field: 'initial' });
    const unknown = Venue.create({ clock: () => 0, balances: { initial: { DOGE: '1' } } });
    expect(unknown.ok ? null : unknown.error.message).toBe(
      'asset DOGE is not traded on this venue',
    );
  });
});
