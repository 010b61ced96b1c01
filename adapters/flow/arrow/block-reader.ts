/**
 * An Arrow IPC file's record batches, read message by message with readSync, each record batch
 * into one of three buffers used in turn. apache-arrow's file reader allocates a fresh buffer for
 * every batch: the kernel has to fault in and zero those pages (about 190 ms for a 64 MB flow, a
 * sixth of its replay) and they wait for a collection to be freed, so the peak RSS swung with the
 * garbage collector. The messages go to apache-arrow's stream reader, which decodes a batch as
 * views of its buffer and pulls one message ahead: with three buffers, a batch stays valid until
 * the next but one is read.
 */
import { readSync } from 'node:fs';
import type { RecordBatch, Schema } from 'apache-arrow';
import { arrow } from './arrow-library.js';

const { Message, MessageHeader, RecordBatchReader } = arrow;

/** The stream of messages starts after the file's magic `ARROW1` and its padding. */
const STREAM_START = 8;
/** A message's metadata length follows this marker (older writers left it out). */
const CONTINUATION = -1;

/** The file ends inside a message (its own length names more bytes than there are). */
export class CutMessageError extends Error {
  constructor(end: number) {
    super(`the file ends inside a message at byte ${end}`);
  }
}

/** The batches of the file open at `fd`, whose schema (from its footer) is `schema`. */
export function* readRecordBatches(fd: number, schema: Schema): Generator<RecordBatch> {
  yield* RecordBatchReader.from(messages(fd, schema)).open();
}

/**
 * The schema, then the file's messages up to the end-of-stream marker, each as one array (prefix,
 * metadata, body). The schema comes from the footer: apache-arrow's own file writer leaves the
 * schema message out of the stream (pyarrow's is read again, the same schema).
 */
function* messages(fd: number, schema: Schema): Generator<Uint8Array> {
  yield framed(Message.encode(Message.from(schema)));
  const batchBuffers = [new Uint8Array(0), new Uint8Array(0), new Uint8Array(0)];
  let batches = 0;
  let position = STREAM_START;
  for (;;) {
    const prefix = new DataView(read(fd, new Uint8Array(8), position).buffer);
    const continued = prefix.getInt32(0, true) === CONTINUATION;
    const prefixLength = continued ? 8 : 4;
    const metadataLength = prefix.getInt32(continued ? 4 : 0, true);
    if (metadataLength === 0) return;
    const head = read(fd, new Uint8Array(prefixLength + metadataLength), position);
    const message = Message.decode(head.subarray(prefixLength));
    const length = head.length + Number(message.bodyLength);
    let whole: Uint8Array;
    if (message.headerType === MessageHeader.RecordBatch) {
      const slot = batches++ % batchBuffers.length;
      // A sixteenth more than asked, as the batches of one file differ by a few percent.
      if (batchBuffers[slot]!.length < length)
        batchBuffers[slot] = new Uint8Array(length + (length >> 4));
      whole = batchBuffers[slot]!.subarray(0, length);
    } else {
      whole = new Uint8Array(length); // a schema or dictionary: the reader keeps it
    }
    whole.set(head);
    read(fd, whole.subarray(head.length), position + head.length);
    yield whole;
    position += length;
  }
}

/** A message's metadata after the continuation marker and its length, padded to 8 bytes. */
function framed(metadata: Uint8Array): Uint8Array {
  const padded = (metadata.length + 7) & ~7;
  const bytes = new Uint8Array(8 + padded);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, CONTINUATION, true);
  view.setInt32(4, padded, true);
  bytes.set(metadata, 8);
  return bytes;
}

function read(fd: number, into: Uint8Array, position: number): Uint8Array {
  let done = 0;
  while (done < into.length) {
    const bytes = readSync(fd, into, done, into.length - done, position + done);
    if (bytes === 0) throw new CutMessageError(position + done);
    done += bytes;
  }
  return into;
}
