/**
 * A fan-out process seen from the venue's process (the /v1 stream's and the Binance market
 * sockets'): forked beside the caller, sent messages in order (with a connection's socket when one
 * goes along) once it says `ready`, flushes counted against a backlog, and stopped.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/** After the server disconnects it, the fan-out process has this long to exit before it is killed. */
const STOP_GRACE_MS = 2000;

export interface FanOutChildEvents<Reply> {
  /** A reply of the process other than `ready`. */
  reply(reply: Exclude<Reply, 'ready'>): void;
  /** The process can take nothing more (it died, was killed, or is stopping); told once. */
  gone(): void;
}

/** `Reply`: the process's replies, `ready` among them (it says so once it listens). */
export class FanOutChild<Message, Reply> {
  readonly #process: ChildProcess;
  /** Messages waiting for the process to listen (it says `ready`), in order; undefined once it does. */
  #waiting: Array<readonly [Message, Socket | undefined, () => void]> | undefined = [];
  /** Characters of flushes sent and not yet taken by its channel. */
  #backlog = 0;
  #gone = false;

  /**
   * Forks the module `name` beside `here` (the caller's import.meta.url): the built `.js`, or
   * under tsx its `.ts`; `args` is its one argument, as JSON.
   */
  constructor(
    here: string,
    name: string,
    args: unknown,
    private readonly events: FanOutChildEvents<Reply>,
  ) {
    const fromSources = here.endsWith('.ts');
    const script = new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, here);
    this.#process = fork(script, [JSON.stringify(args)], {
      // Garbage collection on its main thread alone: helper threads compete for the cores with the
      // venue's process, and a collection waiting for one stalls every socket's writes.
      execArgv: [
        ...(fromSources ? ['--import', import.meta.resolve('tsx')] : []),
        '--single-threaded-gc',
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#process.on('message', (reply: Reply) => {
      if (reply !== 'ready') return this.events.reply(reply as Exclude<Reply, 'ready'>);
      const waiting = this.#waiting ?? [];
      this.#waiting = undefined;
      for (const [message, socket, sent] of waiting) this.send(message, socket, sent);
    });
    this.#process.on('error', () => {});
    // Its channel closed (it died, was killed, or is stopping): whatever it holds is gone.
    this.#process.on('disconnect', () => this.#end());
    this.#process.on('exit', () => this.#end());
  }

  get pid(): number | undefined {
    return this.#process.pid;
  }

  /** Kills the process: what it holds closes as when it dies. */
  kill(): void {
    this.#process.kill('SIGKILL');
  }

  /**
   * Sends (once the process listens); `sent` is called when the channel took the message. A
   * connection's descriptor stays open here until the caller closes it: a message can be lost with
   * the process, and the caller answers the connections it never took.
   */
  send(message: Message, socket?: Socket, sent: () => void = () => {}): void {
    if (this.#gone) return;
    if (this.#waiting !== undefined) return void this.#waiting.push([message, socket, sent]);
    if (socket === undefined) this.#process.send(message as object, undefined, undefined, sent);
    else this.#process.send(message as object, socket, { keepOpen: true }, sent);
  }

  /**
   * Sends a flush of `chars` characters; a process whose backlog would pass `maxBacklog` is stuck
   * or far too slow, and is killed instead (what it holds closes as when it dies).
   */
  flush(message: Message, chars: number, maxBacklog: number): void {
    this.#backlog += chars;
    if (this.#backlog > maxBacklog) return this.kill();
    this.send(message, undefined, () => (this.#backlog -= chars));
  }

  /**
   * Takes back the first waiting message `matches` accepts; false when the process already
   * listens (it has been sent) or none waits.
   */
  withdraw(matches: (message: Message) => boolean): boolean {
    const index = this.#waiting?.findIndex(([message]) => matches(message)) ?? -1;
    if (index < 0) return false;
    this.#waiting!.splice(index, 1);
    return true;
  }

  /** Disconnects a listening process (it ends what it holds) or kills one that is not; resolves at its exit. */
  async stop(): Promise<void> {
    const forked = this.#process;
    if (forked.exitCode !== null || forked.signalCode !== null) return this.#end();
    const exited = new Promise((resolve) => forked.once('exit', resolve));
    const kill = setTimeout(() => forked.kill('SIGKILL'), STOP_GRACE_MS);
    if (this.#waiting === undefined && forked.connected) forked.disconnect();
    else forked.kill('SIGKILL'); // not yet listening: nothing it holds was written
    await exited;
    clearTimeout(kill);
  }

  #end(): void {
    if (this.#gone) return;
    this.#gone = true;
    this.#waiting = undefined;
    this.events.gone();
  }
}
