import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiError } from './errors.js';
import type { Handler } from './handler.js';
import type { HttpRequest, HttpResponse, StreamStart } from './http-types.js';
import {
  clientFailure,
  endWith,
  HEADER_LIMIT,
  hostError,
  pickHeaders,
  streamHead,
  toRequest,
} from './raw-http.js';
import { JOURNAL_UNAVAILABLE } from './journal-unavailable.js';
import { errorResponse } from './route-context.js';

export const BODY_LIMIT = 64 * 1024;
/** Bodies over the limit are read and thrown away up to this size (so the 413 reaches the client), then the socket is closed. */
const DRAIN_LIMIT = 1024 * 1024;
const EMPTY_BODY = new Uint8Array(0);

export interface NodeServerOptions {
  readonly handle: Handler;
  /**
   * Awaited before each response is written when it returns a promise: the journal's fsync. When
   * it fails, a write (POST, PATCH, DELETE) is answered `journal_unavailable` instead.
   */
  readonly beforeRespond?: (write: boolean) => Promise<void> | undefined;
  readonly requestTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  readonly keepAliveTimeoutMs?: number;
}

/** A node:http server around the pure handler: reads the body (bounded), writes the answer. */
export function createNodeServer(options: NodeServerOptions): Server {
  const { handle, beforeRespond } = options;
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
      () => {
        response.stream?.abandon();
        const refused = errorResponse(JOURNAL_UNAVAILABLE);
        write(res, withRateLimitOf(response, refused), close || !server.listening);
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
    const request = toRequest(req, headers, body);
    respond(res, handle(request), close, request.method !== 'GET');
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

function write(res: ServerResponse, response: HttpResponse, close: boolean): void {
  if (res.headersSent || res.destroyed) return response.stream?.abandon();
  if (response.stream !== undefined) return openStream(res, response, response.stream);
  // Copied key by key: an object spread here made node's header handling ~5 µs slower a response.
  const headers: Record<string, string | number> = {
    'content-length': Buffer.byteLength(response.body),
  };
  for (const name in response.headers) headers[name] = response.headers[name]!;
  if (close) headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** `answer` with the RateLimit headers `counted` carried: a refusal after the count keeps them. */
function withRateLimitOf(counted: HttpResponse, answer: HttpResponse): HttpResponse {
  const headers: Record<string, string> = { ...answer.headers };
  for (const name in counted.headers)
    if (name.startsWith('ratelimit-')) headers[name] = counted.headers[name]!;
  return { ...answer, headers };
}

/**
 * Hands the connection to the stream, with the head it is to write first (the fan-out process
 * writes it: the venue's process writes nothing on a stream's socket). The body is not chunked: it
 * runs until the connection closes (`connection: close`), so that each write is the stream's bytes
 * alone, the same for every stream that shares them.
 */
function openStream(res: ServerResponse, response: HttpResponse, stream: StreamStart): void {
  stream.open({ socket: res.socket!, head: streamHead(response) });
}
