/**
 * Items waiting for their time: a binary min-heap on (due, insertion number), so items due at the
 * same time leave in the order they were queued. Its entries are reused: queueing allocates
 * nothing.
 */
interface Entry<T> {
  due: number;
  order: number;
  item: T | null;
}

export class DueQueue<T> {
  readonly #heap: Entry<T>[] = [];
  readonly #free: Entry<T>[] = [];
  #queued = 0;

  get size(): number {
    return this.#heap.length;
  }

  /** The due time of the next item; Infinity when none waits. */
  nextDue(): number {
    return this.#heap.length > 0 ? this.#heap[0]!.due : Infinity;
  }

  push(due: number, item: T): void {
    const heap = this.#heap;
    const entry = this.#free.pop() ?? { due: 0, order: 0, item: null };
    entry.due = due;
    entry.order = this.#queued++;
    entry.item = item;
    let index = heap.length;
    heap.push(entry);
    while (index > 0) {
      const parent = (index - 1) >>> 1;
      if (!before(entry, heap[parent]!)) break;
      heap[index] = heap[parent]!;
      index = parent;
    }
    heap[index] = entry;
  }

  /** Removes and returns the next item; the queue must not be empty. */
  shift(): T {
    const heap = this.#heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && before(heap[right]!, heap[left]!) ? right : left;
        if (!before(heap[child]!, last)) break;
        heap[index] = heap[child]!;
        index = child;
      }
      heap[index] = last;
    }
    const item = top.item!;
    top.item = null;
    this.#free.push(top);
    return item;
  }

  clear(): void {
    for (const entry of this.#heap) entry.item = null;
    this.#free.push(...this.#heap);
    this.#heap.length = 0;
  }
}

function before<T>(a: Entry<T>, b: Entry<T>): boolean {
  return a.due < b.due || (a.due === b.due && a.order < b.order);
}
