import { request, type IncomingMessage } from 'node:http';
import { expectDocumented, expectDocumentedEvent } from './openapi-check.js';
import { ALICE_KEY } from './test-server.js';

/** One Server-Sent Event as a client sees it; `data` parsed as JSON. */
export interface SseEvent {
  readonly id: string | undefined;
  readonly event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read freely and checked by expect
  readonly data: any;
}

export interface SseOptions {
  /** Default: Alice's key; null sends none. */
  readonly key?: string | null;
  readonly lastEventId?: string;
}

/** A stream being read: every event and comment so far, and ways to wait for more. */
export class SseStream {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  #buffer = '';
  #ended = false;
  #waiters: Array<() => void> = [];

  constructor(readonly response: IncomingMessage) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.#take(chunk));
    response.on('close', () => {
      this.#ended = true;
      this.#notify();
    });
    response.on('error', () => {});
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** The first event from index `from` on that matches, once it has come. */
  async next(predicate: (event: SseEvent) => boolean, from = 0): Promise<SseEvent> {
    for (;;) {
      const found = this.events.slice(from).find(predicate);
      if (found !== undefined) return found;
      if (this.#ended) throw new Error(`the stream ended before the event came`);
      await this.#change();
    }
  }

  /** Resolves once `count` events have come. */
  async count(count: number): Promise<SseEvent[]> {
    while (this.events.length < count) {
      if (this.#ended) throw new Error(`the stream ended after ${this.events.length} events`);
      await this.#change();
    }
    return this.events.slice(0, count);
  }

  async comment(): Promise<string> {
    while (this.comments.length === 0) {
      if (this.#ended) throw new Error('the stream ended before a comment came');
      await this.#change();
    }
    return this.comments[0]!;
  }

  /** Resolves when the server has closed the stream. */
  async end(): Promise<void> {
    while (!this.#ended) await this.#change();
  }

  close(): void {
    this.response.destroy();
  }

  #change(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  #take(chunk: string): void {
    this.#buffer += chunk;
    let end: number;
    while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let id: string | undefined;
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1));
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
        else throw new Error(`unexpected line in the stream: ${line}`);
      }
      if (data === '') continue;
      const parsed: SseEvent = { id, event, data: JSON.parse(data) };
      expectDocumentedEvent(parsed);
      this.events.push(parsed);
    }
    this.#notify();
  }
}

export type SseOpened =
  | {
      readonly status: 200;
      readonly stream: SseStream;
      readonly headers: IncomingMessage['headers'];
    }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read freely and checked by expect
  | { readonly status: number; readonly json: any; readonly headers: IncomingMessage['headers'] };

/** GET `path` as an event stream; a refusal's body is read and checked against the OpenAPI document. */
export function openSse(url: string, path: string, options: SseOptions = {}): Promise<SseOpened> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.key !== null) headers['x-api-key'] = options.key ?? ALICE_KEY;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  return new Promise((resolve, reject) => {
    const req = request(url + path, { headers, agent: false }, (response) => {
      const status = response.statusCode!;
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      };
      if (status === 200) {
        expectDocumented('GET', path, { status, header, body: '' });
        return resolve({ status, stream: new SseStream(response), headers: response.headers });
      }
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        expectDocumented('GET', path, { status, header, body });
        resolve({ status, json: JSON.parse(body), headers: response.headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a stream that must open. */
export async function mustOpen(
  url: string,
  path: string,
  options?: SseOptions,
): Promise<SseStream> {
  const opened = await openSse(url, path, options);
  if (opened.status !== 200 || !('stream' in opened))
    throw new Error(
      `${path} answered ${opened.status}: ${JSON.stringify((opened as { json: unknown }).json)}`,
    );
  return opened.stream;
}

/** The book a client builds: the snapshot's levels, then each delta (size zero removes). */
export function applyDeltas(snapshot: SseEvent, events: readonly SseEvent[]) {
  const sides = {
    buy: new Map<string, string>(snapshot.data.bids),
    sell: new Map<string, string>(snapshot.data.asks),
  };
  for (const { event, data } of events) {
    if (event !== 'book') continue;
    const side = sides[data.side as 'buy' | 'sell'];
    if (Number(data.size) === 0) side.delete(data.price);
    else side.set(data.price, data.size);
  }
  const sorted = (side: Map<string, string>, sign: number) =>
    [...side].sort(([a], [b]) => sign * (Number(a) - Number(b)));
  return { bids: sorted(sides.buy, -1), asks: sorted(sides.sell, 1) };
}
