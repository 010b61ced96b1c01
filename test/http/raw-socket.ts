import { connect } from 'node:net';

export interface RawReply {
  readonly status: number;
  /** The head in lower case, status line included. */
  readonly head: string;
  readonly json: any;
}

/**
 * Writes `text` on a new socket to the server at `url` and resolves with everything read until
 * the server closes the connection. `ignoreErrors`: the server may reset a socket it stopped reading.
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
    socket.on('close', () => resolve(reply));
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
