import type { Venue, VenueEvent } from '../../src/index.js';
import { apiError, type ApiError } from './errors.js';
import type { EventSink } from './http-types.js';
import { Stream } from './stream-connection.js';
import {
  encodeEvent,
  snapshotEvent,
  symbolOf,
  type Channel,
  type LoggedEvent,
} from './stream-events.js';

export interface StreamLimits {
  /** Open streams in all. */
  readonly maxStreams: number;
  /** Open streams per API key. */
  readonly maxStreamsPerKey: number;
  /** Symbols one stream may name. */
  readonly maxSymbols: number;
  /** Events kept per symbol for `Last-Event-ID` resumes. */
  readonly logEvents: number;
  /** Characters a stream may have waiting (written, not yet taken by the network); beyond, it is dropped. */
  readonly maxQueued: number;
  /** Milliseconds between heartbeats (comment lines). */
  readonly heartbeatMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxStreams: 1000,
  maxStreamsPerKey: 50,
  maxSymbols: 10,
  logEvents: 1000,
  maxQueued: 256 * 1024,
  heartbeatMs: 15_000,
};

/** Where a client stopped: the hub's epoch and, per symbol of the stream, its last sequence. */
export interface StreamPosition {
  readonly epoch: number;
  readonly sequences: readonly number[];
}

export interface StreamRequest {
  readonly account: string;
  readonly symbols: readonly string[];
  readonly channels: ReadonlySet<Channel>;
  readonly resumeFrom: StreamPosition | undefined;
}

export interface StreamHubOptions {
  readonly limits?: Partial<StreamLimits>;
  /**
   * Awaited before queued events are written when it returns a promise (the journal's fsync):
   * no event reaches a client before the command that made it is on disk.
   */
  readonly beforeFlush?: () => Promise<void> | undefined;
}

/** A symbol's events since the hub started following the venue: a ring of the last ones. */
interface SymbolLog {
  sequence: number;
  readonly ring: (LoggedEvent | undefined)[];
  /** The streams that follow the symbol, with the symbol's index in each. */
  readonly streams: Map<Stream, number>;
}

/**
 * The Server-Sent Events of /v1/stream. Follows the venue from the first stream on; each event is
 * encoded once, logged in its symbol's bounded ring and queued on the streams that carry it. The
 * venue's path only appends text: queues are written on the next turn of the event loop, and a
 * stream whose queue outgrows its bound is dropped, never waited for.
 */
export class StreamHub {
  readonly limits: StreamLimits;
  readonly #venue: Venue;
  readonly #clock: () => number;
  readonly #beforeFlush: StreamHubOptions['beforeFlush'];
  readonly #logs = new Map<string, SymbolLog>();
  readonly #perKey = new Map<number, number>();
  readonly #streams = new Set<Stream>();
  readonly #dirty = new Set<Stream>();
  #reserved = 0;
  /** When the hub started following the venue: ids of another epoch cannot be resumed. */
  #epoch = -1;
  #flushScheduled = false;
  #flushed: Promise<void> = Promise.resolve();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(venue: Venue, clock: () => number, options: StreamHubOptions = {}) {
    this.#venue = venue;
    this.#clock = clock;
    this.#beforeFlush = options.beforeFlush;
    this.limits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
  }

  get epoch(): number {
    return this.#epoch;
  }

  /** Streams open or about to open. */
  get size(): number {
    return this.#reserved;
  }

  /** Holds a place for a new stream of the key, or says why there is none. */
  reserve(keyIndex: number): ApiError | (() => void) {
    const ofKey = this.#perKey.get(keyIndex) ?? 0;
    const full = this.#reserved >= this.limits.maxStreams;
    if (full || ofKey >= this.limits.maxStreamsPerKey) {
      const message = full
        ? `too many open streams (at most ${this.limits.maxStreams} in all)`
        : `too many open streams for this key (at most ${this.limits.maxStreamsPerKey})`;
      return { ...apiError('too_many_streams', message), headers: { 'retry-after': '5' } };
    }
    this.#reserved++;
    this.#perKey.set(keyIndex, ofKey + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#reserved--;
      const left = this.#perKey.get(keyIndex)! - 1;
      if (left === 0) this.#perKey.delete(keyIndex);
      else this.#perKey.set(keyIndex, left);
    };
  }

  /**
   * Starts a reserved stream into `sink`: per symbol, the events after the client's position when
   * the log still holds them all, else a snapshot. Returns what closes it when the client goes.
   */
  open(request: StreamRequest, sink: EventSink, release: () => void): () => void {
    this.#follow();
    const stream = new Stream(this, request, sink, () => {
      this.#streams.delete(stream);
      this.#dirty.delete(stream);
      for (const symbol of request.symbols) this.#logs.get(symbol)!.streams.delete(stream);
      release();
      if (this.#streams.size === 0) this.#stopHeartbeat();
    });
    const { resumeFrom } = request;
    request.symbols.forEach((symbol, index) => {
      const log = this.#logs.get(symbol)!;
      const from = resumeFrom?.epoch === this.#epoch ? resumeFrom.sequences[index]! : -1;
      if (from >= 0 && from <= log.sequence && log.sequence - from <= log.ring.length) {
        for (let sequence = from + 1; sequence <= log.sequence; sequence++)
          stream.offer(index, log.ring[sequence % log.ring.length]!);
        stream.positions[index] = log.sequence;
      } else {
        stream.positions[index] = log.sequence;
        const text = snapshotEvent(
          this.#venue,
          symbol,
          log.sequence,
          request.channels,
          request.account,
        );
        stream.queue(`id: ${stream.id()}\n${text}`);
      }
      log.streams.set(stream, index);
    });
    this.#streams.add(stream);
    this.#heartbeat ??= setInterval(this.#beat, this.limits.heartbeatMs);
    this.#heartbeat.unref?.();
    return stream.close;
  }

  /** Ends every stream (the server is stopping). */
  close(): void {
    for (const stream of [...this.#streams]) stream.end();
    this.#stopHeartbeat();
  }

  /** Queues the stream's pending text for the next write. */
  markDirty(stream: Stream): void {
    this.#dirty.add(stream);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(this.#flush);
  }

  readonly #flush = () => {
    this.#flushScheduled = false;
    const batch = [...this.#dirty].map((stream) => [stream, stream.takePending()] as const);
    this.#dirty.clear();
    const write = () => {
      for (const [stream, text] of batch) stream.write(text);
    };
    const durable = this.#beforeFlush?.();
    if (durable === undefined) return write();
    this.#flushed = this.#flushed.then(() => durable).then(write, write);
  };

  readonly #beat = () => {
    for (const stream of this.#streams) stream.queue(':heartbeat\n\n');
  };

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  /** Starts following the venue (once: resumes need the logs to cover every event since). */
  #follow(): void {
    if (this.#epoch >= 0) return;
    this.#epoch = this.#clock();
    for (const instrument of this.#venue.instruments()) {
      const ring = new Array<LoggedEvent | undefined>(this.limits.logEvents);
      this.#logs.set(instrument.symbol, { sequence: 0, ring, streams: new Map() });
    }
    this.#venue.subscribe(this.#onEvent);
  }

  readonly #onEvent = (event: VenueEvent) => {
    const log = this.#logs.get(symbolOf(event))!;
    const logged = encodeEvent(event, ++log.sequence);
    log.ring[log.sequence % log.ring.length] = logged;
    for (const [stream, index] of log.streams) stream.offer(index, logged);
  };
}
