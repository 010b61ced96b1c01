import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { apiError, ERROR_STATUS, errorBody, type ApiError } from './errors.js';
import type { Handler } from './handler.js';
import { JOURNAL_UNAVAILABLE } from './journal-unavailable.js';
import { JSON_CONTENT_TYPE, type HttpRequest, type HttpResponse } from './http-types.js';
import { errorResponse } from './route-context.js';

export const BODY_LIMIT = 64 * 1024;
/** Bodies over the limit are read and thrown away up to this size (so the 413 reaches the client), then the socket is closed. */
const DRAIN_LIMIT = 1024 * 1024;

export interface ListenerOptions {
  readonly handle: Handler;
  /**
   * Awaited before each response is written when it returns a promise: the journal's fsync. When
   * it fails, a write (POST, DELETE) is answered `journal_unavailable` instead.
   */
  readonly beforeRespond?: (write: boolean) => Promise<void> | undefined;
  readonly requestTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  readonly keepAliveTimeoutMs?: number;
}

/** A node:http server around the pure handler: reads the body (bounded), writes the answer. */
export function createListener(options: ListenerOptions): Server {
  const { handle, beforeRespond } = options;
  const requestTimeout = options.requestTimeoutMs ?? 10_000;
  const server = createServer({
    requestTimeout,
    headersTimeout: options.headersTimeoutMs ?? Math.min(5_000, requestTimeout),
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    connectionsCheckingInterval: Math.min(1_000, requestTimeout),
  });

  const respond = (
    res: ServerResponse,
    response: HttpResponse,
    close: boolean,
    isWrite: boolean,
  ) => {
    const pending = beforeRespond?.(isWrite);
    if (pending === undefined) return write(res, response, close || !server.listening);
    pending.then(
      () => write(res, response, close || !server.listening),
      () => write(res, errorResponse(JOURNAL_UNAVAILABLE), close || !server.listening),
    );
  };

  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    headers: HttpRequest['headers'],
    body: HttpRequest['body'],
    close: boolean,
  ) => {
    const request = { method: req.method ?? '', url: req.url ?? '', headers, body };
    respond(res, handle(request), close, request.method === 'POST' || request.method === 'DELETE');
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const headers = pickHeaders(req.rawHeaders);
    const length = headers['content-length'];
    if (headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
      req.resume();
      return answer(req, res, headers, EMPTY_BODY, false);
    }
    if (Number(length) > DRAIN_LIMIT) return answer(req, res, headers, 'too_large', true);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
      const crossedDrainLimit = size > DRAIN_LIMIT && size - chunk.length <= DRAIN_LIMIT;
      if (crossedDrainLimit) answer(req, res, headers, 'too_large', true);
    });
    req.on('end', () => {
      if (size > DRAIN_LIMIT) return; // answered when it crossed the limit
      if (size > BODY_LIMIT) return answer(req, res, headers, 'too_large', false);
      answer(
        req,
        res,
        headers,
        chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
        false,
      );
    });
    req.on('error', () => req.destroy());
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const failure = timedOut
      ? apiError('request_timeout', 'the request was not received in time')
      : apiError('bad_request', 'the request is not well-formed HTTP');
    socket.end(rawResponse(failure));
  });
  return server;
}

const EMPTY_BODY = new Uint8Array(0);
const READ_HEADERS = new Set([
  'x-api-key',
  'content-type',
  'content-length',
  'transfer-encoding',
  'idempotency-key',
]);

/**
 * The headers the handler reads, from `rawHeaders` (building `req.headers` costs a quarter of a
 * bare server's throughput); a repeated one becomes an array.
 */
function pickHeaders(raw: readonly string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!.toLowerCase();
    if (!READ_HEADERS.has(name)) continue;
    const value = raw[index + 1]!;
    const seen = headers[name];
    headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return headers;
}

function write(res: ServerResponse, response: HttpResponse, close: boolean): void {
  if (res.headersSent || res.destroyed) return;
  // Copied key by key: an object spread here made node's header handling ~5 µs slower a response.
  const headers: Record<string, string | number> = {
    'content-length': Buffer.byteLength(response.body),
  };
  for (const name in response.headers) headers[name] = response.headers[name]!;
  if (close) headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** A whole HTTP/1.1 error response, for a socket whose request could not be parsed. */
function rawResponse(error: ApiError): string {
  const status = ERROR_STATUS[error.code];
  const body = errorBody(error);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${JSON_CONTENT_TYPE}\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  );
}
