type Column = Float64Array | Int32Array | Uint16Array | Uint8Array;

/** A copy of `column` with room for `capacity` entries (the stores grow their columns this way). */
export function grown<T extends Column>(column: T, capacity: number): T {
  const bigger = new (column.constructor as new (length: number) => T)(capacity);
  bigger.set(column);
  return bigger;
}
