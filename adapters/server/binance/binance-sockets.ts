import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { checkSigned } from './binance-params.js';
import type { SigningKey } from './binance-dialect.js';
import type { BinanceSymbols } from './binance-symbols.js';
import { parseStreamName, type MarketStreams } from './market-streams.js';
import type { MarketConnection, MarketConnectionHandlers, SocketFanOut } from './socket-fanout.js';
import type { UserSink, UserStreams } from './user-stream.js';

export interface SocketLimits {
  /** Open WebSockets at most; one more is refused (HTTP 429). */
  readonly maxSockets: number;
  /** The largest frame a client may send, in bytes; a larger one closes its socket (1009). */
  readonly maxPayload: number;
  /** Bytes queued for a client at most; a client that lets more pile up is dropped. */
  readonly maxBufferedBytes: number;
  /** Messages a client may send per second (with a burst of twice that); more closes it. */
  readonly messagesPerSecond: number;
  /** Streams one socket may hold. */
  readonly maxStreams: number;
  /** Time between two writes of market messages to a socket at least, in ms. */
  readonly flushMs: number;
  /** Characters of flushes the fan-out process has not read at most; beyond, it is killed. */
  readonly maxBacklog: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxSockets: 10_000,
  maxPayload: 64 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  messagesPerSecond: 10,
  maxStreams: 1024,
  flushMs: 5,
  maxBacklog: 64 * 1024 * 1024,
};

export const WS_API_PATH = '/ws-api/v3';
const POLICY_VIOLATION = 1008;

export interface SocketOptions {
  readonly streams: MarketStreams;
  /** Where the market sockets go (made with `limits`). */
  readonly fanOut: SocketFanOut;
  readonly users: UserStreams;
  readonly symbols: BinanceSymbols;
  readonly authenticate: (key: string) => SigningKey | undefined;
  readonly clock: () => number;
  readonly limits: SocketLimits;
}

/**
 * The dialect's WebSockets on the server's port (`ws`): market streams on `/ws`, `/ws/<name>`
 * and `/stream?streams=a/b` (combined: each message wrapped as `{stream, data}`), controlled with
 * SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS; the WebSocket API on `/ws-api/v3` for the user
 * data stream. The market sockets are handed to the fan-out process (SocketFanOut), which writes
 * them; their requests are answered here. Bounded: sockets, frame size, messages per second,
 * streams per socket, and the bytes queued for a client (a slow one is dropped; nothing waits for
 * it).
 */
export class BinanceSockets {
  readonly limits: SocketLimits;
  readonly #server: WebSocketServer;
  readonly #options: SocketOptions;

  constructor(options: SocketOptions) {
    this.#options = options;
    this.limits = options.limits;
    this.#server = new WebSocketServer({
      noServer: true,
      maxPayload: this.limits.maxPayload,
      perMessageDeflate: false,
      clientTracking: true,
    });
  }

  /** Whether an upgrade request is for one of its paths. */
  takes(request: IncomingMessage): boolean {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    return path === '/ws' || path.startsWith('/ws/') || path === '/stream' || path === WS_API_PATH;
  }

  /** Takes an upgrade request for one of its paths (see `takes`). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (this.count >= this.limits.maxSockets) {
      refuseUpgrade(socket, 429, -1003, 'Too many WebSocket connections.');
      return;
    }
    if (path === WS_API_PATH) {
      this.#server.handleUpgrade(request, socket, head, (ws) => this.#api(ws));
      return;
    }
    const combined = path === '/stream';
    const initial = combined
      ? (url.searchParams.get('streams') ?? '').split('/').filter((name) => name !== '')
      : path.startsWith('/ws/')
        ? [decodeURIComponent(path.slice(4))]
        : [];
    this.#options.fanOut.open(request, socket, head, combined, (connection) =>
      this.#market(connection, combined, initial),
    );
  }

  /** WebSockets open now. */
  get count(): number {
    return this.#server.clients.size + this.#options.fanOut.count;
  }

  async close(): Promise<void> {
    for (const client of this.#server.clients) client.terminate();
    this.#server.close();
    await this.#options.fanOut.close();
  }

  #market(
    connection: MarketConnection,
    combined: boolean,
    initial: readonly string[],
  ): MarketConnectionHandlers {
    const { streams, symbols } = this.#options;
    const limits = this.limits;
    const subscribed = new Set<string>();
    const send = (message: unknown) => connection.send(JSON.stringify(message));
    const add = (name: string): boolean => {
      const stream = parseStreamName(symbols, name);
      if (stream === undefined) return false;
      if (!subscribed.has(name)) {
        if (subscribed.size >= limits.maxStreams) return false;
        subscribed.add(name);
        connection.follow(subscribed);
        const current = streams.subscribe(stream);
        if (current !== undefined) connection.send(current);
      }
      return true;
    };
    const closed = () => {
      for (const name of subscribed) streams.unsubscribe(name);
      subscribed.clear();
    };
    // A stream in the path that is not one (ccxt's `/ws/0`) subscribes nothing.
    for (const name of initial) {
      if (!add(name) && combined) {
        connection.close(POLICY_VIOLATION, 'invalid stream name');
        closed();
        connection.follow(subscribed);
        return { message: () => {}, closed: () => {} };
      }
    }
    const allowance = this.#allowance();
    return {
      closed,
      message: (text) => {
        if (!allowance()) return connection.close(POLICY_VIOLATION, 'too many messages');
        const request = parseRequest(text);
        if (request === undefined) {
          send({ error: { code: 3, msg: 'Invalid JSON: expected an object' }, id: null });
          return;
        }
        const { method, params, id } = request;
        if (method === 'SUBSCRIBE' || method === 'UNSUBSCRIBE') {
          if (!Array.isArray(params) || params.some((name) => typeof name !== 'string')) {
            send({ error: { code: 2, msg: 'Invalid request: params must be stream names' }, id });
            return;
          }
          for (const name of params as string[]) {
            if (method === 'UNSUBSCRIBE') {
              if (subscribed.delete(name)) {
                connection.follow(subscribed);
                streams.unsubscribe(name);
              }
            } else if (!add(name)) {
              send({ error: { code: 2, msg: `Invalid request: unknown stream or too many` }, id });
              return;
            }
          }
          send({ result: null, id });
        } else if (method === 'LIST_SUBSCRIPTIONS') {
          send({ result: [...subscribed], id });
        } else {
          send({ error: { code: 2, msg: 'Invalid request: unknown method' }, id });
        }
      },
    };
  }

  #api(ws: WebSocket): void {
    const { users, authenticate, clock } = this.#options;
    const limits = this.limits;
    let account: string | undefined;
    let subscriptions = 0;
    const sink: UserSink = {
      deliver: (payload) => {
        if (ws.bufferedAmount > limits.maxBufferedBytes) ws.terminate();
        else ws.send(payload);
      },
    };
    this.#onRequest(
      ws,
      { id: null, status: 400, error: { code: -1000, msg: 'Invalid JSON.' } },
      ({ method, params, id }) => {
        const fail = (status: number, code: number, msg: string) =>
          send(ws, { id, status, error: { code, msg } });
        if (method === 'ping') {
          send(ws, { id, status: 200, result: {} });
        } else if (method === 'time') {
          send(ws, { id, status: 200, result: { serverTime: clock() } });
        } else if (method === 'userDataStream.subscribe.signature') {
          if (typeof params !== 'object' || params === null || Array.isArray(params)) {
            fail(
              400,
              -1102,
              "Mandatory parameter 'apiKey' was not sent, was empty/null, or malformed.",
            );
            return;
          }
          const fields = new Map(
            Object.entries(params as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          );
          const signing = authenticate(fields.get('apiKey') ?? '');
          if (signing === undefined) {
            fail(401, -2014, 'Invalid API-key, IP, or permissions for action.');
            return;
          }
          const payload = [...fields.keys()]
            .filter((key) => key !== 'signature')
            .sort()
            .map((key) => `${key}=${fields.get(key)}`)
            .join('&');
          const refused = checkSigned(payload, '', fields, signing.secret, clock());
          if (refused !== undefined) {
            fail(refused.status, refused.code, refused.msg);
            return;
          }
          if (account === undefined) {
            account = signing.account;
            users.subscribe(account, sink);
          }
          send(ws, { id, status: 200, result: { subscriptionId: subscriptions++ } });
        } else if (method === 'userDataStream.unsubscribe') {
          if (account !== undefined) users.unsubscribe(account, sink);
          account = undefined;
          send(ws, { id, status: 200, result: {} });
        } else {
          fail(400, -1000, 'Unknown method.');
        }
      },
    );
    ws.on('close', () => {
      if (account !== undefined) users.unsubscribe(account, sink);
    });
    ws.on('error', () => ws.terminate());
  }

  /**
   * Hands `handle` each message's request, under the socket's message allowance (past it the
   * socket closes); a message that is not a JSON object is answered `invalid`.
   */
  #onRequest(ws: WebSocket, invalid: object, handle: (request: SocketRequest) => void): void {
    const allowance = this.#allowance();
    ws.on('message', (data, binary) => {
      if (!allowance()) {
        ws.close(POLICY_VIOLATION, 'too many messages');
        return;
      }
      const request = parseRequest(binary ? null : rawText(data));
      if (request === undefined) send(ws, invalid);
      else handle(request);
    });
  }

  /** A token bucket of messagesPerSecond, burst twice that: true while the client is within it. */
  #allowance(): () => boolean {
    const rate = this.limits.messagesPerSecond;
    let tokens = 2 * rate;
    let last = performance.now();
    return () => {
      const now = performance.now();
      tokens = Math.min(2 * rate, tokens + ((now - last) / 1000) * rate);
      last = now;
      if (tokens < 1) return false;
      tokens--;
      return true;
    };
  }
}

interface SocketRequest {
  readonly method: unknown;
  readonly params: unknown;
  readonly id: unknown;
}

function rawText(data: RawData): string {
  return Buffer.concat(Array.isArray(data) ? data : [new Uint8Array(data)]).toString();
}

/** A client's request, from a text message (null: a binary one, never a request). */
function parseRequest(text: string | null): SocketRequest | undefined {
  if (text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { method, params, id } = value as Record<string, unknown>;
  const safeId = typeof id === 'number' || (typeof id === 'string' && id.length <= 64) ? id : null;
  return { method, params, id: safeId };
}

function send(ws: WebSocket, message: unknown): void {
  ws.send(JSON.stringify(message));
}

/** Answers an upgrade request it will not take with a JSON error, then closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number, code: number, msg: string): void {
  const body = JSON.stringify({ code, msg });
  const reason = status === 429 ? 'Too Many Requests' : 'Not Found';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
