import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_INSTRUMENTS, Venue, type OrderRecord } from '../../src/index.js';
import { ApiKeyTable, type ApiKeyGrant } from './api-keys.js';
import { demoLiquidity } from './demo-liquidity.js';
import { createHandler } from './handler.js';
import { DEFAULT_IDEMPOTENCY_CAPACITY, IdempotencyStore } from './idempotency-store.js';
import type { OpenJournalFile } from './journal-file.js';
import { openJournal, type JournaledVenue } from './journal.js';
import { createListener } from './listener.js';

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly grants: readonly ApiKeyGrant[];
  /** Requests per second per key, and per remote address without a valid key; 0 turns limiting off. */
  readonly rateLimit: number;
  /** Default Date.now. */
  readonly clock?: () => number;
  /** Every accepted command is appended here, on disk before its response; replayed at start. */
  readonly journal?: string;
  /** The journal's file operations; a test makes them fail. */
  readonly openJournalFile?: OpenJournalFile;
  readonly requestTimeoutMs?: number;
  /** Bytes of Idempotency-Key responses kept; default 64 MiB. */
  readonly idempotencyMaxBytes?: number;
  /** Start-up reports (a torn journal line) and internal errors. */
  readonly log?: (line: string) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly venue: Venue;
  /** Stops accepting, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

/** Final orders kept for GET /v1/orders; the oldest are forgotten first, to bound memory. */
export const ORDER_RETENTION = 100_000;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => {});
  const logError = (error: unknown) =>
    log(`internal error: ${error instanceof Error ? error.stack : String(error)}`);
  const idempotency = new IdempotencyStore(
    DEFAULT_IDEMPOTENCY_CAPACITY,
    options.idempotencyMaxBytes,
  );
  const journaled =
    options.journal === undefined
      ? undefined
      : await openJournal(options.journal, {
          instruments: DEFAULT_INSTRUMENTS,
          clock,
          orderRetention: ORDER_RETENTION,
          seed: placeDemoLiquidity,
          log,
          idempotency,
          ...(options.openJournalFile !== undefined && { openFile: options.openJournalFile }),
        });
  const venue = journaled?.venue ?? newVenue(clock);
  const writer = journaled?.writer;
  const handle = createHandler({
    venue,
    keys: new ApiKeyTable(options.grants),
    clock,
    rateLimit: options.rateLimit,
    idempotency,
    ...(journaled !== undefined && {
      onAccepted: journaled.record,
      recordsOrderFeatures: journaled.recordsOrderFeatures,
    }),
    ...(writer !== undefined && { acceptsWrites: () => writer.acceptsWrites() }),
    onError: logError,
  });
  const server = createListener({
    handle,
    ...(writer !== undefined && {
      // A read answers from memory when the journal cannot be written.
      beforeRespond: (write: boolean) =>
        write ? writer.durable() : writer.durable()?.catch(() => {}),
    }),
    ...(options.requestTimeoutMs !== undefined && { requestTimeoutMs: options.requestTimeoutMs }),
  });
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    await writer?.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { url: `http://${host}:${port}`, venue, close: () => closeServer(server, journaled) };
}

function newVenue(clock: () => number): Venue {
  const created = Venue.create({ clock, orderRetention: ORDER_RETENTION });
  if (!created.ok) throw new Error(created.error.message);
  placeDemoLiquidity(created.value);
  return created.value;
}

function placeDemoLiquidity(venue: Venue): OrderRecord[] {
  return demoLiquidity(venue.instruments()).map((request) => {
    const placed = venue.placeOrder(request);
    if (!placed.ok) throw new Error(`demo liquidity refused: ${placed.error.message}`);
    return placed.value;
  });
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

/**
 * Stops accepting, closes idle keep-alive sockets at once, lets requests in flight finish (any
 * socket still open after a grace period is closed), then flushes and closes the journal.
 */
async function closeServer(
  server: Server,
  journaled: JournaledVenue | undefined,
  graceMs = 5_000,
): Promise<void> {
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs).unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
  await journaled?.writer.close();
}
