import { describe, expect, it } from 'vitest';
import {
  SIDE_BUY,
  SIDE_SELL,
  STATUS_CANCELLED,
  TIF_GTC,
  TYPE_LIMIT,
  Venue,
  validateVenueState,
} from '../../src/index.js';
import type { Sequence } from '../../src/quantities.js';
import { amendOrder, cancelOrder, placeOrder } from './core-commands.js';
import { ManualClock, unwrap } from './helpers.js';

const SPECS = [
  { symbol: 'AAA-USD', tickSize: '0.01', lotSize: '1' },
  { symbol: 'BBB-USD', tickSize: '0.01', lotSize: '1' },
];
/** Past the store's first chunk of 16,384 slots, and into the third. */
const ORDERS = 2 * 16_384 + 10;

describe('the order store', () => {
  it("reads an order's size, book and status the same in every chunk of its slots", () => {
    const clock = new ManualClock();
    const venue = unwrap(Venue.create({ clock: clock.read, instruments: SPECS }));
    const { core } = venue;
    const account = core.accountId('maker');
    // Book i % 2; bids below asks, so that nothing trades; i % 7 + 1 lots.
    for (let i = 0; i < ORDERS; i++) {
      const sell = i % 3 === 0;
      const ticks = sell ? 20_000 + (i % 50) : 10_000 + (i % 50);
      const side = sell ? SIDE_SELL : SIDE_BUY;
      placeOrder(core, account, i % 2, side, TYPE_LIMIT, TIF_GTC, 0, ticks, (i % 7) + 1);
    }
    for (const sequence of [1, 16_384, 16_385, 16_386, 32_768, 32_769, ORDERS] as Sequence[]) {
      const i = sequence - 1;
      expect(core.sizeLots(sequence)).toBe((i % 7) + 1);
      const order = unwrap(venue.getOrder('maker', `ord_${sequence}`));
      expect([order.symbol, order.size]).toEqual([SPECS[i % 2]!.symbol, String((i % 7) + 1)]);
    }
    expect(cancelOrder(core, account, 16_385)).toBe(16_385);
    expect(amendOrder(core, account, 32_769, 9, 0)).toBe(32_769);
    expect(core.orderStatus(16_385 as Sequence)).toBe(STATUS_CANCELLED);
    expect(core.sizeLots(32_769 as Sequence)).toBe(9);
    expect(validateVenueState(venue)).toEqual([]);
  });
});
