/**
 * The core's branded numbers (src/quantities.ts): tsc refuses a mix of ticks, lots, units, slots
 * and sequences (each `@ts-expect-error` below fails `tsc --noEmit` if the line compiles), and at
 * run time they are the plain numbers they stand for.
 */
import { describe, expect, it } from 'vitest';
import {
  createInstrument,
  OrderCommand,
  SIDE_BUY,
  STP_NONE,
  TIF_GTC,
  TYPE_LIMIT,
} from '../../src/index.js';
import { placeRefusal } from '../../src/place-checks.js';
import {
  lotsToUnits,
  ticksToUnits,
  type Lots,
  type Sequence,
  type Slot,
  type Ticks,
  type Units,
} from '../../src/quantities.js';
import { SequenceSlots } from '../../src/sequence-slots.js';
import { ORDER_TYPE_CODES } from '../../src/codes.js';
import { makeVenue } from './helpers.js';

const instrument = (() => {
  const made = createInstrument({ symbol: 'BTC-USD', tickSize: '0.05', lotSize: '0.002' });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
})();

describe('branded numbers', () => {
  const ticks = 3 as Ticks;
  const lots = 5 as Lots;
  const units = ticksToUnits(ticks, instrument.tickUnits);

  it('are refused where another kind is due', () => {
    // @ts-expect-error: units are not ticks
    ticksToUnits(units, instrument.tickUnits);
    // @ts-expect-error: lots are not ticks
    ticksToUnits(lots, instrument.tickUnits);
    // @ts-expect-error: ticks are not lots
    lotsToUnits(ticks, instrument.lotUnits);
    // @ts-expect-error: a plain number is not ticks until the numeric API's door says so
    ticksToUnits(3, instrument.tickUnits);
    // @ts-expect-error: units are not ticks, nor lots
    const asTicks: Ticks = units;
    // @ts-expect-error: a slot is not a sequence
    new SequenceSlots().slot(7 as Slot);
    // @ts-expect-error: a sequence is not a slot
    new SequenceSlots().add(7 as Sequence);
    const command = new OrderCommand(STP_NONE);
    // @ts-expect-error: a price in units where the command's ticks are due
    command.price = units;
    // @ts-expect-error: a code table's word at a code is that word, not another
    const wrongWord: 'market' = ORDER_TYPE_CODES.names[TYPE_LIMIT];
    expect([asTicks, wrongWord, command.price]).toEqual([units, 'limit', units]);
  });

  it('are plain numbers at run time', () => {
    expect(units).toBe(15);
    expect(lotsToUnits(lots, instrument.lotUnits)).toBe(10);
    const total: Units = units;
    expect(total + 1).toBe(16);
    const command = new OrderCommand(STP_NONE);
    Object.assign(command, { side: SIDE_BUY, type: TYPE_LIMIT, timeInForce: TIF_GTC });
    command.price = ticks;
    command.size = lots;
    expect(placeRefusal(instrument, command, 0)).toBe(0);
  });

  it("hold on the core's public API: its queries, its command, its store's columns, its book", () => {
    const { core } = makeVenue().venue;
    const command = core.newCommand().clear();
    command.account = core.accountId('alice');
    command.book = core.bookIndex('BTC-USD');
    command.price = 3_000_000 as Ticks;
    command.size = 25_000_000 as Lots;
    const sequence = core.submit(command);
    const slot = core.orders.slot(sequence);
    const { store } = core;
    const book = core.bookOf(slot);
    // Each kind goes where it is due, and reads as a plain number.
    command.target = sequence;
    const price: Units = store.priceColumn[slot]!;
    const asNumber: number = core.remainingLots(sequence);
    expect([sequence, slot, store.sequenceColumn[slot], price, asNumber]).toEqual([
      1, 0, 1, 3e6, 25e6,
    ]);
    // @ts-expect-error: ticks read back are not lots
    const asLots: Lots = core.priceTicks(sequence);
    // @ts-expect-error: a remaining size in units is not lots
    const remaining: Lots = store.remainingColumn[slot]!;
    expect([book.bids.total(book.levelAt(false, price)), asLots, remaining]).toEqual([
      25e6, 3e6, 25e6,
    ]);
    // The lines below change the venue (they compile nowhere but here, under the directive).
    // @ts-expect-error: a slot is not a sequence
    core.orderStatus(slot);
    // @ts-expect-error: a plain number is not a sequence until the door casts it
    core.orderStatus(1);
    // @ts-expect-error: a sequence is not a slot
    core.bookOf(sequence);
    // @ts-expect-error: a plain number is not a slot
    store.isLive(0);
    // @ts-expect-error: a slot is not a command's target sequence
    command.target = slot;
    // @ts-expect-error: lots are not ticks
    command.price = command.size;
    // @ts-expect-error: ticks are not units
    book.levelAt(false, command.price);
    // @ts-expect-error: the sequence column holds sequences, not slots
    store.sequenceColumn[slot] = slot;
    // @ts-expect-error: the queue column holds slots, not sequences
    store.nextColumn[slot] = sequence;
    // @ts-expect-error: the amount columns hold units, not ticks
    store.priceColumn[slot] = command.price;
  });
});
