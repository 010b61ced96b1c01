/**
 * The core's kinds of number, as brands that cost nothing at run time (they are plain numbers):
 * mixing them is a type error. `Ticks` is a price in ticks of its instrument, `Lots` a size in
 * lots, `Units` a price or a size in integer units of 10^-decimals, `Slot` an index into the order
 * store's columns, `Sequence` an order's number (`ord_<n>`), `Level` a price level of one side of
 * a book. A number takes a brand at the numeric API's door or through the conversions here.
 */
declare const brand: unique symbol;
type Branded<Name extends string> = number & { readonly [brand]: Name };

export type Ticks = Branded<'ticks'>;
export type Lots = Branded<'lots'>;
export type Units = Branded<'units'>;
export type Slot = Branded<'slot'>;
export type Sequence = Branded<'sequence'>;
/** A price level of one side of a book: an index into that side's level columns (PriceLevels). */
export type Level = Branded<'level'>;

export const ticksToUnits = (ticks: Ticks, tickUnits: number): Units =>
  (ticks * tickUnits) as Units;
export const lotsToUnits = (lots: Lots, lotUnits: number): Units => (lots * lotUnits) as Units;

/**
 * A typed array column whose entries are of one kind: a read gives that kind, a write needs it
 * (the order store's `sequence` column holds Sequences, its `next` column Slots).
 */
export type BrandedColumn<Array, Kind extends number> = Array & { [index: number]: Kind };

/** No price or size: a market order's price, an order without a stop. */
export const NO_UNITS = 0 as Units;
