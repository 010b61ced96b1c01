/**
 * CommandBlocks in shared memory, from the decoding worker (decode-worker.ts) to the venue's
 * thread (DecodedBlocks). The venue's thread never waits: it takes the block it needs when the
 * worker has it ready, else decodes that block itself; the worker skips the blocks the venue's
 * thread has reached and waits only while every slot holds a block not yet taken. So the worker
 * can only take work off the venue's thread, and the rows are the same either way.
 */
import { CommandBlock } from './command-block.js';

/** Blocks decoded ahead at most. */
export const RING_SLOTS = 64;
const HALF = RING_SLOTS / 2;

/** Counters in the control words: blocks published, blocks released, the next block taken. */
const PUBLISHED = 0;
const RELEASED = 1;
const TAKEN_NEXT = 2;
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
   * (decode it here). Blocks are asked for in order; the one returned is valid until the next
   * call, which releases it with any the worker published too late.
   */
  take(index: number): CommandBlock | null {
    const control = this.#control;
    Atomics.store(control, TAKEN_NEXT, index + 1);
    const published = Atomics.load(control, PUBLISHED);
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
    if (read === published) {
      this.#read = read;
      return null;
    }
    this.#read = read + 1;
    return this.#slots[read % RING_SLOTS]!;
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
  }
}
