/**
 * A row's scenario id entry as an Arrow feed's numbering gives it (IdNumbering, NumberedKeys):
 * NO_ENTRY, an entry, or, for the row that bound the entry to its id, the entry marked `fresh`
 * (it names no order yet, so the driver need not look).
 */
export const NO_ENTRY = -1;

/** The entry marked fresh, and a fresh mark's entry: the one function both ways. */
export function fresh(entry: number): number {
  return -2 - entry;
}
