/**
 * An Arrow flow's rows as CommandBlocks, in order, for the venue's thread (feedFlow): decoded
 * here, or, for a flow opened with `decodeWorker`, by a worker thread (decode-worker.ts) ahead of
 * the venue's thread, through a BlockRing. With `numbered`, the rows' ids are numbered
 * (IdNumbering) where the blocks are decoded, and the entries the venue's thread gives back
 * (`release`) go there. A worker that cannot start leaves the whole flow to this thread.
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
import { IdNumbering } from './id-numbering.js';
import { ReleaseRing } from './release-ring.js';

export class DecodedBlocks {
  readonly #decoder: BlockDecoder;
  readonly #local = new CommandBlock();
  /** The ids' numbering on this thread, numbered, until the worker takes over. */
  #numbering: IdNumbering | null = null;
  #ring: BlockRing | null = null;
  /** Numbered, with the worker: where the entries given back go to it. */
  #releases: ReleaseRing | null = null;
  /** Releases the ReleaseRing had no room for: entry, block, ... */
  readonly #unposted: number[] = [];
  #worker: Worker | null = null;
  /** The next block's number in the flow. */
  #index = 0;

  /** `instruments` are the venue's books, in order; `numbered`: number the rows' ids. */
  constructor(flow: ArrowBatches, instruments: readonly Instrument[], numbered: boolean) {
    this.#decoder = new BlockDecoder(flow.schema, instruments);
    if (numbered) this.#numbering = new IdNumbering();
    if (!flow.decodeWorker) return;
    this.#ring = new BlockRing();
    if (numbered) this.#releases = new ReleaseRing();
    const workerData: DecodeWorkerInput = {
      path: flow.file,
      instruments,
      ring: this.#ring.buffer,
      releases: this.#releases?.buffer ?? null,
      identity: flow.identity,
    };
    this.#worker = startWorker(import.meta.url, 'decode-worker', { workerData });
    // It says it stopped through the ring.
    this.#worker.on('error', () => {});
    this.#worker.unref();
  }

  /** The batch's rows `[first, first + count)` as the flow's next block, valid until the next call. */
  next(batch: RecordBatch, first: number, count: number): CommandBlock {
    const index = this.#index++;
    const ring = this.#ring;
    if (ring !== null) {
      const block =
        this.#releases !== null ? this.#numberedBlock(ring, index) : ring.take(index, false);
      if (block !== null) {
        if (block.count !== count)
          throw new Error(`block ${index} has ${block.count} rows, its batch ${count}`);
        return block;
      }
    }
    this.#decoder.decode(batch, index, first, count, this.#local, this.#numbering);
    return this.#local;
  }

  /**
   * Numbered: block `index` from the worker once it took over, else null (this thread numbers
   * it). The worker numbers the blocks this thread claims with the releases posted before each
   * claim, so a release not posted (the ReleaseRing full, as the worker starts) keeps the
   * numbering here for good.
   */
  #numberedBlock(ring: BlockRing, index: number): CommandBlock | null {
    if (this.#unposted.length > 0) this.#postUnposted();
    this.#releases!.flush();
    if (this.#numbering !== null) {
      const behind = this.#unposted.length > 0;
      if (behind ? ring.keep(index) : ring.claim(index)) {
        if (behind || ring.stopped) this.#dropWorker();
        return null;
      }
      this.#numbering = null; // the worker took over
    }
    const block = ring.take(index, true);
    if (block === null) throw new Error(`the decoding worker stopped before block ${index}`);
    return block;
  }

  /** The worker will not take over: this thread numbers every block, as it did. */
  #dropWorker(): void {
    this.close();
    this.#ring = null;
    this.#releases = null;
    this.#unposted.length = 0;
  }

  /**
   * After the block `next` gave last, the id of `entry` names no order: released here while this
   * thread numbers, and posted to the worker while it numbers, or will.
   */
  release(entry: number): void {
    const block = this.#index - 1;
    this.#numbering?.release(entry, block);
    const releases = this.#releases;
    if (releases !== null && (this.#unposted.length > 0 || !releases.post(entry, block)))
      this.#unposted.push(entry, block);
  }

  /** Posts the releases the ring had no room for, as far as it has room now. */
  #postUnposted(): void {
    const unposted = this.#unposted;
    let posted = 0;
    while (
      posted < unposted.length &&
      this.#releases!.post(unposted[posted]!, unposted[posted + 1]!)
    )
      posted += 2;
    unposted.splice(0, posted);
  }

  /** Stops the worker, if any. */
  close(): void {
    void this.#worker?.terminate();
  }
}
