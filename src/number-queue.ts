/**
 * A FIFO/LIFO queue of numbers with O(1) amortised push, shift and pop; items keep an absolute
 * position (`start + i`) so that other structures can refer to them.
 */
export class NumberQueue {
  #items: number[] = [];
  #head = 0;
  /** Absolute position of the first item. */
  #start = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }
  get start(): number {
    return this.#start;
  }
  /** Absolute position the next pushed item gets. */
  get end(): number {
    return this.#start + this.length;
  }

  push(value: number): void {
    this.#items.push(value);
  }

  first(): number {
    return this.#items[this.#head]!;
  }

  last(): number {
    return this.#items[this.#items.length - 1]!;
  }

  /** The item at absolute position `position`. */
  at(position: number): number {
    return this.#items[this.#head + position - this.#start]!;
  }

  shift(): number {
    const value = this.#items[this.#head++]!;
    this.#start++;
    if (this.#head >= 1024 && this.#head * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return value;
  }

  /** Adds `delta` to the last item. */
  addToLast(delta: number): void {
    this.#items[this.#items.length - 1]! += delta;
  }

  pop(): number {
    return this.#items.pop()!;
  }
}
