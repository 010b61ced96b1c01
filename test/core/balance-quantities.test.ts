/**
 * Balances take the core's branded numbers (src/quantities.ts): each `@ts-expect-error` below
 * fails `tsc --noEmit` if the line compiles.
 */
import { describe, expect, it } from 'vitest';
import { SIDE_BUY, STP_NONE, TIF_GTC, TYPE_LIMIT, Venue } from '../../src/index.js';
import { formatUnits } from '../../src/decimal-codec.js';
import {
  lotsToUnits,
  ticksToUnits,
  type Lots,
  type Sequence,
  type Ticks,
} from '../../src/quantities.js';
import { placeOrder } from './core-commands.js';
import { ManualClock, unwrap } from './helpers.js';

describe('Balances.required, lock and relock', () => {
  it('take prices and sizes in units and orders by sequence, and lock what required says', () => {
    const venue = unwrap(Venue.create({ clock: new ManualClock().read, balances: {} }));
    unwrap(venue.deposit('alice', 'USD', '100000'));
    const { core } = venue;
    const balances = core.balances!;
    const book = core.books[0]!;
    const { tickUnits, lotUnits } = book.instrument;
    const alice = core.accountId('alice');
    const ticks = 100 as Ticks;
    const lots = 3 as Lots;
    const price = ticksToUnits(ticks, tickUnits);
    const size = lotsToUnits(lots, lotUnits);
    const wrongKinds = () => {
      // @ts-expect-error: a price in ticks where units are due
      balances.required(book, alice, false, false, ticks, size, STP_NONE, false);
      // @ts-expect-error: a plain number is not a size in units
      balances.required(book, alice, false, false, price, 3, STP_NONE, false);
      // @ts-expect-error: a plain number is not an order's sequence
      balances.lock(1, alice, book.index, false, false, price, 0n);
      // @ts-expect-error: a remaining size in lots where units are due
      balances.relock(1 as Sequence, price, lots);
    };
    const required = balances.required(book, alice, false, false, price, size, STP_NONE, false);
    expect(placeOrder(core, alice, book.index, SIDE_BUY, TYPE_LIMIT, TIF_GTC, 0, ticks, lots)).toBe(
      1,
    );
    const usd = unwrap(venue.balances('alice')).find((entry) => entry.asset === 'USD')!;
    expect([usd.locked, typeof wrongKinds]).toEqual([
      formatUnits(required, balances.decimalsOf('USD')),
      'function',
    ]);
  });
});
