/**
 * An Arrow flow's rows as CommandBlocks, in order, for the venue's thread (feedFlow): decoded
 * here, or, for a flow opened with `decodeWorker`, by a worker thread (decode-worker.ts) a few
 * blocks ahead, through a BlockRing. A block the worker has not published in time is decoded
 * here, so the blocks, and the run, are the same whichever thread decoded them.
 */
import type { Worker } from 'node:worker_threads';
import type { RecordBatch } from 'apache-arrow';
import type { Instrument } from '../../../src/index.js';
import { startWorker } from '../../start-worker.js';
import { BlockDecoder } from './block-decoder.js';
import { BlockRing } from './block-ring.js';
import { CommandBlock } from './command-block.js';
import type { DecodeWorkerInput } from './decode-worker.js';
import type { ArrowBatches } from './flow-reader.js';

export class DecodedBlocks {
  readonly #decoder: BlockDecoder;
  readonly #local = new CommandBlock();
  readonly #ring: BlockRing | null = null;
  readonly #worker: Worker | null = null;
  /** The next block's number in the flow. */
  #index = 0;

  /** `instruments` are the venue's books, in order. */
  constructor(flow: ArrowBatches, instruments: readonly Instrument[]) {
    this.#decoder = new BlockDecoder(flow.schema, instruments);
    if (!flow.decodeWorker) return;
    this.#ring = new BlockRing();
    const workerData: DecodeWorkerInput = {
      path: flow.file,
      instruments,
      ring: this.#ring.buffer,
      identity: flow.identity,
    };
    this.#worker = startWorker(import.meta.url, 'decode-worker', { workerData });
    // A worker that stops early leaves its blocks to this thread.
    this.#worker.on('error', () => {});
    this.#worker.unref();
  }

  /** The batch's rows `[first, first + count)` as the flow's next block, valid until the next call. */
  next(batch: RecordBatch, first: number, count: number): CommandBlock {
    const index = this.#index++;
    const block = this.#ring?.take(index) ?? null;
    if (block === null) {
      this.#decoder.decode(batch, index, first, count, this.#local);
      return this.#local;
    }
    if (block.count !== count)
      throw new Error(`block ${index} has ${block.count} rows, its batch ${count}`);
    return block;
  }

  /** Stops the worker, if any. */
  close(): void {
    void this.#worker?.terminate();
  }
}
