/**
 * The decoding worker of an Arrow flow (DecodedBlocks): reads the file's batches and decodes each
 * block of rows into the BlockRing. Unnumbered, it skips the blocks the venue's thread reached
 * first. Numbered, it numbers the rows' ids (IdNumbering) with the entries the venue's thread gave
 * back (ReleaseRing) released first: behind the venue's thread for the blocks it claimed, then,
 * from the first block it did not, ahead of it (BlockRing.handOver). When it cannot start (a file
 * it cannot read, or another file now at the path) it says so through the ring, and the venue's
 * thread decodes (and numbers) the flow itself, reporting what is wrong with the file in its own
 * words.
 */
import { workerData } from 'node:worker_threads';
import type { Instrument } from '../../../src/index.js';
import { BlockDecoder } from './block-decoder.js';
import { BlockRing } from './block-ring.js';
import { BLOCK_ROWS } from './flow-codes.js';
import { openArrowBatches } from './flow-reader.js';
import { IdNumbering } from './id-numbering.js';
import { ReleaseRing } from './release-ring.js';

export interface DecodeWorkerInput {
  readonly path: string;
  /** The venue's books, in order. */
  readonly instruments: readonly Instrument[];
  readonly ring: SharedArrayBuffer;
  /** Where the venue's thread gives entries back when the worker numbers the ids, else null. */
  readonly releases: SharedArrayBuffer | null;
  /** The file the venue's thread reads (ArrowBatches.identity): no other is decoded. */
  readonly identity: string;
}

const {
  path,
  instruments,
  ring: ringBuffer,
  releases: releaseBuffer,
  identity,
} = workerData as DecodeWorkerInput;
const ring = new BlockRing(ringBuffer);
const releases = releaseBuffer === null ? null : new ReleaseRing(releaseBuffer);

async function decodeAhead(): Promise<void> {
  const flow = await openArrowBatches(path);
  try {
    if (flow.identity !== identity) return ring.stop();
    const decoder = new BlockDecoder(flow.schema, instruments);
    const numbering = releases === null ? null : new IdNumbering();
    const release = (entry: number, block: number) => numbering!.release(entry, block);
    // Numbered: the blocks the venue's thread claimed are numbered here too, the same way,
    // with the releases it made before each, until this worker takes over.
    let handedOver = false;
    let index = 0;
    for await (const batch of flow.batches) {
      for (let first = 0; first < batch.numRows; first += BLOCK_ROWS, index++) {
        const count = Math.min(BLOCK_ROWS, batch.numRows - first);
        if (numbering === null) {
          if (ring.passed(index)) continue;
        } else if (!handedOver && !(handedOver = ring.handOver(index))) {
          releases!.drain(release, index);
          decoder.number(batch, index, first, count, numbering);
          continue;
        }
        const slot = ring.slot();
        releases?.drain(release, Infinity);
        decoder.decode(batch, index, first, count, slot, numbering);
        ring.publish();
      }
    }
  } finally {
    flow.close();
  }
}

await decodeAhead().catch(() => ring.stop());
