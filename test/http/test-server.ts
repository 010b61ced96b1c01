import { afterAll, beforeAll, expect } from 'vitest';
import { expectDocumented } from './openapi-check.js';
import {
  startServer,
  type RunningServer,
  type ServerOptions,
} from '../../adapters/server/http/server.js';
import type { Venue } from '../../src/index.js';
import { ManualClock } from '../manual-clock.js';

export { ManualClock, START_MS } from '../manual-clock.js';

export const ALICE_KEY = 'alice-key-0123456789';
export const BOB_KEY = 'bob-key-0123456789';

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read freely and checked by expect
  readonly json: any;
}

export interface CallOptions {
  /** Default: Alice's key; null sends no key. */
  readonly key?: string | null;
  readonly body?: unknown;
  /** Sent as is (not JSON-encoded). */
  readonly rawBody?: string | Uint8Array;
  readonly headers?: Record<string, string>;
}

export interface TestServer {
  readonly url: string;
  readonly clock: ManualClock;
  readonly server: RunningServer;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
}

/** Starts a real server on 127.0.0.1, port 0, for the file's tests; closes it after them. */
export function useTestServer(options: Partial<ServerOptions> = {}): TestServer {
  const clock = new ManualClock();
  const handle = { clock } as { clock: ManualClock; server?: RunningServer };
  beforeAll(async () => {
    handle.server = await startServer({
      port: 0,
      host: '127.0.0.1',
      grants: [
        { key: ALICE_KEY, account: 'alice' },
        { key: BOB_KEY, account: 'bob' },
      ],
      rateLimit: 0,
      clock: clock.read,
      ...options,
      // A fan-out process started from the sources on a loaded machine can take over a second.
      streamLimits: { startMs: 30_000, ...options.streamLimits },
    });
  });
  afterAll(async () => {
    await handle.server?.close();
  });
  return {
    clock,
    get server() {
      return handle.server!;
    },
    get url() {
      return handle.server!.url;
    },
    call: (method, path, callOptions = {}) => call(handle.server!.url, method, path, callOptions),
  };
}

export async function call(
  url: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.key !== null) headers['x-api-key'] = options.key ?? ALICE_KEY;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(url + path, {
    method,
    headers: { ...headers, ...options.headers },
    body: body ?? null,
  });
  const text = await response.text();
  const header = (name: string) => response.headers.get(name) ?? undefined;
  // As fetch sent it: `..` and `.` segments resolved.
  const sent = new URL(url + path);
  const target = sent.pathname + sent.search;
  expectDocumented(method, target, { status: response.status, header, body: text });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export function errorOf(code: string, field?: string): { error: Record<string, unknown> } {
  return { error: { code, message: expect.any(String), ...(field !== undefined && { field }) } };
}

/** Places and cancels `count` of alice's limit buys on BTC-USD: about 1 KB of stream events each. */
export function churnOrders(venue: Venue, count: number): void {
  for (let i = 0; i < count; i++) {
    const placed = venue.placeOrder({
      account: 'alice',
      symbol: 'BTC-USD',
      side: 'buy',
      type: 'limit',
      price: '100.00',
      size: '1',
    });
    if (!placed.ok || !venue.cancelOrder('alice', placed.value.id).ok) throw new Error('refused');
  }
}
