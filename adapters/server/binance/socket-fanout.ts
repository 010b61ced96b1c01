import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { FanOutChild } from '../../fan-out-child.js';
import { FlushTiming } from '../../flush-timing.js';
import type {
  SocketFanOutLimits,
  SocketFanOutMessage,
  SocketFanOutReply,
  SocketFlush,
} from './socket-fanout-protocol.js';

export interface FanOutTiming {
  /** Time between two flushes at least, in ms: messages published meanwhile wait in the batch. */
  readonly flushMs: number;
  /** Characters sent to the fan-out process and not yet taken by its channel; beyond, it is killed. */
  readonly maxBacklog: number;
}

/** A market socket, seen from the venue's process. */
export interface MarketConnection {
  /** Sends this socket alone `message`, after every message published before. */
  send(message: string): void;
  close(code: number, reason: string): void;
  /** From now on the socket gets the published messages of `streams` (combined: wrapped). */
  follow(streams: ReadonlySet<string>): void;
}

/** What a market socket's owner hears: each message its client sent (null: binary), its end. */
export interface MarketConnectionHandlers {
  message(text: string | null): void;
  closed(): void;
}

/** A batch of this many characters is flushed on the next turn of the event loop. */
const FLUSH_CHARS = 32 * 1024;

/**
 * Sockets that get the same bytes: all combined or all not, following the same streams. The
 * fan-out process knows each socket's group; a flush names groups, not sockets.
 */
interface Group {
  readonly id: number;
  readonly combined: boolean;
  readonly streams: ReadonlySet<string>;
  readonly members: Set<Connection>;
}

interface Connection {
  readonly id: number;
  readonly combined: boolean;
  group: Group | undefined;
  handlers: MarketConnectionHandlers | undefined;
  /** Once the process holds the connection: the handlers are made, the upgrade answered. */
  accept: (() => void) | undefined;
}

/** The fan-out process and the server's own descriptors of connections it has not yet taken. */
interface Child {
  readonly fanOut: FanOutChild<SocketFanOutMessage, SocketFanOutReply>;
  readonly unconfirmed: Map<number, Socket>;
}

/**
 * The market WebSockets' fan-out process, seen from the venue's process (docs/ccxt.md#websockets):
 * forked with the first market socket (again after it died or was stopped) and handed each
 * upgraded connection. A stream's message is published once; a flush, at most every `flushMs`,
 * sends the batch's messages to the process in one message, grouped by the sockets that get the
 * same bytes. The venue's process never writes a market socket once the process took it; when the
 * process dies, its sockets close with it.
 */
export class SocketFanOut {
  readonly #limits: SocketFanOutLimits & FanOutTiming;
  readonly #connections = new Map<number, Connection>();
  /** The groups of connections that follow at least one stream, by key (see `groupKey`). */
  readonly #groups = new Map<string, Group>();
  #nextGroup = 0;
  /** Stream names and messages, alternately, since the last flush. */
  #batch: string[] = [];
  #batchChars = 0;
  readonly #timing: FlushTiming;
  #child: Child | undefined;
  #nextId = 0;
  #closing = false;

  constructor(limits: SocketFanOutLimits & FanOutTiming) {
    this.#limits = limits;
    this.#timing = new FlushTiming(
      { flushMs: limits.flushMs, flushChars: FLUSH_CHARS },
      () => this.#batchChars,
      this.#flush,
    );
  }

  /** Market sockets open (or on their way to the process). */
  get count(): number {
    return this.#connections.size;
  }

  get pid(): number | undefined {
    return this.#child?.fanOut.pid;
  }

  /** A message of the stream `stream`, for every socket that follows it. */
  publish(stream: string, message: string): void {
    if (this.#groups.size === 0) return;
    this.#batch.push(stream, message);
    this.#batchChars += message.length;
    this.#timing.stir();
  }

  /**
   * Hands an upgrade to the process; `accept` gets the connection and answers its handlers. A
   * combined socket gets each message wrapped as `{"stream":<name>,"data":<message>}`.
   */
  open(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    combined: boolean,
    accept: (connection: MarketConnection) => MarketConnectionHandlers,
  ): void {
    if (this.#closing) return void socket.destroy();
    const child = this.#child ?? this.#start();
    const id = this.#nextId++;
    const connection: Connection = {
      id,
      combined,
      group: undefined,
      handlers: undefined,
      accept: undefined,
    };
    this.#connections.set(id, connection);
    child.unconfirmed.set(id, socket as Socket);
    const { method = 'GET', url = '/', headers } = request;
    child.fanOut.send(['open', id, { method, url, headers }, head], socket as Socket);
    connection.accept = () =>
      (connection.handlers = accept({
        send: (message) => {
          this.#flushNow();
          child.fanOut.send(['send', id, message]);
        },
        close: (code, reason) => {
          this.#flushNow();
          child.fanOut.send(['close', id, code, reason]);
        },
        follow: (streams) => this.#follow(child, connection, streams),
      }));
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.#batch = [];
    this.#batchChars = 0;
    await this.#child?.fanOut.stop();
  }

  /** The connection joins the group of `streams` (none: it leaves its group). */
  #follow(child: Child, connection: Connection, streams: ReadonlySet<string>): void {
    const key = groupKey({ combined: connection.combined, streams });
    const old = connection.group;
    if (old === undefined ? streams.size === 0 : key === groupKey(old)) return;
    this.#flushNow(); // what was gathered goes out under the groups it was gathered for
    this.#leave(connection);
    if (streams.size > 0) {
      let group = this.#groups.get(key);
      if (group === undefined) {
        group = {
          id: this.#nextGroup++,
          combined: connection.combined,
          streams: new Set(streams),
          members: new Set(),
        };
        this.#groups.set(key, group);
      }
      group.members.add(connection);
      connection.group = group;
    }
    child.fanOut.send(['join', connection.id, connection.group?.id ?? -1]);
  }

  #leave(connection: Connection): void {
    const group = connection.group;
    if (group === undefined) return;
    connection.group = undefined;
    group.members.delete(connection);
    if (group.members.size === 0) this.#groups.delete(groupKey(group));
  }

  /** What waits in the batch goes out before a socket's own message (order kept). */
  #flushNow(): void {
    if (this.#batch.length > 0) this.#flush();
  }

  readonly #flush = () => {
    const batch = this.#batch;
    this.#batch = [];
    this.#batchChars = 0;
    const child = this.#child;
    if (child === undefined || batch.length === 0) return;
    const flush: Array<SocketFlush[number]> = [];
    let chars = 0;
    for (const group of this.#groups.values()) {
      const messages = messagesOf(batch, group);
      if (messages.length === 0) continue;
      for (const message of messages) chars += message.length;
      flush.push([group.id, messages]);
    }
    if (flush.length === 0) return;
    child.fanOut.flush(['flush', flush], chars, this.#limits.maxBacklog);
  };

  #start(): Child {
    const { maxPayload, maxBufferedBytes } = this.#limits;
    const child: Child = {
      fanOut: new FanOutChild(
        import.meta.url,
        'socket-fanout-child',
        { maxPayload, maxBufferedBytes },
        { reply: (reply) => this.#reply(child, reply), gone: () => this.#gone(child) },
      ),
      unconfirmed: new Map(),
    };
    this.#child = child;
    return child;
  }

  #reply(child: Child, reply: Exclude<SocketFanOutReply, 'ready'>): void {
    const [kind, id] = reply;
    if (kind === 'held') {
      this.#taken(child, id);
      child.fanOut.send(['upgrade', id]);
      const connection = this.#connections.get(id);
      connection?.accept?.();
      if (connection !== undefined) connection.accept = undefined;
      return;
    }
    if (kind === 'closed') {
      this.#taken(child, id);
      return this.#closed(id);
    }
    const connection = this.#connections.get(id);
    if (connection === undefined) return;
    this.#flushNow();
    connection.handlers?.message(reply[2]);
  }

  /** The process holds the connection (or it ended): the server's descriptor is closed. */
  #taken(child: Child, id: number): void {
    child.unconfirmed.get(id)?.destroy();
    child.unconfirmed.delete(id);
  }

  #closed(id: number): void {
    const connection = this.#connections.get(id);
    if (connection === undefined) return;
    this.#connections.delete(id);
    this.#leave(connection);
    connection.handlers?.closed();
  }

  /** The process can take nothing more: its sockets are closed with it. */
  #gone(child: Child): void {
    if (this.#child === child) this.#child = undefined;
    for (const socket of child.unconfirmed.values()) socket.destroy();
    child.unconfirmed.clear();
    for (const id of [...this.#connections.keys()]) this.#closed(id);
  }
}

/** The batch's messages for one group, in order. */
function messagesOf(batch: readonly string[], group: Group): string[] {
  const messages: string[] = [];
  for (let i = 0; i < batch.length; i += 2) {
    const stream = batch[i]!;
    if (!group.streams.has(stream)) continue;
    const message = batch[i + 1]!;
    messages.push(group.combined ? `{"stream":"${stream}","data":${message}}` : message);
  }
  return messages;
}

/** The groups' key: combined or not, and the streams, sorted. */
function groupKey(group: Pick<Group, 'combined' | 'streams'>): string {
  return `${group.combined ? '+' : ''}${[...group.streams].sort().join('/')}`;
}
