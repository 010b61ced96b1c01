import { describe, expect, it, vi } from 'vitest';
import {
  fresh,
  ScenarioClock,
  type NewOrderRow,
  type ScenarioRow,
} from '../../adapters/flow/index.js';
import {
  FINAL_ORDER_RETENTION,
  isResting,
  ScenarioDriver,
} from '../../adapters/flow/driver/index.js';
import { DEFAULT_INSTRUMENTS, ORDER_STATUSES, Venue } from '../../src/index.js';
import { drivenVenue as driven } from '../driven-venue.js';

const T0 = Date.parse('2026-01-05T09:30:00.000Z');

const sell = (id: string, price = '100.00', size = '1.00000000'): ScenarioRow => ({
  action: 'new',
  ts: T0,
  id,
  account: 'maker',
  symbol: 'BTC-USD',
  side: 'sell',
  type: 'limit',
  price,
  size,
});
const buy = (id: string, size = '1.00000000'): ScenarioRow => ({
  action: 'new',
  ts: T0 + 1,
  id,
  account: 'taker',
  symbol: 'BTC-USD',
  side: 'buy',
  type: 'market',
  size,
});
const cancel = (id: string, account = 'maker'): ScenarioRow => ({
  action: 'cancel',
  ts: T0 + 2,
  id,
  account,
  symbol: 'BTC-USD',
});

const reduce = (id: string, size: string, symbol = 'BTC-USD'): ScenarioRow => ({
  action: 'reduce',
  ts: T0 + 2,
  id,
  account: 'maker',
  symbol,
  size,
});

describe('the scenario driver', () => {
  it('sets the clock and maps scenario ids to the venue orders they name', () => {
    const { venue, clock, driver } = driven();
    expect(driver.apply(sell('a'))).toBeNull();
    expect(clock.now).toBe(T0);
    expect(driver.lastOrder).toMatchObject({ id: 'ord_1', status: 'open' });
    expect(driver.apply(cancel('a'))).toBeNull();
    expect(clock.now).toBe(T0 + 2);
    expect(driver.lastOrder).toMatchObject({ id: 'ord_1', status: 'cancelled' });
    expect(venue.getOrder('maker', 'ord_1')).toMatchObject({ value: { status: 'cancelled' } });
    expect(driver.apply(cancel('a'))).toMatchObject({ code: 'order_not_open' });
    expect(driver.lastOrder).toBeNull();
    expect(driver.rowCount).toBe(3);
  });

  it('refuses a new order reusing a resting id, and lets a final id be reused', () => {
    const { driver } = driven();
    driver.apply(sell('a'));
    expect(driver.apply(sell('a'))).toEqual({
      code: 'duplicate_id',
      message: 'order id a is already used by an open order',
    });
    driver.apply(cancel('a'));
    expect(driver.apply(sell('a'))).toBeNull();
    expect(driver.apply(cancel('a'))).toBeNull();
  });

  it('answers order_not_open for the last final orders and order_not_found before them', () => {
    const { driver } = driven();
    driver.apply(sell('old'));
    driver.apply(buy('t0'));
    expect(driver.apply(cancel('old'))).toEqual({
      code: 'order_not_open',
      message: 'order old is filled',
    });
    // old and t0 are final; 998 market orders on an empty book expire at once: 1,000 finals.
    for (let n = 2; n < FINAL_ORDER_RETENTION; n++) driver.apply(buy(`m${n}`));
    expect(driver.apply(cancel('old'))).toMatchObject({ code: 'order_not_open' });
    driver.apply(buy('one-more'));
    expect(driver.apply(cancel('old'))).toEqual({
      code: 'order_not_found',
      message: 'no order old for this account',
    });
    expect(driver.apply(cancel('never'))).toMatchObject({ code: 'order_not_found' });
  });

  it('names the scenario id in the venue refusals it passes on', () => {
    const { driver } = driven();
    driver.apply(sell('a'));
    expect(driver.apply(cancel('a', 'someone-else'))).toEqual({
      code: 'order_not_found',
      message: 'no order a for this account',
    });
    expect(driver.apply(sell('b', '100.001'))).toMatchObject({ code: 'invalid_parameter' });
  });

  it('reports trades and final orders under scenario ids, in the venue order', () => {
    const seen: string[] = [];
    const { driver } = driven({
      trade: (trade) =>
        seen.push(`trade ${trade.record().size} ${trade.makerId.text()}/${trade.takerId.text()}`),
      rested: (order) => seen.push(`rested ${order.id.text()} ${order.record().id}`),
      final: (order) => seen.push(`final ${order.id.text()} ${order.record().status}`),
    });
    driver.apply(sell('a', '100.00', '1.00000000'));
    driver.apply(sell('b', '101.00', '1.00000000'));
    driver.apply(buy('t', '1.50000000'));
    expect(seen).toEqual([
      'rested a ord_1',
      'rested b ord_2',
      'trade 1.00000000 a/t',
      'final a filled',
      'trade 0.50000000 b/t',
      'final t filled',
    ]);
    expect([...driver.restingOrders()].map(([order, id]) => [id, order.remainingSize])).toEqual([
      ['b', '0.50000000'],
    ]);
    expect(driver.restingCount).toBe(1);
  });

  it('ignores orders placed on the same venue without it', () => {
    const seen: string[] = [];
    const { venue, driver } = driven({
      trade: ({ makerId, takerId }) => seen.push(`trade ${makerId.text()}/${takerId.text()}`),
      final: (order) => seen.push(`final ${order.id.text()}`),
    });
    venue.placeOrder({
      account: 'strategy',
      symbol: 'BTC-USD',
      side: 'sell',
      type: 'limit',
      price: '99.00',
      size: '1',
    });
    driver.apply(buy('t'));
    expect(seen).toEqual(['trade undefined/t', 'final t']);
    expect(driver.restingCount).toBe(0);
  });
});

describe('feed: plain rows as numbers', () => {
  it('says and reports what apply says and reports, row for row', () => {
    const rows: ScenarioRow[] = [
      sell('a', '100.00', '1.00000000'),
      sell('b', '101.00', '1.00000000'),
      sell('a', '102.00'), // duplicate_id: a still rests
      sell('c', '100.001'), // off the tick: refused by the decoder
      buy('t', '1.50000000'),
      cancel('a'), // order_not_open: a was filled
      cancel('b', 'someone-else'), // order_not_found
      sell('d', '103.00', '3.00000000'),
      reduce('d', '0.50000000'),
      reduce('d', '0.000000001'), // off the lot grid: refused by the decoder
      reduce('d', '1.0000', 'ETH-USD'), // another symbol's lots: the order's instrument decides
      reduce('d', '9.00000000'), // more than it has left: cancels it
      reduce('d', '1.00000000'), // order_not_open
      reduce('zz', '1.00000000'), // order_not_found
      cancel('b'),
      cancel('zz'),
    ];
    const run = (feed: boolean) => {
      const seen: string[] = [];
      const { driver } = driven({
        trade: (trade) =>
          seen.push(
            `trade ${trade.record().size} ${trade.event.size} ${trade.makerId.text()}/${trade.takerId.text()}`,
          ),
        rested: (order) => seen.push(`rested ${order.id.text()} ${order.record().id}`),
        final: (order) =>
          seen.push(
            `final ${order.id.text()} ${order.record().status} ${order.record().filledSize} ${order.event.sequence} ${order.event.status} ${order.event.filled}`,
          ),
      });
      for (const row of rows)
        seen.push(JSON.stringify(feed ? driver.feed(row) : driver.apply(row)));
      return { seen, rows: driver.rowCount, resting: driver.restingCount };
    };
    const fed = run(true);
    expect(fed).toEqual(run(false));
    expect(fed.seen.filter((line) => line.startsWith('{'))).toHaveLength(8);
    expect(fed.rows).toBe(rows.length);
  });

  it('judges a price on a tick of 3 units as the string API does, up to 2^53 units', () => {
    const instruments = [{ ...DEFAULT_INSTRUMENTS[0]!, tickSize: '0.03' }];
    // 2^53 - 5 units is a whole number of ticks; 2^53 - 3, 2^53 - 1 and 100.01 are not.
    const prices = ['90071992547409.87', '90071992547409.89', '90071992547409.91', '100.01'];
    const said = (feed: boolean) => {
      const { driver } = driven({}, instruments);
      return prices.map((price, i) => {
        const row = sell(`p${i}`, price, '0.00000001');
        return (feed ? driver.feed(row) : driver.apply(row))?.message ?? null;
      });
    };
    expect(said(true)).toEqual(said(false));
    const offGrid = said(true).map((message) => message?.includes('multiple of the tick size'));
    expect(offGrid).toEqual([undefined, true, true, true]); // the first is placed
  });

  it("answers a plain row the core refuses in the string API's words, without the string API", () => {
    const instruments = [{ ...DEFAULT_INSTRUMENTS[0]!, minSize: '0.001' }];
    const refused: ScenarioRow[] = [
      sell('min', '100.00', '0.00010000'), // below the minimum size
      sell('max', '100.00', '1001.00000000'), // above the maximum size
      { ...(sell('ioc') as NewOrderRow), timeInForce: 'ioc', postOnly: true },
      cancel('a'), // order_not_open: a was filled
      cancel('b', 'taker'), // order_not_found: b is the maker's
    ];
    const run = (feed: boolean) => {
      const { venue, driver } = driven({}, instruments);
      for (const row of [sell('a'), sell('b', '101.00'), buy('t')]) driver.apply(row);
      const calls = [
        vi.spyOn(venue, 'placeOrder'),
        vi.spyOn(venue, 'cancelOrder'),
        vi.spyOn(venue, 'reduceOrder'),
      ];
      const said = refused.map((row) => (feed ? driver.feed(row) : driver.apply(row)));
      return { said, rows: driver.rowCount, calls: calls.map((spy) => spy.mock.calls.length) };
    };
    const fed = run(true);
    expect(fed.said).toEqual(run(false).said);
    expect(fed.said.map((refusal) => refusal?.message)).toEqual([
      'size must be at least 0.00100000',
      'size must be at most 1000.00000000',
      'post_only is for limit gtc orders only',
      'order a is filled',
      'no order b for this account',
    ]);
    expect(fed.rows).toBe(3 + refused.length);
    expect(fed.calls).toEqual([0, 0, 0]);
  });

  it('decodes a row with a client order id, stop, stp or gtd expiry once, without the string API', () => {
    // `price: undefined` leaves the price out, as a reader does.
    const order = (id: string, fields: Record<string, unknown>) =>
      ({ ...sell(id, '102.00'), ts: T0 + 2, ...fields }) as ScenarioRow;
    const rows: ScenarioRow[] = [
      order('c1', { clientOrderId: 'mine-1' }),
      order('c2', { clientOrderId: 'not ok' }), // client_order_id_malformed
      order('s1', { type: 'market', price: undefined, stopPrice: '99.00' }), // waits
      order('p1', { stp: 'cancel_both' }),
      order('g1', { timeInForce: 'gtd', expireAt: T0 + 60_000 }),
      order('g2', { timeInForce: 'gtd' }), // expire_at_required
      order('g3', { timeInForce: 'gtd', expireAt: T0 }), // expire_at_not_later
      order('g4', { expireAt: T0 + 60_000 }), // expire_at_for_gtd_only
      order('n1', { price: undefined, stopPrice: '99.00' }), // price_required
      order('o1', { price: '102.001', clientOrderId: 'x' }), // off the grid: refused by the decoder in the string API's words
    ];
    const run = (feed: boolean) => {
      const { venue, driver } = driven();
      const calls = vi.spyOn(venue, 'placeOrder');
      const said = rows.map((row) => (feed ? driver.feed(row) : driver.apply(row)));
      const book = venue.orderBook('BTC-USD');
      const records = venue.listOrders('maker');
      return { said, calls: calls.mock.calls.length, book, records, resting: driver.restingCount };
    };
    const fed = run(true);
    const applied = run(false);
    expect({ ...fed, calls: 0 }).toEqual({ ...applied, calls: 0 });
    expect(fed.said.map((refusal) => refusal?.message ?? null)).toEqual([
      null,
      'client_order_id must be 1-64 of A-Z a-z 0-9 _ -',
      null,
      null,
      null,
      'expire_at is required for gtd orders',
      "expire_at must be later than the venue's time",
      'expire_at is for gtd orders only',
      'price is required for limit orders',
      'price must be a multiple of the tick size 0.01',
    ]);
    expect([fed.calls, applied.calls]).toEqual([0, rows.length]);
  });

  it('amends as numbers, and answers a refused amend in the words apply gives', () => {
    const amend = (id: string, fields: { size?: string; price?: string }): ScenarioRow => ({
      action: 'amend',
      ts: T0 + 3,
      id,
      account: 'maker',
      symbol: 'BTC-USD',
      ...fields,
    });
    const rows: ScenarioRow[] = [
      amend('a', { size: '0.50000000' }), // a was half filled: not above the filled size
      amend('a', { price: '99.00' }), // crosses t2: trades
      amend('m', { price: '104.00' }), // a market order: order_not_open (filled)
      amend('b', { size: '2.00000000', price: '101.50' }),
      amend('b', { size: '1000.5' }), // above the max size
      amend('b', { price: '101.001' }), // off the grid: refused by the decoder in the string API's words
      amend('x', { size: '1' }), // no such order
    ];
    const run = (feed: boolean) => {
      const { venue, driver } = driven();
      driver.apply(sell('a'));
      driver.apply(sell('b', '101.00'));
      driver.apply(buy('t', '0.50000000'));
      driver.apply({ ...(sell('t2', '99.00') as NewOrderRow), side: 'buy', account: 'taker' });
      const calls = vi.spyOn(venue, 'amendOrder');
      const said = rows.map((row) => (feed ? driver.feed(row) : driver.apply(row)));
      const orders = venue.listOrders('maker');
      return { said, calls: calls.mock.calls.length, orders, trades: venue.trades('BTC-USD') };
    };
    const fed = run(true);
    const applied = run(false);
    expect({ ...fed, calls: 0 }).toEqual({ ...applied, calls: 0 });
    expect(fed.said.map((refusal) => refusal?.message ?? null)).toEqual([
      'size must be more than the filled size 0.50000000',
      null,
      'no order m for this account',
      null,
      'size must be at most 1000.00000000',
      'price must be a multiple of the tick size 0.01',
      'no order x for this account',
    ]);
    expect([fed.calls, applied.calls]).toEqual([0, 5]);
  });

  it('reduces a plain reduce row as numbers, to the same order as apply', () => {
    const remaining = (feed: boolean) => {
      const { venue, driver } = driven();
      driver.apply(sell('d', '103.00', '3.00000000'));
      const step = feed
        ? driver.feed(reduce('d', '0.50000000'))
        : driver.apply(reduce('d', '0.50000000'));
      expect(step).toBeNull();
      const numbers = driver.lastOrder === null; // apply returns the record, the numbers none
      const order = venue.getOrder('maker', 'ord_1');
      return { numbers, size: order.ok ? order.value.remainingSize : order.error.code };
    };
    expect(remaining(true)).toEqual({ numbers: true, size: '2.50000000' });
    expect(remaining(false)).toEqual({ numbers: false, size: '2.50000000' });
  });
});

describe('feed: every row as a command, none through the string API', () => {
  // `price: undefined` leaves the price out, as a reader does.
  const order = (id: string, fields: Record<string, unknown>) =>
    ({ ...sell(id, '102.00'), ts: T0 + 3, ...fields }) as ScenarioRow;
  const quote = (id: string, quoteSize: string, fields: Record<string, unknown> = {}) => {
    const { size: _size, ...row } = buy(id) as NewOrderRow & { size: string };
    return { ...row, ts: T0 + 3, quoteSize, ...fields } as ScenarioRow;
  };
  const amend = (id: string, fields: { size?: string; price?: string }): ScenarioRow => ({
    action: 'amend',
    ts: T0 + 3,
    id,
    account: 'maker',
    symbol: 'BTC-USD',
    ...fields,
  });
  const rows: ScenarioRow[] = [
    // A decimal off the grid, malformed, too large or zero.
    order('d1', { price: '102.001' }),
    order('d2', { size: '1.000000001' }),
    order('d3', { size: '1e3' }),
    order('d4', { price: '99999999999999999999' }),
    order('d5', { size: '0' }),
    order('d6', { stopPrice: '101.005' }),
    order('d7', { size: '5000', price: '102.001' }), // the size's range is checked first
    order('d8', { type: 'market', price: '102.001' }), // a market order's price is refused
    order('d9', { type: 'market', price: undefined, timeInForce: 'gtc' }),
    order('d10', { timeInForce: 'ioc', expireAt: 0 }),
    reduce('a', '0.000000001'),
    reduce('a', 'x'),
    amend('a', { size: '2.000000001' }),
    amend('a', { price: '-1' }),
    amend('sm', { price: '101.001' }), // a (stop) market order's price: refused before it is read
    { ...reduce('b', '0.5000'), symbol: 'NOPE-USD' }, // the order's book, not the row's symbol
    // A quote size: sized from the book, refused, or beyond 2^53 units.
    quote('q1', '50.00'),
    quote('q2', '0.0000001'), // buys less than the minimum size
    quote('q3', '1.000000000001'), // too many decimals
    quote('q4', '0'),
    quote('q5', '10.00', { side: 'sell' }),
    quote('q6', '10.00', { type: 'limit', price: '100.00' }),
    quote('q7', '10.00', { price: '100.00' }), // a market order's price
    quote('q8', '123456789012345678901234567890.00'), // all the asks, exactly
    // An unknown symbol, well formed or not.
    order('s1', { symbol: 'NOPE-USD' }),
    order('s2', { symbol: 'nope' }),
    // An id the driver does not map.
    cancel('zz'),
    reduce('zz', '1.00000000'),
    amend('zz', { size: '1' }),
    { ...cancel('b'), account: 'nobody' },
  ];

  it('says what apply says, changes what apply changes, and calls no string API method', () => {
    const run = (feed: boolean) => {
      const { venue, driver } = driven();
      const stopMarket = order('sm', { type: 'market', price: undefined, stopPrice: '90.00' });
      for (const row of [sell('a'), sell('b', '101.00'), sell('c', '103.00'), stopMarket])
        driver.apply(row);
      const calls = [
        vi.spyOn(venue, 'placeOrder'),
        vi.spyOn(venue, 'cancelOrder'),
        vi.spyOn(venue, 'reduceOrder'),
        vi.spyOn(venue, 'amendOrder'),
      ];
      const said = rows.map((row) => (feed ? driver.feed(row) : driver.apply(row)));
      return {
        said,
        rows: driver.rowCount,
        calls: calls.map((spy) => spy.mock.calls.length),
        book: venue.orderBook('BTC-USD'),
        orders: [venue.listOrders('maker'), venue.listOrders('taker')],
        trades: venue.trades('BTC-USD'),
        resting: driver.restingCount,
      };
    };
    const fed = run(true);
    const applied = run(false);
    expect({ ...fed, calls: null }).toEqual({ ...applied, calls: null });
    expect(fed.calls).toEqual([0, 0, 0, 0]);
    expect(applied.calls).toEqual([20, 1, 3, 3]); // an unmapped id reaches no venue method
    expect(fed.said.map((refusal) => refusal?.message ?? null)).toEqual([
      'price must be a multiple of the tick size 0.01',
      'size must be a multiple of the lot size 0.00000001',
      'size must be a decimal string like "1.5" (no sign, exponent or spaces)',
      'price is too large to be held exactly',
      'size must be positive',
      'stop_price must be a multiple of the tick size 0.01',
      'size must be at most 1000.00000000',
      'price is refused for market orders',
      'time_in_force is for limit orders only',
      'expire_at is for gtd orders only',
      'size must be a multiple of the lot size 0.00000001',
      'size must be a decimal string like "1.5" (no sign, exponent or spaces)',
      'size must be a multiple of the lot size 0.00000001',
      'price must be a decimal string like "1.5" (no sign, exponent or spaces)',
      'price is refused for market orders',
      null,
      null,
      'quote_size buys less than the minimum size from the book',
      'quote_size must be a positive decimal string with at most 10 decimals',
      'quote_size must be a positive decimal string with at most 10 decimals',
      'quote_size is for market buys only',
      'quote_size is for market buys only',
      'price is refused for market orders',
      null,
      'symbol NOPE-USD is not listed',
      'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9',
      'no order zz for this account',
      'no order zz for this account',
      'no order zz for this account',
      'no order b for this account',
    ]);
  });
});

describe('a driver over venue ids (a server journal)', () => {
  it('lets the venue answer for any order it holds and leaves new ids to the caller', () => {
    const clock = new ScenarioClock();
    const retention = 2 * FINAL_ORDER_RETENTION;
    const created = Venue.create({ clock: clock.read, orderRetention: retention });
    if (!created.ok) throw new Error(created.error.message);
    const driver = new ScenarioDriver(created.value, clock, {}, { venueIds: true });
    expect(driver.apply(sell('ord_1'))).toBeNull();
    // Not duplicate_id: the venue assigns the id, and the caller compares it with the row's.
    expect(driver.apply(sell('ord_1'))).toBeNull();
    expect(driver.lastOrder).toMatchObject({ id: 'ord_2', status: 'open' });
    driver.apply(buy('ord_3', '2.00000000'));
    // More final orders than the driver's own retention: the venue still holds ord_1.
    for (let n = 4; n < FINAL_ORDER_RETENTION + 4; n++) driver.apply(buy(`ord_${n}`));
    expect(driver.apply(cancel('ord_1'))).toEqual({
      code: 'order_not_open',
      message: 'order ord_1 is filled',
    });
    expect(driver.apply(cancel('ord_9999'))).toEqual({
      code: 'order_not_found',
      message: 'no order ord_9999 for this account',
    });
  });
});

describe('numbered ids (an Arrow feed that numbers them: NumberedKeys)', () => {
  it("finds a row's order by the entry given before the row, not by its text", () => {
    const { venue, driver } = driven();
    const keys = driver.numberedIds(false)!;
    keys.rowEntry = 0;
    expect(driver.feed(sell('a'))).toBeNull();
    keys.rowEntry = 0;
    expect(driver.feed(sell('a'))).toMatchObject({ code: 'duplicate_id' });
    keys.rowEntry = 0;
    expect(driver.feed(cancel('whatever'))).toBeNull(); // entry 0 names a's order
    expect(venue.getOrder('maker', 'ord_1')).toMatchObject({ value: { status: 'cancelled' } });
    keys.rowEntry = -1;
    expect(driver.feed(cancel('a'))).toMatchObject({ code: 'order_not_found' });
    expect(driver.restingCount).toBe(0);
    expect(() => [...driver.restingOrders()]).toThrow('the ids were numbered, not kept');
  });

  it('does not look up an entry bound at its row, and finds it once the row mapped it', () => {
    const { driver } = driven();
    const keys = driver.numberedIds(false)!;
    keys.rowEntry = fresh(4);
    expect(driver.feed(sell('a'))).toBeNull();
    expect(driver.feed(sell('a'))).toMatchObject({ code: 'duplicate_id' }); // the same row's entry
    keys.rowEntry = 4;
    expect(driver.feed(cancel('a'))).toBeNull();
  });

  it('gives back the entry of a new row refused, once, and keeps one that names an order', () => {
    const { driver } = driven();
    const keys = driver.numberedIds(false)!;
    keys.rowEntry = 3;
    expect(driver.feed(sell('a'))).toBeNull();
    keys.rowEntry = 5;
    expect(driver.feed(sell('b', '100.001'))).toMatchObject({ code: 'invalid_parameter' });
    const released: number[] = [];
    keys.releaseDead((entry) => released.push(entry));
    keys.releaseDead((entry) => released.push(entry));
    expect(released).toEqual([5]);
  });

  it('is not taken when ids are read back, mapped already, or numbered already', () => {
    expect(driven().driver.numberedIds(true)).toBeNull(); // the caller lists restingOrders
    expect(driven({ trade: () => {} }).driver.numberedIds(false)).toBeNull();
    const mapped = driven().driver;
    expect(mapped.feed(sell('a'))).toBeNull();
    expect(mapped.numberedIds(false)).toBeNull();
    const { driver } = driven();
    expect(driver.numberedIds(false)).not.toBeNull();
    expect(() => driver.numberedIds(false)).toThrow('the ids are numbered already');
  });
});

describe('isResting', () => {
  it('is true for open and partially filled orders only', () => {
    expect(ORDER_STATUSES.filter(isResting)).toEqual(['open', 'partially_filled']);
  });
});
