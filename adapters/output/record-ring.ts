/**
 * A ring of records in shared memory, from one thread that writes to one that reads, in order.
 * A record is a multiple of 8 bytes that starts with its kind (an int32) and is never split: one
 * that does not fit before the end of the ring starts again at 0, after a WRAP record. The writer
 * writes records into a buffer of its own and publishes them every PUBLISH_BYTES (and when it
 * ends), copied into the ring as one block of whole records; the reader hands back the room every
 * PUBLISH_BYTES too. Either side sleeps on Atomics.wait when it must. A
 * reader that caught up looks again every READER_POLL_MS, and is woken only when the writer waits
 * for room or ends: a writer whose reader keeps up makes no system call (a wake is one, some 30-40
 * µs on a virtual machine's core), and the ring holds more than the writer writes in that time.
 */

/** The record kind that sends the reader back to the ring's start. */
const WRAP = -1;
const PUBLISH_BYTES = 1 << 16;
const READER_POLL_MS = 2;
/** How long a writer waiting for room sleeps before it looks again at the reader's state. */
export const WRITER_WAIT_MS = 100;
/**
 * How many of its sleeps a writer waits for a reader that has not started (a worker that could not
 * load its module never does): 30 s.
 */
const READER_START_WAITS = 300;
/**
 * Control words: the writer's published offset, the reader's, the reader's state, whether each
 * side sleeps (so that the other wakes it only then: a wake is a system call), and 1 once the
 * reader has started.
 */
const HEAD = 0;
const TAIL = 1;
const STATE = 2;
const READER_SLEEPS = 3;
const WRITER_SLEEPS = 4;
const READER_STARTED = 5;
export const RING_RUNNING = 0;
export const RING_DONE = 1;
export const RING_FAILED = 2;

export interface RingMemory {
  readonly control: SharedArrayBuffer;
  readonly data: SharedArrayBuffer;
}

/** A ring of `capacity` bytes (a multiple of 8). */
export function ringMemory(capacity: number): RingMemory {
  return { control: new SharedArrayBuffer(32), data: new SharedArrayBuffer(capacity) };
}

/** Typed views of the ring's data, for reading records. */
export class RingViews {
  readonly bytes: Uint8Array;
  readonly int32: Int32Array;
  readonly float64: Float64Array;
  protected readonly control: Int32Array;

  constructor(memory: RingMemory) {
    this.control = new Int32Array(memory.control);
    this.bytes = new Uint8Array(memory.data);
    this.int32 = new Int32Array(memory.data);
    this.float64 = new Float64Array(memory.data);
  }

  get state(): number {
    return Atomics.load(this.control, STATE);
  }
}

/**
 * Writes records into a buffer of its own and copies them into the ring PUBLISH_BYTES at a time:
 * each record's stores stay in this core's cache, and the ring's memory, which the reader's core
 * read last, is written by one block copy per publish.
 */
export class RingWriter {
  /** Views of the buffer the records are written into, at the offsets `reserve` gives. */
  readonly bytes: Uint8Array;
  readonly int32: Int32Array;
  readonly float64: Float64Array;
  readonly #control: Int32Array;
  readonly #ring: Uint8Array;
  readonly #ringInt32: Int32Array;
  /** Where the next block goes in the ring. */
  #head = 0;
  /** The bytes written in `bytes`, not yet copied into the ring. */
  #staged = 0;
  /** The sleeps left to wait for a reader that has not started. */
  #startWaits: number;

  /**
   * A writer of records of at most `maxRecord` bytes; `failed()` is what it throws when it must
   * wait for a reader that has stopped, or has not started after `startWaits` sleeps.
   */
  constructor(
    memory: RingMemory,
    maxRecord: number,
    private readonly failed: () => Error,
    startWaits = READER_START_WAITS,
  ) {
    this.#startWaits = startWaits;
    const staging = new ArrayBuffer(PUBLISH_BYTES + maxRecord);
    this.bytes = new Uint8Array(staging);
    this.int32 = new Int32Array(staging);
    this.float64 = new Float64Array(staging);
    this.#control = new Int32Array(memory.control);
    this.#ring = new Uint8Array(memory.data);
    this.#ringInt32 = new Int32Array(memory.data);
  }

  get state(): number {
    return Atomics.load(this.#control, STATE);
  }

  /** Whether the reader has started (a RingReader was made on the ring). */
  get readerStarted(): boolean {
    return Atomics.load(this.#control, READER_STARTED) === 1;
  }

  /** The offset where a record of `length` bytes (a multiple of 8) can be written; `commit` it after. */
  reserve(length: number): number {
    if (this.#staged + length > this.bytes.length) this.publish(false);
    return this.#staged;
  }

  commit(offset: number, length: number): void {
    this.#staged = offset + length;
    if (this.#staged >= PUBLISH_BYTES) this.publish(false);
  }

  /** Makes what was written readable; wakes a sleeping reader when `wake`. */
  publish(wake: boolean): void {
    this.#copy();
    this.#announce(wake);
  }

  /** Waits until the reader is no longer running; its final state. */
  awaitReader(): number {
    this.publish(true);
    while (this.state === RING_RUNNING) {
      this.assertReaderRunning();
      Atomics.wait(this.#control, STATE, RING_RUNNING, WRITER_WAIT_MS);
    }
    return this.state;
  }

  /**
   * Before a sleep of at most WRITER_WAIT_MS on the reader: throws `failed()` when it has stopped,
   * or has not started after the writer's `startWaits` sleeps.
   */
  assertReaderRunning(): void {
    if (this.state !== RING_RUNNING) throw this.failed();
    if (this.#startWaits > 0 && !this.readerStarted && --this.#startWaits === 0)
      throw this.failed();
  }

  /** Copies the staged records into the ring, waiting for the reader to make room. */
  #copy(): void {
    const length = this.#staged;
    if (length === 0) return;
    const at = this.#room(length);
    this.#ring.set(this.bytes.subarray(0, length), at);
    this.#head = at + length;
    this.#staged = 0;
  }

  /** The ring's offset where `length` bytes fit, waiting for them; throws `failed()`. */
  #room(length: number): number {
    const capacity = this.#ring.length;
    for (;;) {
      const tail = Atomics.load(this.#control, TAIL);
      const head = this.#head;
      if (head >= tail) {
        if (capacity - head >= length + 8) return head; // 8 left for a WRAP record
        if (tail > length) {
          this.#ringInt32[head >> 2] = WRAP;
          this.#head = 0;
          continue;
        }
      } else if (tail - head > length) {
        return head;
      }
      this.#announce(true);
      this.assertReaderRunning();
      sleep(this.#control, WRITER_SLEEPS, TAIL, tail, WRITER_WAIT_MS);
    }
  }

  #announce(wake: boolean): void {
    Atomics.store(this.#control, HEAD, this.#head);
    if (wake && Atomics.load(this.#control, READER_SLEEPS) === 1)
      Atomics.notify(this.#control, HEAD);
  }
}

export class RingReader extends RingViews {
  constructor(memory: RingMemory) {
    super(memory);
    Atomics.store(this.control, READER_STARTED, 1);
  }

  /**
   * Gives every record's offset to `read`, which returns the record's length, or 0 after the
   * last record; returns then.
   */
  readAll(read: (offset: number) => number): void {
    const control = this.control;
    let tail = Atomics.load(control, TAIL);
    let unreturned = 0;
    for (;;) {
      const head = Atomics.load(control, HEAD);
      if (head === tail) {
        this.#giveBack(tail);
        unreturned = 0;
        sleep(control, READER_SLEEPS, HEAD, head, READER_POLL_MS);
        continue;
      }
      while (tail !== head) {
        if (this.int32[tail >> 2] === WRAP) {
          tail = 0;
          continue;
        }
        const length = read(tail);
        if (length === 0) return;
        tail += length;
        unreturned += length;
        if (unreturned >= PUBLISH_BYTES) {
          this.#giveBack(tail);
          unreturned = 0;
        }
      }
    }
  }

  #giveBack(tail: number): void {
    Atomics.store(this.control, TAIL, tail);
    if (Atomics.load(this.control, WRITER_SLEEPS) === 1) Atomics.notify(this.control, TAIL);
  }

  /** Tells the writer the reader stopped: RING_DONE or RING_FAILED. */
  finish(state: number): void {
    Atomics.store(this.control, STATE, state);
    Atomics.notify(this.control, STATE);
    Atomics.notify(this.control, TAIL);
  }
}

/**
 * Sleeps while `control[word]` is `value` (at most `ms`: then the caller looks again), saying so
 * in `control[flag]`. The other side stores `word` before it reads `flag`, and this side stores
 * `flag` before Atomics.wait compares `word`: one of the two sees the other's store.
 */
function sleep(control: Int32Array, flag: number, word: number, value: number, ms: number): void {
  Atomics.store(control, flag, 1);
  Atomics.wait(control, word, value, ms);
  Atomics.store(control, flag, 0);
}
