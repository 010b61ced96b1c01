import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { StreamConnection } from './http-types.js';
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

/**
 * The fan-out process, seen from the venue's: forked with the first stream (again after it died
 * or was stopped), handed each stream's socket, sent one message per flush. The venue's process
 * never writes a stream's socket. When the process dies, its streams close (their sockets die with
 * it) and `closed` is told of each.
 */
export class FanOut implements StreamOutlet {
  #child: ChildProcess | undefined;
  /** Messages waiting for the process to listen (it says `ready`), in order. */
  #waiting: Array<readonly [FanOutMessage, Socket | undefined, () => void]> | undefined;
  readonly #attached = new Set<number>();
  /** Characters of flushes sent and not yet taken by the fan-out process's channel. */
  #backlog = 0;

  constructor(
    private readonly limits: StreamLimits,
    private readonly closed: (id: number) => void,
  ) {}

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  attach(id: number, { socket, head }: StreamConnection): void {
    this.#attached.add(id);
    this.#send(['open', id, head], socket);
  }

  write(texts: FlushTexts): void {
    const child = this.#child;
    if (child === undefined || texts.length === 0) return;
    let size = 0;
    for (const [text] of texts) size += text.length;
    this.#backlog += size;
    // Stuck or far too slow: killed, its streams close as when it dies.
    if (this.#backlog > this.limits.maxBacklog) return void child.kill('SIGKILL');
    this.#send(['flush', texts], undefined, () => {
      if (this.#child === child) this.#backlog -= size;
    });
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    if (this.#waiting === undefined) child.disconnect();
    else child.kill('SIGKILL'); // not yet listening: nothing of its streams was written
    await exited;
    clearTimeout(kill);
  }

  /** Sends (once the process listens); `sent` is called when the channel took the message. */
  #send(message: FanOutMessage, socket: Socket | undefined, sent: () => void = () => {}): void {
    const child = this.#child ?? this.#start();
    if (this.#waiting !== undefined) return void this.#waiting.push([message, socket, sent]);
    if (!child.connected) return void socket?.destroy();
    if (socket === undefined) return void child.send(message, undefined, undefined, sent);
    // The process gets its own descriptor of the connection; this one is closed once it is sent.
    child.send(message, socket, { keepOpen: true }, () => socket.destroy());
  }

  #start(): ChildProcess {
    const here = import.meta.url;
    const fromSources = here.endsWith('.ts');
    const script = new URL(`./stream-fanout-child.${fromSources ? 'ts' : 'js'}`, here);
    const { maxQueued, heartbeatMs } = this.limits;
    const child = fork(script, [JSON.stringify({ maxQueued, heartbeatMs })], {
      // Garbage collection on its main thread alone: helper threads compete for the cores with the
      // venue's process, and a collection waiting for one stalls every stream's writes.
      execArgv: [
        ...(fromSources ? ['--import', import.meta.resolve('tsx')] : []),
        '--single-threaded-gc',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#child = child;
    this.#waiting = [];
    child.on('message', (reply: FanOutReply) => {
      if (reply !== 'ready') return this.#closed(reply);
      const waiting = this.#waiting ?? [];
      this.#waiting = undefined;
      for (const [message, socket, sent] of waiting) this.#send(message, socket, sent);
    });
    child.on('error', () => {});
    child.on('exit', () => {
      if (this.#child !== child) return;
      for (const [, socket] of this.#waiting ?? []) socket?.destroy();
      this.#child = this.#waiting = undefined;
      this.#backlog = 0;
      for (const id of [...this.#attached]) this.#closed(id);
    });
    return child;
  }

  #closed(id: number): void {
    if (this.#attached.delete(id)) this.closed(id);
  }
}
