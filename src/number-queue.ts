/**
 * A FIFO/LIFO queue of numbers with O(1) amortised push, shift and pop; items keep an absolute
 * position (`start + i`) so that other structures can refer to them. The items live in a
 * Float64Array ring whose capacity doubles when full, so pushing allocates nothing per item.
 */
export class NumberQueue {
  #items = new Float64Array(16);
  /** capacity - 1 (the capacity is a power of two). */
  #mask = 15;
  /** Absolute position of the first item. */
  #start = 0;
  #length = 0;

  get length(): number {
    return this.#length;
  }
  get start(): number {
    return this.#start;
  }
  /** Absolute position the next pushed item gets. */
  get end(): number {
    return this.#start + this.#length;
  }

  push(value: number): void {
    if (this.#length > this.#mask) this.#grow();
    this.#items[(this.#start + this.#length) & this.#mask] = value;
    this.#length++;
  }

  first(): number {
    return this.#items[this.#start & this.#mask]!;
  }

  last(): number {
    return this.#items[(this.#start + this.#length - 1) & this.#mask]!;
  }

  /** The item at absolute position `position`. */
  at(position: number): number {
    return this.#items[position & this.#mask]!;
  }

  shift(): number {
    const value = this.#items[this.#start & this.#mask]!;
    this.#start++;
    this.#length--;
    return value;
  }

  /** Adds `delta` to the last item. */
  addToLast(delta: number): void {
    this.#items[(this.#start + this.#length - 1) & this.#mask]! += delta;
  }

  pop(): number {
    this.#length--;
    return this.#items[(this.#start + this.#length) & this.#mask]!;
  }

  /** Doubles the ring, keeping every item at `position & mask`. */
  #grow(): void {
    const old = this.#items;
    const items = new Float64Array(old.length * 2);
    const mask = items.length - 1;
    for (let position = this.#start; position < this.#start + this.#length; position++) {
      items[position & mask] = old[position & this.#mask]!;
    }
    this.#items = items;
    this.#mask = mask;
  }
}
