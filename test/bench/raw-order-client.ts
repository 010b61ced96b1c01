/**
 * The load client of `npm run bench:stream`: keep-alive connections that write prepared
 * `POST /v1/orders` requests and read the answers' bytes themselves, one request in flight per
 * connection (replaced when the server closes it). node:http's client took a third of a core at
 * 2,000 orders a second, on a machine where that core is what the server and its streams compete
 * for; reading into one buffer per connection (node:net's `onread`) and looking only at the
 * status and the length costs less again than a stream's decoded `data` events.
 */
import { connect, type Socket } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;
const CREATED = 'HTTP/1.1 201 ';
const READ_BUFFER = 64 * 1024;

interface Connection {
  readonly socket: Socket;
  /** The part of an answer read so far, when a read did not bring all of it. */
  pending: Buffer | undefined;
  done: ((error?: Error) => void) | undefined;
}

export class RawOrderClient {
  readonly #idle: Connection[] = [];
  readonly #waiting: Array<[string, (error?: Error) => void]> = [];
  readonly #all = new Set<Connection>();
  #closing = false;

  constructor(
    private readonly url: URL,
    private readonly key: string,
    connections: number,
  ) {
    for (let i = 0; i < connections; i++) this.#idle.push(this.#connect());
  }

  /** Posts an order's JSON body; resolves on 201, rejects with the answer otherwise. */
  post(body: string): Promise<void> {
    const request =
      `POST /v1/orders HTTP/1.1\r\nHost: ${this.url.host}\r\nX-API-Key: ${this.key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => (error === undefined ? resolve() : reject(error));
      const connection = this.#idle.pop();
      if (connection === undefined) this.#waiting.push([request, done]);
      else this.#send(connection, request, done);
    });
  }

  close(): void {
    this.#closing = true;
    for (const { socket } of this.#all) socket.destroy();
  }

  /** A connection is free: it takes the next waiting request, or waits itself. */
  #free(connection: Connection): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#idle.push(connection);
    else this.#send(connection, ...next);
  }

  #send(connection: Connection, request: string, done: (error?: Error) => void): void {
    connection.done = done;
    connection.socket.write(request, 'latin1');
  }

  /** An answer's bytes came (one request is in flight: they are all its answer's). */
  #read(connection: Connection, bytes: Buffer): void {
    // With no request in flight, it is the server's 408 to a connection idle since it opened,
    // which the server then closes: the close replaces the connection.
    if (connection.done === undefined) return;
    const headEnd = bytes.indexOf(HEAD_END);
    const length = headEnd < 0 ? null : CONTENT_LENGTH.exec(bytes.toString('latin1', 0, headEnd));
    const end = headEnd + HEAD_END.length + Number(length?.[1] ?? 0);
    if (headEnd < 0 || bytes.length < end) {
      connection.pending = Buffer.from(bytes); // a copy: the read buffer is reused
      return;
    }
    connection.pending = undefined;
    const created = bytes.toString('latin1', 0, CREATED.length) === CREATED;
    const answer = created ? undefined : new Error(bytes.toString('latin1', 0, end));
    const done = connection.done;
    connection.done = undefined;
    this.#free(connection);
    done(answer);
  }

  #connect(): Connection {
    const callback = (length: number, into: Buffer): boolean => {
      const read = into.subarray(0, length);
      const { pending } = connection;
      this.#read(connection, pending === undefined ? read : Buffer.concat([pending, read]));
      return true;
    };
    const socket = connect({
      port: Number(this.url.port),
      host: this.url.hostname,
      noDelay: true,
      onread: { buffer: Buffer.alloc(READ_BUFFER), callback },
    });
    const connection: Connection = { socket, pending: undefined, done: undefined };
    socket.on('error', () => {});
    // The server ends idle keep-alive connections (after 5 s): a fresh one takes the place.
    socket.on('close', () => {
      this.#all.delete(connection);
      const idle = this.#idle.indexOf(connection);
      if (idle >= 0) this.#idle.splice(idle, 1);
      if (this.#closing) return; // an answer still due when the client closes is not awaited
      connection.done?.(new Error('the connection closed before the answer'));
      this.#free(this.#connect());
    });
    this.#all.add(connection);
    return connection;
  }
}
