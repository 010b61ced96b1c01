import type { Venue } from '../../../src/index.js';
import type { ApiKeyTable } from './api-keys.js';
import { apiError } from './errors.js';
import { singleHeader, type HttpRequest, type HttpResponse } from './http-types.js';
import { IdempotencyStore } from './idempotency-store.js';
import { JOURNAL_UNAVAILABLE } from './journal-unavailable.js';
import { OrderBookCache } from './book-cache.js';
import { getOrderBook, getTicker, getTrades } from './market-routes.js';
import { OPENAPI_PATH, serveOpenApiDocument } from './openapi-route.js';
import { cancelAllOrders, getBalances, getTime, listInstruments } from './client-routes.js';
import { DASHBOARD_PATH, serveDashboard } from './dashboard-route.js';
import {
  amendOrder,
  cancelOrder,
  createOrder,
  getOrder,
  getOrderFills,
  listOrders,
} from './order-routes.js';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from './order-limits.js';
import { RateLimiter } from './rate-limiter.js';
import { StreamHub } from './stream-hub.js';
import { openStream, STREAM_PATH } from './stream-route.js';
import {
  errorResponse,
  methodNotAllowed,
  type AcceptedCommand,
  type RouteAction,
  type RouteContext,
} from './route-context.js';

export type Handler = (request: HttpRequest) => HttpResponse;

export interface HandlerOptions {
  readonly venue: Venue;
  readonly keys: ApiKeyTable;
  /** Milliseconds since the epoch, for rate limits and idempotency; the listener passes Date.now. */
  readonly clock: () => number;
  /**
   * Requests per second per key, and per remote address for requests without a valid key (burst:
   * twice as many); 0 turns limiting off. Default 100.
   */
  readonly rateLimit?: number;
  readonly idempotency?: IdempotencyStore;
  /** Called with each accepted command before its response is returned (the journal). */
  readonly onAccepted?: (command: AcceptedCommand) => void;
  /** False when the journal cannot record stop_price, stp and expire_at (default true). */
  readonly recordsOrderFeatures?: boolean;
  /** False while writes cannot be journaled: POST, PATCH and DELETE answer `journal_unavailable`. */
  readonly acceptsWrites?: () => boolean;
  /** Told of any exception, which the client sees as `internal_error`. */
  readonly onError?: (error: unknown) => void;
  /** The Binance-spot dialect (`/api/v3/...`, docs/ccxt.md), answered beside /v1. */
  readonly binance?: {
    readonly prefix: string;
    handle(request: HttpRequest, path: string, search: string): HttpResponse;
  };
  /** The venue's event streams (GET /v1/stream); default one with the default limits. */
  readonly streams?: StreamHub;
  /** Runs a route with the venue's clock held at one reading (RequestClock.hold); default as is. */
  readonly atOneTime?: <T>(route: () => T) => T;
  /** What one account may have live per symbol; default DEFAULT_ORDER_LIMITS. */
  readonly orderLimits?: OrderLimits;
}

type Methods = Readonly<Record<string, RouteAction>>;

const ROUTES: ReadonlyMap<string, Methods> = new Map<string, Methods>([
  ['/v1/market/ticker', { GET: getTicker }],
  ['/v1/market/orderbook', { GET: getOrderBook }],
  ['/v1/market/trades', { GET: getTrades }],
  ['/v1/orders', { GET: listOrders, POST: createOrder, DELETE: cancelAllOrders }],
  ['/v1/instruments', { GET: listInstruments }],
  ['/v1/time', { GET: getTime }],
  ['/v1/balances', { GET: getBalances }],
  [STREAM_PATH, { GET: openStream }],
]);
/** Answered before the key check (they hold no data), counted against the remote address. */
const OPEN_PATHS: ReadonlyMap<string, (method: string, search: string) => HttpResponse> = new Map([
  [OPENAPI_PATH, serveOpenApiDocument],
  [DASHBOARD_PATH, serveDashboard],
]);
const ORDER_ROUTE: Methods = { GET: getOrder, PATCH: amendOrder, DELETE: cancelOrder };
const FILLS_ROUTE: Methods = { GET: getOrderFills };
const ORDER_PATH_PREFIX = '/v1/orders/';
const FILLS_PATH_SUFFIX = '/fills';
/** Remote addresses whose unauthenticated requests are counted, at most (oldest forgotten first). */
export const TRACKED_ADDRESSES = 10_000;

/**
 * The pure request handler: request in, response out, no socket. Order of checks: API key (a
 * request without a valid one is counted against its address's limit: 429, else 401), rate
 * limit, route, method, journal (writes only), then the route's own. GET /v1/openapi.json and
 * GET / need no key: they are answered first, counted against the address's limit. Every answer
 * carries the RateLimit headers of the bucket it was counted in (none when limiting is off).
 */
export function createHandler(options: HandlerOptions): Handler {
  const { keys, clock } = options;
  const atOneTime = options.atOneTime ?? ((route) => route());
  const rate = options.rateLimit ?? 100;
  const perKey = new RateLimiter<number>(rate);
  const perAddress = new RateLimiter<string>(rate, { capacity: TRACKED_ADDRESSES });
  const context: RouteContext = {
    venue: options.venue,
    clock,
    idempotency: options.idempotency ?? new IdempotencyStore(),
    orderBooks: new OrderBookCache(),
    onAccepted: options.onAccepted ?? (() => {}),
    streams: options.streams ?? new StreamHub(options.venue),
    recordsOrderFeatures: options.recordsOrderFeatures ?? true,
    orderLimits: options.orderLimits ?? DEFAULT_ORDER_LIMITS,
  };
  const answer = (request: HttpRequest, path: string, search: string): HttpResponse => {
    const open = OPEN_PATHS.get(path);
    const caller =
      open === undefined ? keys.authenticate(singleHeader(request, 'x-api-key')) : undefined;
    if (caller === undefined) {
      const address = request.remoteAddress ?? '';
      const wait = perAddress.take(address, clock());
      const response =
        wait > 0
          ? rateLimited(rate, wait)
          : open !== undefined
            ? open(request.method, search)
            : errorResponse(apiError('unauthorized', 'a valid X-API-Key header is required'));
      return withHeaders(response, perAddress.headers(address));
    }
    const wait = perKey.take(caller.keyIndex, clock());
    const quota = perKey.headers(caller.keyIndex);
    if (wait > 0) return withHeaders(rateLimited(rate, wait), quota);
    let methods = ROUTES.get(path);
    let id = '';
    if (methods === undefined && path.startsWith(ORDER_PATH_PREFIX)) {
      const slash = path.indexOf('/', ORDER_PATH_PREFIX.length);
      id = path.slice(ORDER_PATH_PREFIX.length, slash < 0 ? path.length : slash);
      if (slash < 0) methods = ORDER_ROUTE;
      else if (path.length === slash + FILLS_PATH_SUFFIX.length && path.endsWith(FILLS_PATH_SUFFIX))
        methods = FILLS_ROUTE;
    }
    let response: HttpResponse;
    const action =
      methods !== undefined && Object.hasOwn(methods, request.method)
        ? methods[request.method]
        : undefined;
    if (methods === undefined) response = errorResponse(apiError('not_found', 'no such route'));
    else if (action === undefined) response = methodNotAllowed(Object.keys(methods).join(', '));
    else if (request.method !== 'GET' && options.acceptsWrites?.() === false)
      response = errorResponse(JOURNAL_UNAVAILABLE);
    else {
      try {
        const call = { context, caller, request, search, id };
        response = atOneTime(() => action(call));
      } catch (error) {
        options.onError?.(error);
        response = errorResponse(apiError('internal_error', 'internal error'));
      }
    }
    return withHeaders(response, quota);
  };
  return (request) => {
    try {
      const queryStart = request.url.indexOf('?');
      const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
      const search = queryStart < 0 ? '' : request.url.slice(queryStart + 1);
      const { binance } = options;
      if (binance !== undefined && path.startsWith(binance.prefix)) {
        return binance.handle(request, path, search);
      }
      return answer(request, path, search);
    } catch (error) {
      options.onError?.(error);
      return errorResponse(apiError('internal_error', 'internal error'));
    }
  };
}

/** The response with extra headers (a new object: idempotent replays share theirs). */
function withHeaders(
  response: HttpResponse,
  extra: Readonly<Record<string, string>> | undefined,
): HttpResponse {
  return extra === undefined
    ? response
    : { ...response, headers: { ...response.headers, ...extra } };
}

function rateLimited(rate: number, waitSeconds: number): HttpResponse {
  const limited = apiError('rate_limited', `rate limit of ${rate} requests per second exceeded`);
  return errorResponse({ ...limited, headers: { 'retry-after': String(waitSeconds) } });
}
