/**
 * The decoding worker of an Arrow flow (DecodedBlocks): reads the file's batches and decodes each
 * block of rows that the venue's thread has not reached into the BlockRing. It reports nothing:
 * when it stops early (a file it cannot read, or another file now at the path), the venue's
 * thread decodes the blocks left itself and reports what is wrong with the file in its own words.
 */
import { workerData } from 'node:worker_threads';
import type { Instrument } from '../../../src/index.js';
import { BlockDecoder } from './block-decoder.js';
import { BlockRing } from './block-ring.js';
import { BLOCK_ROWS } from './flow-codes.js';
import { openArrowBatches } from './flow-reader.js';

export interface DecodeWorkerInput {
  readonly path: string;
  /** The venue's books, in order. */
  readonly instruments: readonly Instrument[];
  readonly ring: SharedArrayBuffer;
  /** The file the venue's thread reads (ArrowBatches.identity): no other is decoded. */
  readonly identity: string;
}

const { path, instruments, ring: buffer, identity } = workerData as DecodeWorkerInput;
const ring = new BlockRing(buffer);

async function decodeAhead(): Promise<void> {
  const flow = await openArrowBatches(path);
  try {
    if (flow.identity !== identity) return;
    const decoder = new BlockDecoder(flow.schema, instruments);
    let index = 0;
    for await (const batch of flow.batches) {
      for (let first = 0; first < batch.numRows; first += BLOCK_ROWS, index++) {
        if (ring.passed(index)) continue;
        const count = Math.min(BLOCK_ROWS, batch.numRows - first);
        decoder.decode(batch, index, first, count, ring.slot());
        ring.publish();
      }
    }
  } finally {
    flow.close();
  }
}

await decodeAhead().catch(() => {});
