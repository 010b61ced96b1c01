/**
 * The replay's trades.csv and orders.csv written on the second core: the main thread sends the
 * fields of each event that its line reads, and its ids, through a ring to the output worker
 * (output-worker.ts), which formats them with the same LineFormatter, in the same order, into the
 * same bytes. An id is sent as where it is in the scenario ids' arena, which the worker reads in
 * place (`idArenas`), or as its bytes. `finish` waits for the worker to have written and closed
 * both files.
 */
import {
  MessageChannel,
  receiveMessageOnPort,
  type MessagePort,
  type Worker,
} from 'node:worker_threads';
import type { SharedArenas } from '../../bytes-table.js';
import {
  ringMemory,
  RING_DONE,
  RingWriter,
  WRITER_WAIT_MS,
  type RingMemory,
} from '../../output/record-ring.js';
import { startWorker } from '../../start-worker.js';
import type { ScenarioIdView } from '../../flow/driver/index.js';
import type { BookFormat, OrderLine, ReplaySinks, TradeLine } from './line-formatter.js';
import type { ReplayLines } from './replay-lines.js';
import {
  ACCOUNT,
  AT,
  FILE,
  FINAL,
  ID_BY_MESSAGE,
  IN_RECORD,
  RECORD,
  padded,
  TEXT,
  TRADE,
  writeFinal,
  writeTrade,
} from './output-records.js';

const RING_BYTES = 1 << 20;
/** Longer ids and account names go through the port, longer texts in pieces. */
const LONG = 1 << 16;
/** The largest record: a trade with two ids of LONG bytes. */
const MAX_RECORD = padded(TRADE.ids + 2 * LONG);

export interface OutputWorkerInput {
  readonly ring: RingMemory;
  /** One int32: the ids' arenas the worker took (ARENA records read). */
  readonly arenasTaken: SharedArrayBuffer;
  readonly port: MessagePort;
  readonly books: readonly BookFormat[];
  readonly trades: string;
  readonly orders: string;
}

/** What the worker sends when it fails: its error's message and code. */
export interface OutputWorkerFailure {
  readonly message: string;
  readonly code?: string;
}

export class WorkerLines implements ReplayLines {
  readonly #ring: RingWriter;
  readonly #port: MessagePort;
  readonly #buffer: Buffer;
  readonly #worker: Worker;
  /**
   * The scenario ids' arenas (BytesTable.shareArenas): the worker reads an id in the arena at the
   * offsets its record gives. Two are used in turn: the one before the current is handed out again
   * only once the worker took the current one (`#arenasTaken`), and so reads the other no more.
   */
  readonly idArenas: SharedArenas = { next: (capacity) => this.#nextArena(capacity) };
  #arena: Uint8Array | null = null;
  #previousArena: Uint8Array | null = null;
  #arenasSent = 0;
  readonly #arenasTaken = new Int32Array(new SharedArrayBuffer(4));

  /** Starts the worker on the two files (created empty by the caller). */
  constructor(books: readonly BookFormat[], files: { trades: string; orders: string }) {
    const ring = ringMemory(RING_BYTES);
    const { port1, port2 } = new MessageChannel();
    const workerData: OutputWorkerInput = {
      ring,
      arenasTaken: this.#arenasTaken.buffer,
      port: port2,
      books,
      ...files,
    };
    this.#worker = startWorker(import.meta.url, 'output-worker', {
      workerData,
      transferList: [port2],
      // It formats into its files' buffers and allocates little: a young generation of 2 MB,
      // not V8's default, keeps 6 MB off the replay's peak RSS at no measured cost.
      resourceLimits: { maxYoungGenerationSizeMb: 2 },
    });
    this.#worker.unref();
    this.#ring = new RingWriter(ring, MAX_RECORD, () => this.#failure());
    this.#port = port1;
    this.#buffer = Buffer.from(this.#ring.bytes.buffer);
  }

  nameAccount(account: number, name: string): void {
    const length = Buffer.byteLength(name);
    const inRing = length <= LONG;
    const at = this.#reserve(RECORD.ACCOUNT, ACCOUNT.name + (inRing ? length : 0));
    this.#ring.int32[(at + ACCOUNT.account) >> 2] = account;
    this.#ring.int32[(at + ACCOUNT.nameLength) >> 2] = inRing ? length : ID_BY_MESSAGE;
    if (inRing) this.#buffer.write(name, at + ACCOUNT.name);
    else this.#port.postMessage(name);
    this.#commit(at);
  }

  trade({ event, makerId, takerId }: TradeLine): void {
    const makerLength = this.#idLength(makerId);
    const takerLength = this.#idLength(takerId);
    const at = this.#reserve(RECORD.TRADE, TRADE.ids + makerLength + takerLength);
    const { float64, int32 } = this.#ring;
    writeTrade(float64, int32, at, event);
    this.#writeId(makerId, makerLength, at + TRADE.makerIdStart, at + TRADE.ids);
    this.#writeId(takerId, takerLength, at + TRADE.takerIdStart, at + TRADE.ids + makerLength);
    this.#commit(at);
  }

  final({ event, id }: OrderLine): void {
    const idLength = this.#idLength(id);
    const at = this.#reserve(RECORD.FINAL, FINAL.id + idLength);
    const { float64, int32 } = this.#ring;
    writeFinal(float64, int32, at, event);
    this.#writeId(id, idLength, at + FINAL.idStart, at + FINAL.id);
    this.#commit(at);
  }

  write(file: keyof ReplaySinks, text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    for (let start = 0; start < bytes.length; start += LONG) {
      const piece = bytes.subarray(start, start + LONG);
      const at = this.#reserve(RECORD.TEXT, TEXT.bytes + piece.length);
      this.#ring.int32[(at + TEXT.file) >> 2] = file === 'trades' ? FILE.TRADES : FILE.ORDERS;
      this.#ring.int32[(at + TEXT.byteLength) >> 2] = piece.length;
      this.#ring.bytes.set(piece, at + TEXT.bytes);
      this.#commit(at);
    }
  }

  /** Sends the end and waits until the worker has closed both files; throws what it failed on. */
  finish(): void {
    this.#commit(this.#reserve(RECORD.END, 8));
    if (this.#ring.awaitReader() !== RING_DONE) throw this.#failure();
  }

  stop(): void {
    void this.#worker.terminate();
  }

  /** Bytes the id takes in the record: 0 in the arena, or for a long one sent through the port. */
  #idLength(id: ScenarioIdView): number {
    if (id.bytes === this.#arena) return 0;
    const length = id.start === id.end ? Buffer.byteLength(id.text()!) : id.end - id.start;
    return length > LONG ? 0 : length;
  }

  /**
   * Writes where the id is at `fields` (its start and length): in the arena, or its `length` bytes
   * at `at` (`#writeBytes`).
   */
  #writeId(id: ScenarioIdView, length: number, fields: number, at: number): void {
    const int32 = this.#ring.int32;
    if (id.bytes === this.#arena) {
      int32[fields >> 2] = id.start;
      int32[(fields + 4) >> 2] = id.end - id.start;
    } else {
      int32[fields >> 2] = IN_RECORD;
      int32[(fields + 4) >> 2] = this.#writeBytes(id, length, at);
    }
  }

  /** Writes the id at `at` (`length` bytes, or by message when 0 but the id is not empty). */
  #writeBytes(id: ScenarioIdView, length: number, at: number): number {
    const { bytes, start, end } = id;
    if (length === 0 && (start !== end || id.text() !== '')) {
      const copy = start === end ? Buffer.from(id.text()!) : bytes.slice(start, end);
      this.#port.postMessage(copy);
      return ID_BY_MESSAGE;
    }
    if (start === end) {
      this.#buffer.write(id.text()!, at);
    } else {
      const ring = this.#ring.bytes;
      for (let i = start; i < end; i++) ring[at++] = bytes[i]!; // no subarray per id
    }
    return length;
  }

  /** The ids' next arena, `capacity` bytes, announced to the worker before any id in it. */
  #nextArena(capacity: number): Uint8Array {
    const spare = this.#previousArena;
    let arena: Uint8Array;
    if (spare !== null && spare.length === capacity) {
      this.#awaitArenaTaken();
      arena = spare;
    } else {
      arena = new Uint8Array(new SharedArrayBuffer(capacity));
    }
    this.#previousArena = this.#arena;
    this.#arena = arena;
    this.#arenasSent++;
    this.#commit(this.#reserve(RECORD.ARENA, 8));
    this.#port.postMessage(arena.buffer);
    return arena;
  }

  /** Waits until the worker took the current arena (and reads the one before no more). */
  #awaitArenaTaken(): void {
    for (;;) {
      const taken = Atomics.load(this.#arenasTaken, 0);
      if (taken === this.#arenasSent) return;
      this.#ring.publish(true);
      this.#ring.assertReaderRunning();
      Atomics.wait(this.#arenasTaken, 0, taken, WRITER_WAIT_MS);
    }
  }

  #reserve(kind: number, length: number): number {
    const at = this.#ring.reserve(padded(length));
    this.#ring.int32[(at + AT.KIND) >> 2] = kind;
    this.#ring.int32[(at + AT.LENGTH) >> 2] = padded(length);
    return at;
  }

  #commit(at: number): void {
    this.#ring.commit(at, this.#ring.int32[(at + AT.LENGTH) >> 2]!);
  }

  #failure(): Error {
    const failure = receiveMessageOnPort(this.#port)?.message as OutputWorkerFailure | undefined;
    const error = new Error(
      failure?.message ??
        (this.#ring.readerStarted
          ? 'the output worker stopped'
          : 'the output worker did not start'),
    ) as NodeJS.ErrnoException;
    if (failure?.code !== undefined) error.code = failure.code;
    return error;
  }
}
