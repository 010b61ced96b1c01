/**
 * The load client of `npm run bench:stream`: keep-alive connections that write prepared
 * `POST /v1/orders` requests and read the answers' bytes themselves, one request in flight per
 * connection (replaced when the server closes it). node:http's client took a third of a core at 2,000 orders a second, on a machine
 * where that core is what the server and its streams compete for.
 */
import { connect, type Socket } from 'node:net';

const HEAD_END = '\r\n\r\n';

interface Connection {
  readonly socket: Socket;
  /** The answer read so far (latin1: byte offsets are character offsets). */
  text: string;
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
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}${HEAD_END}${body}`;
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

  #connect(): Connection {
    const socket = connect(Number(this.url.port), this.url.hostname);
    const connection: Connection = { socket, text: '', done: undefined };
    socket.setEncoding('latin1');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => {
      connection.text += chunk;
      const headEnd = connection.text.indexOf(HEAD_END);
      if (headEnd < 0) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(connection.text.slice(0, headEnd));
      const end = headEnd + HEAD_END.length + Number(length?.[1] ?? 0);
      if (connection.text.length < end) return;
      const answer = connection.text.slice(0, end);
      connection.text = connection.text.slice(end);
      const done = connection.done!;
      connection.done = undefined;
      this.#free(connection);
      done(answer.startsWith('HTTP/1.1 201 ') ? undefined : new Error(answer));
    });
    socket.on('error', () => {});
    // The server ends idle keep-alive connections (after 5 s): a fresh one takes the place.
    socket.on('close', () => {
      this.#all.delete(connection);
      const idle = this.#idle.indexOf(connection);
      if (idle >= 0) this.#idle.splice(idle, 1);
      connection.done?.(new Error('the connection closed before the answer'));
      if (!this.#closing) this.#free(this.#connect());
    });
    this.#all.add(connection);
    return connection;
  }
}
