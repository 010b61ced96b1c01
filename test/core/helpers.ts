import { expect } from 'vitest';
import {
  Venue,
  validateVenueState,
  type InstrumentSpec,
  type OrderRecord,
  type OrderRequest,
  type Result,
  type Side,
  type VenueError,
  type VenueEvent,
} from '../../src/index.js';
import { ManualClock, START_MS } from '../manual-clock.js';

export { ManualClock, START_MS } from '../manual-clock.js';

export interface TestVenue {
  readonly venue: Venue;
  readonly clock: ManualClock;
}

/** A venue on a manual clock; the default instruments unless others are given. */
export function makeVenue(instruments?: readonly InstrumentSpec[]): TestVenue {
  const clock = new ManualClock();
  const venue = unwrap(
    Venue.create(
      instruments === undefined ? { clock: clock.read } : { clock: clock.read, instruments },
    ),
  );
  return { venue, clock };
}

/** The value of a successful result; fails the test with the error otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** A record as plain data (records are views with getters; this is what JSON carries). */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function expectError(result: Result<unknown>, error: VenueError): void {
  expect(result).toEqual({ ok: false, error });
}

export function expectInvalid(result: Result<unknown>, field: string, message: string): void {
  expectError(result, { code: 'invalid_parameter', field, message });
}

/** A buy limit order of 1 for Alice on BTC-USD, unless `request` says otherwise. */
export function aliceOrder(request: Partial<OrderRequest>): OrderRequest {
  return { account: 'alice', symbol: 'BTC-USD', side: 'buy', type: 'limit', size: '1', ...request };
}

/** Places `aliceOrder(request)`; returns it as data. */
export function place(venue: Venue, request: Partial<OrderRequest>): OrderRecord {
  return plain(unwrap(venue.placeOrder(aliceOrder(request))));
}

export function limit(
  venue: Venue,
  side: Side,
  price: string,
  size: string,
  extra: Partial<OrderRequest> = {},
): OrderRecord {
  return place(venue, { side, type: 'limit', price, size, ...extra });
}

export function market(
  venue: Venue,
  side: Side,
  size: string,
  extra: Partial<OrderRequest> = {},
): OrderRecord {
  return place(venue, { side, type: 'market', size, ...extra });
}

/** The whole record a new, unfilled Alice BTC-USD limit gtc order shows, with `fields` over it. */
export function expectedOrder(fields: Partial<OrderRecord> & { id: string }): OrderRecord {
  const size = fields.size ?? '1.00000000';
  return {
    clientOrderId: null,
    account: 'alice',
    symbol: 'BTC-USD',
    side: 'buy',
    type: 'limit',
    price: null,
    size,
    filledSize: '0.00000000',
    remainingSize: size,
    averagePrice: null,
    status: 'open',
    timeInForce: 'gtc',
    postOnly: false,
    createdAt: START_MS,
    rejectReason: null,
    stopPrice: null,
    expireAt: null,
    stp: 'none',
    reason: null,
    fills: [],
    fillCount: fields.fills?.length ?? 0,
    ...fields,
  };
}

/** Everything a caller can observe of the venue, as data. */
export function observe(venue: Venue, accounts: readonly string[] = ['alice', 'bob']): unknown {
  return plain({
    now: venue.now(),
    symbols: venue.instruments().map(({ symbol }) => ({
      book: unwrap(venue.orderBook(symbol, 1000)),
      ticker: unwrap(venue.ticker(symbol)),
      trades: unwrap(venue.trades(symbol, 1000)),
    })),
    orders: accounts.map((account) => unwrap(venue.listOrders(account))),
  });
}

/** Runs a refused command: asserts it changed nothing observable and left the state sound. */
export function expectNoChange(venue: Venue, command: () => Result<unknown>): Result<unknown> {
  const before = observe(venue);
  const result = command();
  expect(result.ok).toBe(false);
  expect(observe(venue)).toEqual(before);
  expect(validateVenueState(venue)).toEqual([]);
  return result;
}

/** Records every event the venue emits, as data. */
export function recordEvents(venue: Venue): VenueEvent[] {
  const events: VenueEvent[] = [];
  venue.subscribe((event) => events.push(plain(event)));
  return events;
}

/** One line per event: what changed, in the order it was announced. */
export function eventSummary(events: readonly VenueEvent[]): string[] {
  return events.map((event) => {
    switch (event.type) {
      case 'trade':
        return `trade ${event.trade.id} ${event.trade.makerOrderId}<-${event.trade.takerOrderId} @${event.trade.price}`;
      case 'order': {
        const { id, status, filledSize, remainingSize, reason } = event.order;
        return `order ${id} ${status} ${filledSize}/${remainingSize}${reason === null ? '' : ` ${reason}`}`;
      }
      case 'book':
        return `book ${event.change.side} ${event.change.price} ${event.change.size}`;
    }
  });
}

/** The trades of BTC-USD, oldest first, as `maker<-taker @price size`. */
export function tradeSummary(venue: Venue, symbol = 'BTC-USD'): string[] {
  return unwrap(venue.trades(symbol, 1000))
    .reverse()
    .map((trade) => `${trade.makerOrderId}<-${trade.takerOrderId} @${trade.price} ${trade.size}`);
}
