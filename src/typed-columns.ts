type Column = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** A copy of `column` with room for `capacity` entries (the stores grow their columns this way). */
export function grown<T extends Column>(column: T, capacity: number): T {
  const bigger = new (column.constructor as new (length: number) => T)(capacity);
  bigger.set(column);
  return bigger;
}

/**
 * Hands out the slots of a column store: the last freed slot first, else a fresh one, growing the
 * columns when they are full: by doubling, or by `chunk` slots when the store adds chunks. The
 * freed slots are a stack in an Int32Array: a JS array's push and pop cost several times the
 * typed read and write (every order and every trade takes a slot and gives it back).
 */
export class SlotPool {
  #capacity = 0;
  #used = 0;
  #free = new Int32Array(64);
  #freeCount = 0;

  constructor(
    private readonly growColumns: (capacity: number) => void,
    private readonly chunk = 0,
  ) {}

  take(): number {
    if (this.#freeCount > 0) return this.#free[--this.#freeCount]!;
    if (this.#used === this.#capacity) {
      this.#capacity =
        this.chunk > 0 ? this.#capacity + this.chunk : Math.max(1024, this.#capacity * 2);
      this.growColumns(this.#capacity);
    }
    return this.#used++;
  }

  /** Slots taken and not given back. */
  get inUse(): number {
    return this.#used - this.#freeCount;
  }

  give(slot: number): void {
    if (this.#freeCount === this.#free.length) this.#free = grown(this.#free, this.#freeCount * 2);
    this.#free[this.#freeCount++] = slot;
  }
}
