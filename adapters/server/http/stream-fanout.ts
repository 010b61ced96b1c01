import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
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

/** After ending its streams, the fan-out process has this long to exit before it is killed. */
const STOP_GRACE_MS = 2000;

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
  readonly process: ChildProcess;
  /** Messages waiting for the process to listen (it says `ready`), in order; undefined once it does. */
  waiting: Array<readonly [FanOutMessage, Socket | undefined, () => void]> | undefined;
  /** Streams handed to it (their connections taken or on their way). */
  readonly attached: Set<number>;
  /** Connections not yet taken, by stream: they get a 503 if the process dies first. */
  readonly unconfirmed: Map<number, Unconfirmed>;
  /** Characters of flushes sent and not yet taken by its channel. */
  backlog: number;
  gone: boolean;
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
    return this.#child?.process.pid;
  }

  attach(id: number, { socket, head }: StreamConnection): void {
    const child = this.#child ?? this.#start();
    child.attached.add(id);
    const deadline = setTimeout(() => this.#late(child, id), this.limits.startMs).unref();
    child.unconfirmed.set(id, { socket, deadline });
    this.#send(child, ['open', id, head], socket);
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
    const queued = child.waiting?.findIndex(
      ([message]) => message[0] === 'open' && message[1] === id,
    );
    if (queued === undefined || queued < 0) return void child.process.kill('SIGKILL');
    child.waiting!.splice(queued, 1);
    child.unconfirmed.delete(id);
    refuse(late.socket);
    this.#closed(child, id);
  }

  write(texts: FlushTexts): void {
    const child = this.#child;
    if (child === undefined || texts.length === 0) return;
    let size = 0;
    for (const [text] of texts) size += text.length;
    child.backlog += size;
    // Stuck or far too slow: killed, its streams close as when it dies.
    if (child.backlog > this.limits.maxBacklog) return void child.process.kill('SIGKILL');
    this.#send(child, ['flush', texts], undefined, () => (child.backlog -= size));
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    const forked = child.process;
    const exited = new Promise((resolve) => forked.once('exit', resolve));
    const kill = setTimeout(() => forked.kill('SIGKILL'), STOP_GRACE_MS);
    if (child.waiting === undefined && forked.connected) forked.disconnect();
    else forked.kill('SIGKILL'); // not yet listening: nothing of its streams was written
    await exited;
    clearTimeout(kill);
  }

  /** Sends (once the process listens); `sent` is called when the channel took the message. */
  #send(
    child: Child,
    message: FanOutMessage,
    socket: Socket | undefined,
    sent: () => void = () => {},
  ): void {
    if (child.gone) return;
    if (child.waiting !== undefined) return void child.waiting.push([message, socket, sent]);
    // A connection's descriptor stays open here until the process says it started the stream
    // (a message can be lost with the process): `#gone` answers the connections it never took.
    if (socket === undefined) child.process.send(message, undefined, undefined, sent);
    else child.process.send(message, socket, { keepOpen: true }, sent);
  }

  #start(): Child {
    const here = import.meta.url;
    const fromSources = here.endsWith('.ts');
    const script = new URL(`./stream-fanout-child.${fromSources ? 'ts' : 'js'}`, here);
    const { maxQueued, heartbeatMs } = this.limits;
    const forked = fork(script, [JSON.stringify({ maxQueued, heartbeatMs })], {
      // Garbage collection on its main thread alone: helper threads compete for the cores with the
      // venue's process, and a collection waiting for one stalls every stream's writes.
      execArgv: [
        ...(fromSources ? ['--import', import.meta.resolve('tsx')] : []),
        '--single-threaded-gc',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const child: Child = {
      process: forked,
      waiting: [],
      attached: new Set(),
      unconfirmed: new Map(),
      backlog: 0,
      gone: false,
    };
    this.#child = child;
    forked.on('message', (reply: FanOutReply) => {
      if (typeof reply === 'number') return this.#closed(child, reply);
      if (reply !== 'ready') return this.#started(child, reply[1]);
      const waiting = child.waiting ?? [];
      child.waiting = undefined;
      for (const [message, socket, sent] of waiting) this.#send(child, message, socket, sent);
    });
    forked.on('error', () => {});
    // Its channel closed (it died, was killed, or is stopping): whatever it holds is gone.
    forked.on('disconnect', () => this.#gone(child));
    forked.on('exit', () => this.#gone(child));
    return child;
  }

  /** The process can take nothing more: its streams close; connections it never took get a 503. */
  #gone(child: Child): void {
    if (child.gone) return;
    child.gone = true;
    if (this.#child === child) this.#child = undefined;
    for (const { socket, deadline } of child.unconfirmed.values()) {
      clearTimeout(deadline);
      refuse(socket);
    }
    child.unconfirmed.clear();
    child.waiting = undefined;
    for (const id of [...child.attached]) this.#closed(child, id);
  }

  #closed(child: Child, id: number): void {
    if (child.attached.delete(id)) this.closed(id);
  }
}
