import { connect } from 'node:net';
import { expectDocumented } from './openapi-check.js';

export interface RawReply {
  readonly status: number;
  /** The head in lower case, status line included. */
  readonly head: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read freely and checked by expect
  readonly json: any;
}

/**
 * Writes `text` on a new socket to the server at `url` and resolves with everything read until
 * the server closes the connection, after checking the answer against the OpenAPI document.
 * `ignoreErrors`: the server may reset a socket it stopped reading.
 */
export function exchange(
  url: string,
  text: string,
  { ignoreErrors = false } = {},
): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', (error) => (ignoreErrors ? undefined : reject(error)));
    socket.on('close', () => {
      try {
        expectDocumentedReply(text, reply);
        resolve(reply);
      } catch (error) {
        reject(error);
      }
    });
  });
}

const REQUEST_LINE = /^(\S+) (\S+) HTTP\/1\.[01]\r\n/;
const INTERIM = /^HTTP\/1\.1 1[0-9][0-9] [^\r]*\r\n\r\n/;

/** Checks the answer to the request `sent` (after any 100 Continue) against the OpenAPI document. */
export function expectDocumentedReply(sent: string, reply: string): void {
  let rest = reply;
  while (INTERIM.test(rest)) rest = rest.replace(INTERIM, '');
  if (rest === '') return; // closed unanswered: nobody was reading
  const split = rest.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of rest.slice(0, split).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = rest.slice(split + 4);
  if (split < 0 || Buffer.byteLength(body) !== Number(headers.get('content-length'))) {
    throw new Error(`not one whole response: ${JSON.stringify(rest.slice(0, 300))}`);
  }
  const request = REQUEST_LINE.exec(sent);
  expectDocumented(request?.[1], request?.[2], {
    status: Number(rest.split(' ')[1]),
    header: (name) => headers.get(name),
    body,
  });
}

/** One whole response: status, head, and the body as JSON (undefined when it is not JSON). */
export function parseReply(reply: string): RawReply {
  const split = reply.indexOf('\r\n\r\n');
  const head = (split < 0 ? reply : reply.slice(0, split)).toLowerCase();
  let json: unknown;
  try {
    json = JSON.parse(reply.slice(split + 4));
  } catch {
    json = undefined;
  }
  return { status: Number(head.split(' ')[1]), head, json };
}
