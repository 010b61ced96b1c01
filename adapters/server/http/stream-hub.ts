import { randomInt } from 'node:crypto';
import type { Venue, VenueEvent } from '../../../src/index.js';
import { apiError, type ApiError } from './errors.js';
import type { StreamConnection } from './http-types.js';
import { EventBatch } from './stream-batch.js';
import { Stream } from './stream-connection.js';
import { FanOut, type StreamOutlet } from './stream-fanout.js';
import { FlushTiming } from '../../flush-timing.js';
import type { FlushTexts } from './stream-fanout-sockets.js';
import {
  encodeEvent,
  snapshotEvent,
  symbolOf,
  unsentOrder,
  type Channel,
  type LoggedEvent,
} from './stream-events.js';
import { groupKey, StreamGroup } from './stream-group.js';

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
  /**
   * Milliseconds at least between two writes to a stream (0: each turn of the event loop). Events
   * are gathered meanwhile, unless their text reaches `flushChars`.
   */
  readonly flushMs: number;
  /** Characters of gathered events that are written at once (on the next turn of the event loop). */
  readonly flushChars: number;
  /** Characters of flushes the fan-out process may leave unread; beyond, it is killed as stuck. */
  readonly maxBacklog: number;
  /**
   * Milliseconds a new stream may wait for the fan-out process to start it; beyond, it is answered
   * 503 (and a running fan-out process that was sent the connection is killed as stuck).
   */
  readonly startMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxStreams: 1000,
  maxStreamsPerKey: 50,
  maxSymbols: 10,
  logEvents: 1000,
  maxQueued: 256 * 1024,
  heartbeatMs: 15_000,
  flushMs: 5,
  flushChars: 32 * 1024,
  maxBacklog: 64 * 1024 * 1024,
  startMs: 1000,
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
   * Awaited before gathered events are written when it returns a promise (the journal's fsync,
   * waiting through a failing disk): no event reaches a client before the command that made it is
   * on disk. A rejection (the rows were lost) withholds the events for good.
   */
  readonly beforeFlush?: () => Promise<void> | undefined;
  /** Where the streams go, told how to report one closed; default the fan-out process. */
  readonly outlet?: (closed: (id: number) => void) => StreamOutlet;
}

/** A symbol's events since the hub started following the venue: a ring of the last ones. */
interface SymbolLog {
  sequence: number;
  readonly ring: (LoggedEvent | undefined)[];
  /** Open streams that follow the symbol: while there is none, its events are not gathered. */
  followers: number;
}

/**
 * The Server-Sent Events of /v1/stream. Follows the venue from the first stream on; each event is
 * encoded once, logged in its symbol's bounded ring and gathered in a batch. The venue's path only
 * gathers: a flush, on a later turn of the event loop and at most every `flushMs`, turns the batch
 * into one text per group of streams that see the same events and hands the texts to the outlet
 * (the fan-out process, which owns the sockets) in one message.
 */
export class StreamHub {
  readonly limits: StreamLimits;
  readonly #venue: Venue;
  readonly #beforeFlush: StreamHubOptions['beforeFlush'];
  readonly #logs = new Map<string, SymbolLog>();
  readonly #perKey = new Map<number, number>();
  readonly #groups = new Map<string, StreamGroup>();
  readonly #streams = new Map<number, Stream>();
  readonly #outlet: StreamOutlet;
  readonly #batch = new EventBatch();
  /** Accounts that have opened a stream of the `orders` channel: only their updates are encoded. */
  readonly #orderAccounts = new Set<string>();
  #reserved = 0;
  #nextId = 1;
  /**
   * The first number of every id, drawn at random (48 bits) for this run: ids of another server,
   * or of this one before a restart, are never resumed, even one started in the same millisecond.
   */
  readonly #epoch = randomInt(1, 2 ** 48);
  #following = false;
  readonly #timing: FlushTiming;
  #flushed: Promise<void> = Promise.resolve();

  constructor(venue: Venue, options: StreamHubOptions = {}) {
    this.#venue = venue;
    this.#beforeFlush = options.beforeFlush;
    this.limits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
    const closed = (id: number) => this.#streams.get(id)?.close();
    this.#outlet = options.outlet?.(closed) ?? new FanOut(this.limits, closed);
    this.#timing = new FlushTiming(this.limits, () => this.#batch.chars, this.#flush);
  }

  /** The fan-out process's id, while it runs. */
  get fanOutPid(): number | undefined {
    return this.#outlet.pid;
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
   * Starts a reserved stream on `connection`: per symbol, the events after the client's position
   * when the log still holds them all, else a snapshot.
   */
  open(request: StreamRequest, connection: StreamConnection, release: () => void): void {
    this.#follow();
    const key = groupKey(request.symbols, request.channels);
    const group = this.#groups.get(key) ?? new StreamGroup(request.symbols, request.channels);
    this.#groups.set(key, group);
    const stream = new Stream(this.#nextId++, request, () => {
      group.delete(stream);
      if (group.streams.size === 0) this.#groups.delete(key);
      for (const symbol of request.symbols) this.#logs.get(symbol)!.followers--;
      this.#streams.delete(stream.id);
      release();
    });
    if (request.channels.has('orders')) this.#orderAccounts.add(request.account);
    stream.open(this.#opening(request), this.#batch.length);
    for (const symbol of request.symbols) this.#logs.get(symbol)!.followers++;
    group.add(stream);
    this.#streams.set(stream.id, stream);
    this.#outlet.attach(stream.id, connection);
    this.#timing.stir();
  }

  /** Ends every stream (the server is stopping); resolves once the fan-out process is gone. */
  close(): Promise<void> {
    for (const stream of [...this.#streams.values()]) stream.close();
    return this.#outlet.close();
  }

  /**
   * A new stream's first text: the snapshots of the symbols whose missed events are not all held,
   * then the events missed on the others. Every `id:` carries the stream's true position in each
   * symbol, so the snapshots come first and only the last of them has one: before it, the stream
   * has no position yet in a later snapshot's symbol, and a client cut off there resumes from the
   * id it had, which gets the same snapshots again.
   */
  #opening({ symbols, channels, account, resumeFrom }: StreamRequest): string {
    const sameEpoch = resumeFrom?.epoch === this.#epoch;
    const positions = symbols.map((_, index) => (sameEpoch ? resumeFrom.sequences[index]! : -1));
    const missed = symbols.map((symbol, index) =>
      this.#missed(this.#logs.get(symbol)!, positions[index]!, channels, account),
    );
    const id = () => `id: ${this.#epoch}:${positions.join(',')}\n`;
    const snapshots = symbols.filter((_, index) => missed[index] === undefined);
    let text = '';
    for (const [index, symbol] of symbols.entries()) {
      if (missed[index] !== undefined) continue;
      const { sequence } = this.#logs.get(symbol)!;
      positions[index] = sequence;
      const last = symbol === snapshots.at(-1);
      const snapshot = snapshotEvent(this.#venue, symbol, sequence, channels, account);
      text += (last ? id() : '') + snapshot;
    }
    for (const [index, symbol] of symbols.entries()) {
      for (const event of missed[index] ?? []) {
        positions[index] = event.sequence;
        text += id() + event.text;
      }
      positions[index] = this.#logs.get(symbol)!.sequence;
    }
    return text;
  }

  /** The events after `from` a stream is to get, when the log holds them all (and their text). */
  #missed(
    log: SymbolLog,
    from: number,
    channels: ReadonlySet<Channel>,
    account: string,
  ): LoggedEvent[] | undefined {
    if (from < 0 || from > log.sequence || log.sequence - from > log.ring.length) return undefined;
    const missed: LoggedEvent[] = [];
    for (let sequence = from + 1; sequence <= log.sequence; sequence++) {
      const event = log.ring[sequence % log.ring.length]!;
      if (!channels.has(event.channel) || (event.account ?? account) !== account) continue;
      if (event.text === null) return undefined;
      missed.push(event);
    }
    return missed;
  }

  readonly #flush = () => {
    const texts = this.#batchTexts();
    const write = () => this.#outlet.write(texts);
    const durable = this.#beforeFlush?.();
    if (durable === undefined) return write();
    const withheld = () => {};
    durable.catch(withheld); // handled now: it may settle before the flushes ahead of it
    this.#flushed = this.#flushed.then(() => durable).then(write, withheld);
  };

  /** The batch as the streams are to get it: each group's text, and the own text of some streams. */
  #batchTexts(): FlushTexts {
    const entries = this.#batch.take();
    const before = new Map<string, number>();
    for (const { symbol, logged } of entries)
      if (!before.has(symbol)) before.set(symbol, logged.sequence - 1);
    const sequenceBefore = (symbol: string) =>
      before.get(symbol) ?? this.#logs.get(symbol)!.sequence;
    const texts: Array<readonly [string, number[]]> = [];
    for (const group of this.#groups.values()) {
      const text = group.text(entries, this.#epoch, sequenceBefore);
      const sharing: number[] = [];
      for (const stream of group.streams) {
        const own = stream.take(text);
        if (own === undefined) sharing.push(stream.id);
        else if (own !== '') texts.push([own, [stream.id]]);
      }
      if (text.text !== '' && sharing.length > 0) texts.push([text.text, sharing]);
    }
    return texts;
  }

  /** Starts following the venue (once: resumes need the logs to cover every event since). */
  #follow(): void {
    if (this.#following) return;
    this.#following = true;
    for (const instrument of this.#venue.instruments()) {
      const ring = new Array<LoggedEvent | undefined>(this.limits.logEvents);
      this.#logs.set(instrument.symbol, { sequence: 0, ring, followers: 0 });
    }
    this.#venue.subscribe(this.#onEvent);
  }

  readonly #onEvent = (event: VenueEvent) => {
    const symbol = symbolOf(event);
    const log = this.#logs.get(symbol)!;
    const logged =
      event.type === 'order' && !this.#orderAccounts.has(event.order.account)
        ? unsentOrder(event.order.account, ++log.sequence)
        : encodeEvent(event, ++log.sequence);
    log.ring[log.sequence % log.ring.length] = logged;
    if (log.followers === 0) return;
    this.#batch.add(symbol, logged, event);
    this.#timing.stir();
  };
}
