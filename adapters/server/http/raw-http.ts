import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiError, type ApiError } from './errors.js';
import type { HttpRequest, HttpResponse } from './http-types.js';

/** The listener's HTTP-level parts: the headers it reads, protocol checks, answers on a raw socket. */

/** The request line and headers together, at most. */
export const HEADER_LIMIT = 16 * 1024;

export function toRequest(
  req: IncomingMessage,
  headers: HttpRequest['headers'],
  body: HttpRequest['body'],
): HttpRequest {
  const remoteAddress = req.socket.remoteAddress;
  return { method: req.method ?? '', url: originForm(req.url ?? ''), headers, body, remoteAddress };
}

const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/** An absolute-form target (`http://host/path?query`, which HTTP/1.1 servers must accept) as its path and query. */
function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  const authority = ABSOLUTE_FORM.exec(url);
  if (authority === null) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** HTTP/1.1 requires exactly one Host header (HTTP/1.0 none). */
export function hostError(
  req: IncomingMessage,
  headers: HttpRequest['headers'],
): ApiError | undefined {
  const needsHost = req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
  return needsHost && typeof headers['host'] !== 'string'
    ? apiError('bad_request', 'an HTTP/1.1 request needs exactly one Host header')
    : undefined;
}

/** Why node could not take a request off the socket. */
export function clientFailure(code: string | undefined): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiError('request_timeout', 'the request was not received in time');
    case 'HPE_HEADER_OVERFLOW':
      return apiError('headers_too_large', 'the request line and headers must be at most 16 KiB');
    default:
      return apiError('bad_request', 'the request is not well-formed HTTP');
  }
}

const READ_HEADERS = new Set([
  'host',
  'x-api-key',
  'x-mbx-apikey',
  'content-type',
  'content-length',
  'transfer-encoding',
  'idempotency-key',
  'last-event-id',
]);

/**
 * The headers the handler reads, from `rawHeaders` (building `req.headers` costs a quarter of a
 * bare server's throughput); a repeated one becomes an array.
 */
export function pickHeaders(raw: readonly string[]): Record<string, string | string[]> {
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

/** Writes a whole HTTP/1.1 response on a socket node no longer serves, then closes it. */
export function endWith(socket: Duplex, response: HttpResponse): void {
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n`;
  for (const name in response.headers) head += `${name}: ${response.headers[name]}\r\n`;
  head += `content-length: ${Buffer.byteLength(response.body)}\r\nconnection: close\r\n\r\n`;
  socket.end(head + response.body, () => socket.destroy());
}

/** A streaming response's status line and headers, with the date node would add: the body runs until the connection closes. */
export function streamHead(response: HttpResponse): string {
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}\r\n`;
  for (const name in response.headers) head += `${name}: ${response.headers[name]}\r\n`;
  return head + `date: ${new Date().toUTCString()}\r\nconnection: close\r\n\r\n`;
}
