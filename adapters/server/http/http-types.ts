import type { Socket } from 'node:net';

/** A request as the pure handler sees it: already read, nothing left on a socket. */
export interface HttpRequest {
  readonly method: string;
  /** Path and query, as on the request line. */
  readonly url: string;
  /** Header names in lower case; repeated headers joined as node:http joins them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body's bytes, or `too_large` when it went over the body limit and was not kept. */
  readonly body: Uint8Array | 'too_large';
  /** The peer's IP address: unauthenticated requests are rate-limited by it. */
  readonly remoteAddress?: string | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Set on a response that streams (Server-Sent Events): the listener hands it the connection. */
  readonly stream?: StreamStart;
}

/** Hands a stream its connection once the response is accepted, or frees what it holds when it cannot be. */
export interface StreamStart {
  /** Starts the stream on the connection; from then on the stream owns it. */
  open(connection: StreamConnection): void;
  abandon(): void;
}

/** A streaming response's connection: its socket, nothing written yet, and the head to write first. */
export interface StreamConnection {
  readonly socket: Socket;
  /** The status line and headers, ending with the blank line. */
  readonly head: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): HttpResponse {
  return { status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body };
}

/** One header's value, or undefined when absent or repeated. */
export function singleHeader(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
