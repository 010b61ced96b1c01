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
  write(chunk: string | Buffer): unknown;
  /** Bytes written but not yet taken by the network. */
  readonly writableLength: number;
  end(): unknown;
  destroy(): unknown;
}

export interface FanOutLimits {
  /** Bytes a stream may have waiting; a write beyond drops it. */
  readonly maxQueued: number;
  readonly heartbeatMs: number;
}

const HEARTBEAT = ':heartbeat\n\n';

/**
 * The streams' sockets, in the fan-out process: each flush's texts turned into bytes once and
 * written to their streams, heartbeats, slow consumers dropped. `closed` is told of each stream
 * that ends (the client left, it was dropped).
 */
export class FanOutSockets {
  readonly #sockets = new Map<number, StreamSocket>();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly limits: FanOutLimits,
    private readonly closed: (id: number) => void,
  ) {}

  get size(): number {
    return this.#sockets.size;
  }

  add(id: number, socket: StreamSocket, head: string): void {
    this.#sockets.set(id, socket);
    socket.write(head);
    this.#heartbeat ??= setInterval(this.#beat, this.limits.heartbeatMs);
  }

  /** The stream's socket closed: forgotten, and reported once. */
  remove(id: number): void {
    if (!this.#sockets.delete(id)) return;
    if (this.#sockets.size === 0) this.#stopHeartbeat();
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
    for (const [id, socket] of this.#sockets) {
      socket.end();
      this.remove(id);
    }
  }

  /** Writes unless that would leave more than the bound waiting: then the stream is dropped. */
  #write(id: number, chunk: string | Buffer): void {
    const socket = this.#sockets.get(id);
    if (socket === undefined) return;
    if (socket.writableLength + chunk.length <= this.limits.maxQueued)
      return void socket.write(chunk);
    // A slow consumer: cut at once (no room to say why); it resumes with Last-Event-ID.
    socket.destroy();
    this.remove(id);
  }

  readonly #beat = () => {
    for (const id of this.#sockets.keys()) this.#write(id, HEARTBEAT);
  };

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }
}
