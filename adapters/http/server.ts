import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Venue } from '../../src/index.js';
import { ApiKeyTable, type ApiKeyGrant } from './api-keys.js';
import { demoLiquidity } from './demo-liquidity.js';
import { createHandler } from './handler.js';
import { createListener } from './listener.js';

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly grants: readonly ApiKeyGrant[];
  /** Requests per second per key; 0 turns limiting off. */
  readonly rateLimit: number;
  /** Default Date.now. */
  readonly clock?: () => number;
  readonly requestTimeoutMs?: number;
  readonly onError?: (error: unknown) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly venue: Venue;
  /** Stops accepting, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

/** Final orders kept for GET /v1/orders; the oldest are forgotten first, to bound memory. */
export const ORDER_RETENTION = 1_000_000;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const clock = options.clock ?? Date.now;
  const created = Venue.create({ clock, orderRetention: ORDER_RETENTION });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  for (const order of demoLiquidity(venue.instruments())) {
    const placed = venue.placeOrder(order);
    if (!placed.ok) throw new Error(`demo liquidity refused: ${placed.error.message}`);
  }
  const handle = createHandler({
    venue,
    keys: new ApiKeyTable(options.grants),
    clock,
    rateLimit: options.rateLimit,
  });
  const server = createListener({
    handle,
    ...(options.requestTimeoutMs !== undefined && { requestTimeoutMs: options.requestTimeoutMs }),
    ...(options.onError !== undefined && { onError: options.onError }),
  });
  await listen(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { url: `http://${host}:${port}`, venue, close: () => closeServer(server) };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Closes idle keep-alive sockets at once and, after a grace period, any still open. */
function closeServer(server: Server, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs).unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
