/** One flush of the streams: each text, with the ids of the streams it is written to. */
export type FlushTexts = ReadonlyArray<readonly [text: string, streams: readonly number[]]>;

/** What the venue's process sends the fan-out process: one message per stream opened or flush. */
export type FanOutMessage =
  readonly ['open', id: number, head: string] | readonly ['flush', texts: FlushTexts];

/**
 * What the fan-out process answers: `ready` once it listens; `['started', id]` once it wrote a
 * stream's head (the venue's process then closes its own descriptor of the connection); the id of
 * each stream that closed.
 */
export type FanOutReply = 'ready' | readonly ['started', id: number] | number;

/** A stream's socket, as the fan-out writes it. */
export interface StreamSocket {
  /** False when the socket holds more than it takes at once: wait for `drained`. */
  write(chunk: string | Buffer): boolean;
  end(): unknown;
  destroy(): unknown;
}

export interface FanOutLimits {
  /** Bytes that may wait for a stream behind a write it has not taken; beyond, it is dropped. */
  readonly maxQueued: number;
  readonly heartbeatMs: number;
}

const HEARTBEAT = ':heartbeat\n\n';

/** A stream as the fan-out process writes it. */
interface Outgoing {
  readonly socket: StreamSocket;
  /** Whether the socket has more than it takes at once: writes wait in `held` for its drain. */
  busy: boolean;
  /** Writes waiting for the socket's drain, and their bytes. */
  held: Array<string | Buffer>;
  heldBytes: number;
  /** Whether the socket drained since the last heartbeat. */
  drainedSinceBeat: boolean;
}

/**
 * The streams' sockets, in the fan-out process: each flush's texts turned into bytes once and
 * written to their streams, heartbeats, slow consumers dropped. A write goes to a socket that
 * takes it at once whatever its size (a burst of one command, a large snapshot), so that a reading
 * client gets it at its own pace; while the socket works through it, later writes wait for its
 * drain, and a stream with more than `maxQueued` bytes waiting so, or that took nothing over a
 * whole heartbeat interval, is a slow consumer: it is dropped. `closed` is told of each stream
 * that ends (the client left, it was dropped).
 */
export class FanOutSockets {
  readonly #streams = new Map<number, Outgoing>();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly limits: FanOutLimits,
    private readonly closed: (id: number) => void,
  ) {}

  get size(): number {
    return this.#streams.size;
  }

  add(id: number, socket: StreamSocket, head: string): void {
    const busy = !socket.write(head);
    this.#streams.set(id, { socket, busy, held: [], heldBytes: 0, drainedSinceBeat: true });
    this.#heartbeat ??= setInterval(this.#beat, this.limits.heartbeatMs);
  }

  /** The stream's socket took everything written to it: what waited is written. */
  drained(id: number): void {
    const stream = this.#streams.get(id);
    if (stream === undefined) return;
    stream.busy = false;
    stream.drainedSinceBeat = true;
    const held = stream.held;
    stream.held = [];
    stream.heldBytes = 0;
    for (const chunk of held) stream.busy = !stream.socket.write(chunk);
  }

  /** The stream's socket closed: forgotten, and reported once. */
  remove(id: number): void {
    if (!this.#streams.delete(id)) return;
    if (this.#streams.size === 0) this.#stopHeartbeat();
    this.closed(id);
  }

  write(texts: FlushTexts): void {
    for (const [text, ids] of texts) {
      const bytes = Buffer.from(text);
      for (const id of ids) this.#write(id, bytes);
    }
  }

  /** Ends every stream (the venue's process is stopping or gone). */
  endAll(): void {
    for (const [id, { socket }] of this.#streams) {
      socket.end();
      this.remove(id);
    }
  }

  /** Writes, or holds the chunk for the socket's drain unless that passes the bound: then drops. */
  #write(id: number, chunk: string | Buffer): void {
    const stream = this.#streams.get(id);
    if (stream === undefined) return;
    if (!stream.busy) return void (stream.busy = !stream.socket.write(chunk));
    if (stream.heldBytes + chunk.length > this.limits.maxQueued) return this.#drop(id, stream);
    stream.held.push(chunk);
    stream.heldBytes += chunk.length;
  }

  /** A slow consumer: cut at once (no room to say why); it resumes with Last-Event-ID. */
  #drop(id: number, stream: Outgoing): void {
    stream.socket.destroy();
    this.remove(id);
  }

  readonly #beat = () => {
    for (const [id, stream] of this.#streams) {
      if (stream.busy && !stream.drainedSinceBeat) this.#drop(id, stream);
      else {
        stream.drainedSinceBeat = !stream.busy;
        this.#write(id, HEARTBEAT);
      }
    }
  };

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}
