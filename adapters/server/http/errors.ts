import type { VenueError } from '../../../src/index.js';

/** Every error code the server answers with, each with its one HTTP status. */
export const ERROR_STATUS = {
  invalid_json: 400,
  invalid_parameter: 400,
  bad_request: 400,
  unauthorized: 401,
  unknown_symbol: 404,
  order_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  idempotency_conflict: 409,
  order_not_open: 409,
  too_many_orders: 409,
  insufficient_balance: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  expectation_failed: 417,
  rate_limited: 429,
  too_many_streams: 429,
  headers_too_large: 431,
  internal_error: 500,
  journal_unavailable: 503,
  stream_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiError {
  readonly code: ErrorCode;
  readonly message: string;
  /** The one input at fault, when there is one. */
  readonly field?: string;
  /** Extra response headers (`Allow`, `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
}

export function apiError(code: ErrorCode, message: string, field?: string): ApiError {
  return field === undefined ? { code, message } : { code, message, field };
}

export function fromVenueError(error: VenueError): ApiError {
  return 'field' in error
    ? apiError(error.code, error.message, error.field)
    : apiError(error.code, error.message);
}

/** The JSON body of an error: `{"error":{"code","message","field"?}}`. */
export function errorBody(error: ApiError): string {
  const { code, message, field } = error;
  return JSON.stringify({
    error: field === undefined ? { code, message } : { code, message, field },
  });
}
