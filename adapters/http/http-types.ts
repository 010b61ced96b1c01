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

/** Opens a stream once its headers are written, or frees what it holds when they cannot be. */
export interface StreamStart {
  /** Starts writing into `sink`; returns what to call when the connection goes away. */
  open(sink: EventSink): () => void;
  abandon(): void;
}

/** A streaming response's connection, as the stream sees it. */
export interface EventSink {
  write(chunk: string | Buffer): void;
  /** Bytes written but not yet taken by the network. */
  buffered(): number;
  /** Ends the response (the server is stopping). */
  end(): void;
  /** Cuts the connection (a slow consumer). */
  destroy(): void;
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
