import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo, Socket } from 'node:net';
import {
  DEFAULT_INSTRUMENTS,
  Venue,
  assetsOf,
  type BalanceOptions,
  type InstrumentSpec,
  type OrderRecord,
} from '../../../src/index.js';
import type { MarketHooks, RunningMarket } from '../market/index.js';
import { ApiKeyTable, type ApiKeyGrant } from './api-keys.js';
import { demoLiquidity, MARKET_MAKER_ACCOUNT } from './demo-liquidity.js';
import { API_PREFIX, BinanceDialect, type SocketLimits } from '../binance/index.js';
import { createHandler } from './handler.js';
import { DEFAULT_IDEMPOTENCY_CAPACITY, IdempotencyStore } from './idempotency-store.js';
import type { OpenJournalFile } from './journal-file.js';
import { openJournal, type JournaledVenue } from './journal.js';
import { createNodeServer } from './node-server.js';
import { RequestClock } from './request-clock.js';
import type { OrderLimits } from './order-limits.js';
import { endWith, pickHeaders, toRequest } from './raw-http.js';
import { StreamHub, type StreamLimits } from './stream-hub.js';

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
  /** The venue's instruments (a new journal's too); default DEFAULT_INSTRUMENTS. */
  readonly instruments?: readonly InstrumentSpec[];
  /** Whether a new venue starts with the demo ladder; default true. */
  readonly demoLiquidity?: boolean;
  /**
   * A moving market (docs/market.md), started on the venue before listening and stopped first on
   * close; with a journal, its commands are journaled like the clients'.
   */
  readonly market?: (venue: Venue, hooks: MarketHooks) => RunningMarket;
  /**
   * The accounts' balances (invariant 14); default `servedBalances()` of the instruments: every
   * account starts with DEFAULT_STARTING_AMOUNT of each asset, no fees.
   */
  readonly balances?: BalanceOptions;
  /** The Binance dialect's request weight per minute and address; default 6000. */
  readonly binanceWeightLimit?: number;
  /** Limits of the Binance dialect's WebSockets; default DEFAULT_SOCKET_LIMITS. */
  readonly binanceSocketLimits?: Partial<SocketLimits>;
  /** Limits of GET /v1/stream; default DEFAULT_STREAM_LIMITS. */
  readonly streamLimits?: Partial<StreamLimits>;
  /** What one account may have live per symbol; default DEFAULT_ORDER_LIMITS. */
  readonly orderLimits?: OrderLimits;
}

export interface RunningServer {
  readonly url: string;
  readonly venue: Venue;
  /** The event streams of GET /v1/stream. */
  readonly streams: StreamHub;
  /** The Binance dialect (`/api/v3`, its WebSockets). */
  readonly binance: BinanceDialect;
  /** Stops accepting, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

const NO_BODY = new Uint8Array(0);

/** Final orders kept for GET /v1/orders; the oldest are forgotten first, to bound memory. */
export const ORDER_RETENTION = 100_000;

/** What each account holds of each asset at first use, unless the balances say otherwise. */
export const DEFAULT_STARTING_AMOUNT = '1000000000';

/** Every asset of the instruments at DEFAULT_STARTING_AMOUNT for every account, no fees. */
export function servedBalances(instruments: readonly InstrumentSpec[]): BalanceOptions {
  return { initial: plenty(instruments) };
}

function plenty(instruments: readonly InstrumentSpec[]): Record<string, string> {
  const amounts: Record<string, string> = {};
  for (const { symbol } of instruments) {
    for (const asset of assetsOf(symbol)) amounts[asset] = DEFAULT_STARTING_AMOUNT;
  }
  return amounts;
}

/** The balances given, the demo book's account funded with plenty unless they name it. */
function withDemoAccount(
  given: BalanceOptions,
  instruments: readonly InstrumentSpec[],
): BalanceOptions {
  return {
    ...given,
    accounts: { [MARKET_MAKER_ACCOUNT]: plenty(instruments), ...given.accounts },
  };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const requestClock = new RequestClock(options.clock ?? Date.now);
  const clock = requestClock.read;
  const balancesOf = (instruments: readonly InstrumentSpec[]) =>
    options.balances === undefined
      ? servedBalances(instruments)
      : withDemoAccount(options.balances, instruments);
  const log = options.log ?? (() => {});
  const logError = (error: unknown) =>
    log(`internal error: ${error instanceof Error ? error.stack : String(error)}`);
  const demo = options.demoLiquidity ?? true;
  const idempotency = new IdempotencyStore(
    DEFAULT_IDEMPOTENCY_CAPACITY,
    options.idempotencyMaxBytes,
  );
  const journaled =
    options.journal === undefined
      ? undefined
      : await openJournal(options.journal, {
          instruments: options.instruments ?? DEFAULT_INSTRUMENTS,
          clock,
          orderRetention: ORDER_RETENTION,
          balances: balancesOf,
          seed: demo ? placeDemoLiquidity : () => [],
          log,
          idempotency,
          ...(options.openJournalFile !== undefined && { openFile: options.openJournalFile }),
        });
  const venue =
    journaled?.venue ??
    newVenue(
      clock,
      options.instruments,
      demo,
      balancesOf(options.instruments ?? DEFAULT_INSTRUMENTS),
    );
  const writer = journaled?.writer;
  const streams = new StreamHub(venue, {
    ...(options.streamLimits !== undefined && { limits: options.streamLimits }),
    ...(writer !== undefined && { beforeFlush: () => writer.written() }),
  });
  const keys = new ApiKeyTable(options.grants);
  const binance = new BinanceDialect({
    venue,
    clock,
    authenticate: (key) => keys.signingKey(key),
    accounts: options.grants.map((grant) => grant.account),
    ...(options.binanceWeightLimit !== undefined && { weightLimit: options.binanceWeightLimit }),
    ...(options.binanceSocketLimits !== undefined && { socketLimits: options.binanceSocketLimits }),
    ...(journaled !== undefined && {
      onPlaced: (order) => journaled.record({ action: 'new', order }),
      onCancelled: (order) => journaled.record({ action: 'cancel', order, at: venue.now() }),
    }),
    ...(writer !== undefined && { acceptsWrites: () => writer.acceptsWrites() }),
    onError: logError,
  });
  const handle = createHandler({
    streams,
    venue,
    keys,
    binance: {
      prefix: API_PREFIX,
      handle: (request, path, search) => binance.handle(request, path, search),
    },
    clock,
    rateLimit: options.rateLimit,
    idempotency,
    ...(journaled !== undefined && {
      onAccepted: journaled.record,
      recordsOrderFeatures: journaled.recordsOrderFeatures,
    }),
    ...(writer !== undefined && { acceptsWrites: () => writer.acceptsWrites() }),
    onError: logError,
    atOneTime: requestClock.hold,
    ...(options.orderLimits !== undefined && { orderLimits: options.orderLimits }),
  });
  const server = createNodeServer({
    handle,
    ...(writer !== undefined && {
      // A read answers from memory when the journal cannot be written.
      beforeRespond: (write: boolean) =>
        write ? writer.durable() : writer.durable()?.catch(() => {}),
    }),
    ...(options.requestTimeoutMs !== undefined && { requestTimeoutMs: options.requestTimeoutMs }),
  });
  // WebSockets of the Binance dialect; any other Upgrade request is answered as if it had none.
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (binance.takesUpgrade(request)) binance.handleUpgrade(request, socket, head);
    else endWith(socket, handle(toRequest(request, pickHeaders(request.rawHeaders), NO_BODY)));
  });
  const sockets = openSockets(server);
  let market: RunningMarket | undefined;
  try {
    market = options.market?.(venue, {
      ...(journaled !== undefined && {
        onAccepted: (command) => {
          journaled.record(command);
          writer!.durable()?.catch(() => {});
        },
        acceptsWrites: () => writer!.acceptsWrites(),
      }),
    });
    await listen(server, options.port, options.host);
  } catch (error) {
    await market?.stop();
    await writer?.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const close = async () => {
    await streams.close();
    await market?.stop();
    await binance.close();
    await closeServer(server, sockets, journaled);
    await streams.close(); // a stream opened while the server was stopping
  };
  return { url: `http://${host}:${port}`, venue, streams, binance, close };
}

function newVenue(
  clock: () => number,
  instruments: readonly InstrumentSpec[] | undefined,
  demo: boolean,
  balances: BalanceOptions,
): Venue {
  const created = Venue.create({
    clock,
    orderRetention: ORDER_RETENTION,
    balances,
    ...(instruments !== undefined && { instruments }),
  });
  if (!created.ok) throw new Error(created.error.message);
  if (demo) placeDemoLiquidity(created.value);
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
 * socket still open after a grace period is closed), then flushes and closes the journal. Waits on
 * its own list of sockets: once a socket was handed to the fan-out process, node's `server.close`
 * callback never comes after that process exited (the server waits on a list of child processes
 * that the exit emptied).
 */
async function closeServer(
  server: Server,
  sockets: ReadonlySet<Socket>,
  journaled: JournaledVenue | undefined,
  graceMs = 5_000,
): Promise<void> {
  server.close();
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), graceMs).unref();
  await Promise.all([...sockets].map((socket) => once(socket, 'close')));
  clearTimeout(force);
  await journaled?.writer.close();
}

/** The server's open sockets. */
function openSockets(server: Server): ReadonlySet<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}
