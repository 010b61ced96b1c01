/**
 * Expected failures are values, not exceptions: every command and query of the venue returns a
 * `Result`. The codes are the contract's (docs/http-api.md); the HTTP layer alone maps them to statuses.
 */

export type VenueError =
  | { readonly code: 'invalid_parameter'; readonly field: string; readonly message: string }
  | { readonly code: 'unknown_symbol'; readonly field: 'symbol'; readonly message: string }
  | { readonly code: 'order_not_found'; readonly message: string }
  | { readonly code: 'order_not_open'; readonly message: string }
  | { readonly code: 'insufficient_balance'; readonly message: string };

export type VenueErrorCode = VenueError['code'];

export type Failure = { readonly ok: false; readonly error: VenueError };

export type Result<T> = { readonly ok: true; readonly value: T } | Failure;

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function invalidParameter(field: string, message: string): Failure {
  return { ok: false, error: { code: 'invalid_parameter', field, message } };
}

export function unknownSymbol(symbol: string): Failure {
  return {
    ok: false,
    error: { code: 'unknown_symbol', field: 'symbol', message: `symbol ${symbol} is not listed` },
  };
}

export function orderNotFound(id: string): Failure {
  return {
    ok: false,
    error: { code: 'order_not_found', message: `no order ${id} for this account` },
  };
}

export function orderNotOpen(id: string, status: string): Failure {
  return { ok: false, error: { code: 'order_not_open', message: `order ${id} is ${status}` } };
}
