/**
 * The entries the venue's thread gives back to the decoding worker's IdNumbering, each with the
 * block after which its id names no order: a ring of pairs in shared memory, written by the
 * venue's thread, read by the worker before it numbers each block.
 */
/** Room for the releases of some 600,000 rows, made while the worker starts. */
const CAPACITY = 1 << 19;
/** Counters in the control words, modulo 2^32: pairs written, pairs read. */
const WRITTEN = 0;
const READ = 1;
const CONTROL_WORDS = 2;

export class ReleaseRing {
  readonly buffer: SharedArrayBuffer;
  readonly #control: Int32Array;
  /** entry, block; entry, block; ... */
  readonly #pairs: Int32Array;
  #written = 0;
  /** The venue's thread: the worker's count of pairs read, as last loaded. */
  #readSeen = 0;
  #read = 0;

  constructor(buffer = new SharedArrayBuffer(4 * (CONTROL_WORDS + 2 * CAPACITY))) {
    this.buffer = buffer;
    this.#control = new Int32Array(buffer, 0, CONTROL_WORDS);
    this.#pairs = new Int32Array(buffer, 4 * CONTROL_WORDS);
  }

  /**
   * The venue's thread: writes a release, seen by the worker from the next `flush`; false when the
   * ring is full (post it later).
   */
  post(entry: number, block: number): boolean {
    const written = this.#written;
    if (((written - this.#readSeen) | 0) === CAPACITY) {
      this.#readSeen = Atomics.load(this.#control, READ);
      if (((written - this.#readSeen) | 0) === CAPACITY) return false;
    }
    const at = 2 * (written & (CAPACITY - 1));
    this.#pairs[at] = entry;
    this.#pairs[at + 1] = block;
    this.#written = (written + 1) | 0;
    return true;
  }

  /** The venue's thread: the releases written so far are the worker's to read. */
  flush(): void {
    Atomics.store(this.#control, WRITTEN, this.#written);
  }

  /**
   * The worker: hands each release posted since the last call to `release`, in order, up to the
   * first after block `before - 1`.
   */
  drain(release: (entry: number, block: number) => void, before: number): void {
    const written = Atomics.load(this.#control, WRITTEN);
    let read = this.#read;
    for (; read !== written; read = (read + 1) | 0) {
      const at = 2 * (read & (CAPACITY - 1));
      if (this.#pairs[at + 1]! >= before) break;
      release(this.#pairs[at]!, this.#pairs[at + 1]!);
    }
    Atomics.store(this.#control, READ, (this.#read = read));
  }
}
