import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { apiError, type ApiError } from './errors.js';
import type { Handler } from './handler.js';
import type { HttpRequest, HttpResponse } from './http-types.js';
import { errorResponse } from './route-context.js';

export const BODY_LIMIT = 64 * 1024;
/** The request line and headers together, at most. */
export const HEADER_LIMIT = 16 * 1024;
/** Bodies over the limit are read and thrown away up to this size (so the 413 reaches the client), then the socket is closed. */
const DRAIN_LIMIT = 1024 * 1024;

export interface ListenerOptions {
  readonly handle: Handler;
  /** Awaited before each response is written when it returns a promise: the journal's fsync. */
  readonly beforeRespond?: () => Promise<void> | undefined;
  readonly onError?: (error: unknown) => void;
  readonly requestTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  readonly keepAliveTimeoutMs?: number;
}

/** A node:http server around the pure handler: reads the body (bounded), writes the answer. */
export function createListener(options: ListenerOptions): Server {
  const { handle, beforeRespond, onError = () => {} } = options;
  const requestTimeout = options.requestTimeoutMs ?? 10_000;
  const server = createServer({
    requestTimeout,
    headersTimeout: options.headersTimeoutMs ?? Math.min(5_000, requestTimeout),
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    maxHeaderSize: HEADER_LIMIT,
    // Checked in `answer`, so that its 400 is JSON like every other answer.
    requireHostHeader: false,
  });

  const respond = (res: ServerResponse, response: HttpResponse, close: boolean) => {
    const pending = beforeRespond?.();
    if (pending === undefined) return write(res, response, close || !server.listening);
    pending.then(
      () => write(res, response, close || !server.listening),
      (error: unknown) => {
        onError(error);
        write(
          res,
          errorResponse(apiError('internal_error', 'the journal could not be written')),
          true,
        );
      },
    );
  };

  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    headers: HttpRequest['headers'],
    body: HttpRequest['body'],
    close: boolean,
  ) => {
    const refused = hostError(req, headers);
    if (refused !== undefined) return write(res, errorResponse(refused), true);
    respond(res, handle(toRequest(req, headers, body)), close);
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

  // Any Expect but 100-continue (which node answers with 100 Continue, then the request goes on).
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const refused = apiError('expectation_failed', 'only Expect: 100-continue is supported');
    write(res, errorResponse(refused), true);
  });

  // Answered like any other method (401, 404 or 405: no route takes CONNECT); never a tunnel.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    const headers = pickHeaders(req.rawHeaders);
    const refused = hostError(req, headers);
    const response =
      refused === undefined ? handle(toRequest(req, headers, EMPTY_BODY)) : errorResponse(refused);
    endWith(socket, response);
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    endWith(socket, errorResponse(clientFailure(error.code)));
  });
  return server;
}

function toRequest(
  req: IncomingMessage,
  headers: HttpRequest['headers'],
  body: HttpRequest['body'],
): HttpRequest {
  const remoteAddress = req.socket.remoteAddress;
  return { method: req.method ?? '', url: req.url ?? '', headers, body, remoteAddress };
}

/** HTTP/1.1 requires exactly one Host header (HTTP/1.0 none). */
function hostError(req: IncomingMessage, headers: HttpRequest['headers']): ApiError | undefined {
  const needsHost = req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
  return needsHost && typeof headers['host'] !== 'string'
    ? apiError('bad_request', 'an HTTP/1.1 request needs exactly one Host header')
    : undefined;
}

/** Why node could not take a request off the socket. */
function clientFailure(code: string | undefined): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiError('request_timeout', 'the request was not received in time');
    case 'HPE_HEADER_OVERFLOW':
      return apiError('headers_too_large', 'the request line and headers must be at most 16 KiB');
    default:
      return apiError('bad_request', 'the request is not well-formed HTTP');
  }
}

const EMPTY_BODY = new Uint8Array(0);
const READ_HEADERS = new Set([
  'host',
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

/** Writes a whole HTTP/1.1 response on a socket node no longer serves, then closes it. */
function endWith(socket: Duplex, response: HttpResponse): void {
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n`;
  for (const name in response.headers) head += `${name}: ${response.headers[name]}\r\n`;
  head += `content-length: ${Buffer.byteLength(response.body)}\r\nconnection: close\r\n\r\n`;
  socket.end(head + response.body, () => socket.destroy());
}
