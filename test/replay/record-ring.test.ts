import { describe, expect, it } from 'vitest';
import {
  ringMemory,
  RingReader,
  RingWriter,
  RING_DONE,
} from '../../adapters/output/record-ring.js';

const RECORD = 1024;

/** Writes `count` records of RECORD bytes (their kind 1) through `writer`. */
function writeRecords(writer: RingWriter, count: number): void {
  for (let n = 0; n < count; n++) {
    const at = writer.reserve(RECORD);
    writer.int32[at >> 2] = 1;
    writer.commit(at, RECORD);
  }
}

describe('the record ring', () => {
  it('throws, after its start sleeps, to a writer whose reader never started', () => {
    const failure = new Error('the reader did not start');
    const writer = new RingWriter(ringMemory(1 << 17), RECORD, () => failure, 2);
    expect(writer.readerStarted).toBe(false);
    // 64 KiB is published at a time: the third publish finds the 128 KiB ring full
    expect(() => writeRecords(writer, 256)).toThrow(failure);
  });

  it('carries records to a reader that started, and ends when it is done', () => {
    const memory = ringMemory(1 << 17);
    const writer = new RingWriter(memory, RECORD, () => new Error('failed'), 1);
    const reader = new RingReader(memory);
    expect(writer.readerStarted).toBe(true);
    writeRecords(writer, 100); // 100 KiB: fits, no wait
    const at = writer.reserve(8);
    writer.int32[at >> 2] = 2; // the end
    writer.commit(at, 8);
    writer.publish(true);
    let records = 0;
    reader.readAll((offset) => (reader.int32[offset >> 2] === 2 ? 0 : (records++, RECORD)));
    reader.finish(RING_DONE);
    expect([records, writer.awaitReader()]).toEqual([100, RING_DONE]);
  });
});
