/**
 * CommandBlocks in shared memory, from the decoding worker (decode-worker.ts) to the venue's
 * thread (DecodedBlocks). The venue's thread takes the block it needs when the worker has it
 * ready, else decodes that block itself; the worker skips the blocks the venue's thread has
 * reached and waits only while every slot holds a block not yet taken. So the worker can only take
 * work off the venue's thread, and the rows are the same either way.
 * When the ids are numbered (IdNumbering), one numbering must number every block: the venue's
 * thread numbers the blocks it claims (`claim`) until the worker, having numbered the same blocks
 * the same way behind it, takes over at the next block not claimed (`handOver`); from there the
 * venue's thread waits for each block (`take` with `wait`). A worker that stops says so (`stop`).
 */
import { CommandBlock } from './command-block.js';

/** Blocks decoded ahead at most. */
export const RING_SLOTS = 64;
const HALF = RING_SLOTS / 2;

/**
 * Control words: blocks published (with STOPPED once the worker stopped), blocks released, the
 * next block taken (numbered: claimed, with HANDED_OVER once the worker took over), 1 while the
 * venue's thread waits for a block (the worker wakes it only then).
 */
const PUBLISHED = 0;
const RELEASED = 1;
const TAKEN_NEXT = 2;
const WAITING = 3;
const STOPPED = 1 << 30;
const HANDED_OVER = 1 << 30;
/** In TAKEN_NEXT: the venue's thread numbers every block. */
const KEPT = -2;
const CONTROL_BYTES = 16;

export class BlockRing {
  readonly buffer: SharedArrayBuffer;
  readonly #control: Int32Array;
  readonly #slots: CommandBlock[] = [];
  /** Venue's thread: the slots it read past, and those it released (all but the one it holds). */
  #read = 0;
  #released = 0;
  /** Worker: the slots it published. */
  #published = 0;

  constructor(buffer = new SharedArrayBuffer(CONTROL_BYTES + RING_SLOTS * CommandBlock.BYTES)) {
    this.buffer = buffer;
    this.#control = new Int32Array(buffer, 0, CONTROL_BYTES / 4);
    for (let slot = 0; slot < RING_SLOTS; slot++)
      this.#slots.push(new CommandBlock(buffer, CONTROL_BYTES + slot * CommandBlock.BYTES));
  }

  /**
   * The venue's thread: the flow's block `index` when the worker has published it, else null
   * (decode it here); with `wait`, once it is published, or null if the worker stopped before it.
   * Blocks are asked for in order; the one returned is valid until the next call, which releases
   * it with any the worker published too late.
   */
  take(index: number, wait: boolean): CommandBlock | null {
    const control = this.#control;
    if (!wait) Atomics.store(control, TAKEN_NEXT, index + 1);
    for (;;) {
      const word = Atomics.load(control, PUBLISHED);
      const published = word & ~STOPPED;
      let read = this.#read;
      for (; read < published; read++) {
        const block = this.#slots[read % RING_SLOTS]!;
        if (block.index === index) break;
        if (block.index > index) throw new Error(`block ${block.index} came before ${index}`);
      }
      if (read > this.#released) {
        // A worker waiting for a slot is woken at every HALF slots released, not at every block.
        const wake = Math.floor(read / HALF) !== Math.floor(this.#released / HALF);
        this.#released = read;
        Atomics.store(control, RELEASED, read);
        if (wake) Atomics.notify(control, RELEASED);
      }
      if (read < published) {
        this.#read = read + 1;
        return this.#slots[read % RING_SLOTS]!;
      }
      this.#read = read;
      if (!wait || (word & STOPPED) !== 0) return null;
      Atomics.store(control, WAITING, 1);
      if (Atomics.load(control, PUBLISHED) === word) Atomics.wait(control, PUBLISHED, word);
      Atomics.store(control, WAITING, 0);
    }
  }

  /**
   * The venue's thread, numbered: whether it numbers and decodes block `index` itself (the next
   * block); false once the worker took over at it.
   */
  claim(index: number): boolean {
    return Atomics.compareExchange(this.#control, TAKEN_NEXT, index, index + 1) === index;
  }

  /**
   * The venue's thread, numbered: keeps the numbering for good, from block `index` on; false when
   * the worker took over at it first.
   */
  keep(index: number): boolean {
    return Atomics.compareExchange(this.#control, TAKEN_NEXT, index, KEPT) === index;
  }

  /** Whether the worker stopped early. */
  get stopped(): boolean {
    return (Atomics.load(this.#control, PUBLISHED) & STOPPED) !== 0;
  }

  /**
   * Worker, numbered: takes over at block `index` unless the venue's thread claimed it; the
   * venue's thread has claimed every block before it.
   */
  handOver(index: number): boolean {
    return Atomics.compareExchange(this.#control, TAKEN_NEXT, index, index | HANDED_OVER) === index;
  }

  /** Worker: whether the venue's thread has reached block `index` (it decodes it itself). */
  passed(index: number): boolean {
    return index < Atomics.load(this.#control, TAKEN_NEXT);
  }

  /** Worker: the slot to fill next, once one is free. */
  slot(): CommandBlock {
    const control = this.#control;
    for (;;) {
      const released = Atomics.load(control, RELEASED);
      if (this.#published - released < RING_SLOTS) break;
      Atomics.wait(control, RELEASED, released);
    }
    return this.#slots[this.#published % RING_SLOTS]!;
  }

  /** Worker: the slot `slot` gave is filled. */
  publish(): void {
    Atomics.store(this.#control, PUBLISHED, ++this.#published);
    if (Atomics.load(this.#control, WAITING) !== 0) Atomics.notify(this.#control, PUBLISHED);
  }

  /** Worker: it stops early; the venue's thread takes what it published, and no more. */
  stop(): void {
    Atomics.or(this.#control, PUBLISHED, STOPPED);
    Atomics.notify(this.#control, PUBLISHED);
  }
}
