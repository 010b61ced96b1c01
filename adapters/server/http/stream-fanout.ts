import type { Socket } from 'node:net';
import { FanOutChild } from '../../fan-out-child.js';
import { apiError } from './errors.js';
import type { StreamConnection } from './http-types.js';
import { endWith } from './raw-http.js';
import { errorResponse } from './route-context.js';
import type { StreamLimits } from './stream-hub.js';
import type { FanOutMessage, FanOutReply, FlushTexts } from './stream-fanout-sockets.js';

/** Where the hub's streams go: their connections, then each flush's texts. */
export interface StreamOutlet {
  /** Takes the new stream `id`'s connection; the hub is told when the stream closes. */
  attach(id: number, connection: StreamConnection): void;
  write(texts: FlushTexts): void;
  /** Ends every stream; resolves once nothing is left running. */
  close(): Promise<void>;
  /** The fan-out process's id, while it runs. */
  readonly pid: number | undefined;
}

/** What a stream gets whose connection the fan-out process never took (it died, or was stuck). */
const STREAM_UNAVAILABLE = errorResponse({
  ...apiError('stream_unavailable', 'the stream could not be started; open it again'),
  headers: { 'retry-after': '1' },
});

/** Answers a connection no fan-out process took `503 stream_unavailable`, and closes it. */
function refuse(socket: Socket): void {
  socket.on('error', () => {});
  endWith(socket, STREAM_UNAVAILABLE);
}

/** One fan-out process and what it holds: the streams it took, the connections on their way. */
interface Child {
  readonly fanOut: FanOutChild<FanOutMessage, FanOutReply>;
  /** Streams handed to it (their connections taken or on their way). */
  readonly attached: Set<number>;
  /** Connections not yet taken, by stream: they get a 503 if the process dies first. */
  readonly unconfirmed: Map<number, Unconfirmed>;
}

/** A new stream's connection on its way to the fan-out process, and its `startMs` deadline. */
interface Unconfirmed {
  readonly socket: Socket;
  readonly deadline: ReturnType<typeof setTimeout>;
}

/**
 * The fan-out process, seen from the venue's: forked with the first stream (again after it died
 * or was stopped), handed each stream's socket, sent one message per flush. The venue's process
 * never writes a stream's socket once the fan-out process took it. When the process dies, its
 * streams close (their sockets die with it) and `closed` is told of each; a connection it had not
 * yet taken is answered `503 stream_unavailable` by the venue's process and closed.
 */
export class FanOut implements StreamOutlet {
  #child: Child | undefined;

  constructor(
    private readonly limits: StreamLimits,
    private readonly closed: (id: number) => void,
  ) {}

  get pid(): number | undefined {
    return this.#child?.fanOut.pid;
  }

  attach(id: number, { socket, head }: StreamConnection): void {
    const child = this.#child ?? this.#start();
    child.attached.add(id);
    const deadline = setTimeout(() => this.#late(child, id), this.limits.startMs).unref();
    child.unconfirmed.set(id, { socket, deadline });
    // The connection's descriptor stays open here until the process says it started the stream:
    // `#gone` answers the connections it never took.
    child.fanOut.send(['open', id, head], socket);
  }

  /** The process wrote the stream's head: it owns the connection, this descriptor is closed. */
  #started(child: Child, id: number): void {
    const started = child.unconfirmed.get(id);
    if (started === undefined) return;
    child.unconfirmed.delete(id);
    clearTimeout(started.deadline);
    started.socket.destroy();
  }

  /**
   * `startMs` passed and the stream has not started. Still waiting for a process that is starting:
   * it gets a 503 (the process goes on starting). Sent to a listening process that did not take
   * it: the process is stuck and is killed (every connection it did not take gets a 503).
   */
  #late(child: Child, id: number): void {
    const late = child.unconfirmed.get(id);
    if (late === undefined) return;
    const queued = child.fanOut.withdraw((message) => message[0] === 'open' && message[1] === id);
    if (!queued) return void child.fanOut.kill();
    child.unconfirmed.delete(id);
    refuse(late.socket);
    this.#closed(child, id);
  }

  write(texts: FlushTexts): void {
    const child = this.#child;
    if (child === undefined || texts.length === 0) return;
    let size = 0;
    for (const [text] of texts) size += text.length;
    child.fanOut.flush(['flush', texts], size, this.limits.maxBacklog);
  }

  async close(): Promise<void> {
    await this.#child?.fanOut.stop();
  }

  #start(): Child {
    const { maxQueued, heartbeatMs } = this.limits;
    const child: Child = {
      fanOut: new FanOutChild(
        import.meta.url,
        'stream-fanout-child',
        { maxQueued, heartbeatMs },
        {
          reply: (reply) => {
            if (typeof reply === 'number') this.#closed(child, reply);
            else this.#started(child, reply[1]);
          },
          gone: () => this.#gone(child),
        },
      ),
      attached: new Set(),
      unconfirmed: new Map(),
    };
    this.#child = child;
    return child;
  }

  /** The process can take nothing more: its streams close; connections it never took get a 503. */
  #gone(child: Child): void {
    if (this.#child === child) this.#child = undefined;
    for (const { socket, deadline } of child.unconfirmed.values()) {
      clearTimeout(deadline);
      refuse(socket);
    }
    child.unconfirmed.clear();
    for (const id of [...child.attached]) this.#closed(child, id);
  }

  #closed(child: Child, id: number): void {
    if (child.attached.delete(id)) this.closed(id);
  }
}
