import type { OrderRecord, Venue } from '../../../src/index.js';
import type { MarketCommand } from '../market/index.js';
import type { Caller } from './api-keys.js';
import { apiError, ERROR_STATUS, errorBody, fromVenueError, type ApiError } from './errors.js';
import { jsonResponse, type HttpRequest, type HttpResponse } from './http-types.js';
import type { IdempotencyStore } from './idempotency-store.js';
import type { OrderBookCache } from './book-cache.js';
import type { OrderLimits } from './order-limits.js';
import type { StreamHub } from './stream-hub.js';
import { orderText } from './wire-format.js';

/** The Idempotency-Key a new order was placed with, and its body's fingerprint. */
export interface IdempotencyTag {
  readonly key: string;
  readonly fingerprint: string;
}

/** Rows journaled together (a cancel-all): replayed all or none. `index` counts from 1. */
export interface CommandGroup {
  readonly index: number;
  readonly size: number;
}

/** A command the venue accepted, for the journal: written before its response is sent. */
export type AcceptedCommand =
  | { readonly action: 'new'; readonly order: OrderRecord; readonly idempotency?: IdempotencyTag }
  | {
      readonly action: 'cancel';
      readonly order: OrderRecord;
      readonly at: number;
      readonly group?: CommandGroup;
    }
  /** A market flow's reduce (docs/market.md), or an amend. */
  | Extract<MarketCommand, { action: 'reduce' | 'amend' }>;

/** What every route sees. */
export interface RouteContext {
  readonly venue: Venue;
  readonly clock: () => number;
  readonly idempotency: IdempotencyStore;
  readonly orderBooks: OrderBookCache;
  readonly onAccepted: (command: AcceptedCommand) => void;
  readonly streams: StreamHub;
  /** False when the journal has no columns for stop_price, stp and expire_at. */
  readonly recordsOrderFeatures: boolean;
  /** What one account may have live per symbol. */
  readonly orderLimits: OrderLimits;
}

/** One authenticated request on a matched route. */
export interface RouteCall {
  readonly context: RouteContext;
  readonly caller: Caller;
  readonly request: HttpRequest;
  /** The query string without `?`. */
  readonly search: string;
  /** The `{id}` path segment, on `/v1/orders/{id}`. */
  readonly id: string;
}

export type RouteAction = (call: RouteCall) => HttpResponse;

export function errorResponse(error: ApiError): HttpResponse {
  return jsonResponse(ERROR_STATUS[error.code], errorBody(error), { ...error.headers });
}

/** 405 with `Allow`: `allow` lists the path's methods, comma separated. */
export function methodNotAllowed(allow: string): HttpResponse {
  return errorResponse({
    ...apiError('method_not_allowed', `allowed: ${allow}`),
    headers: { allow },
  });
}

export function venueErrorResponse(result: {
  readonly error: Parameters<typeof fromVenueError>[0];
}): HttpResponse {
  return errorResponse(fromVenueError(result.error));
}

export function okResponse(status: 200 | 201, json: unknown): HttpResponse {
  return jsonResponse(status, JSON.stringify(json));
}

/** An order command's answer: the order record as JSON. */
export function orderResponse(status: 200 | 201, order: OrderRecord): HttpResponse {
  return jsonResponse(status, orderText(order));
}
