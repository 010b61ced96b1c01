/**
 * The dialect's errors: Binance's `{code, msg}` bodies, with codes and messages chosen so that
 * ccxt's `binance` raises the class a bot expects on a URL other than Binance's own
 * (docs/ccxt.md, "Errors").
 */

export interface BinanceError {
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const error = (status: number, code: number, msg: string): BinanceError => ({ status, code, msg });

/** ccxt: InsufficientFunds (the exact message; the code alone gives InvalidOrder). */
export const INSUFFICIENT_BALANCE = error(
  400,
  -2010,
  'Account has insufficient balance for requested action.',
);
/** ccxt: OrderImmediatelyFillable. */
export const WOULD_TAKE = error(400, -2010, 'Order would immediately match and take.');
/** ccxt: OrderNotFound (a cancel). */
export const UNKNOWN_ORDER = error(400, -2011, 'Unknown order sent.');
/** ccxt: OrderNotFound (a query). */
export const NO_SUCH_ORDER = error(400, -2013, 'Order does not exist.');
/** ccxt: BadSymbol. */
export const INVALID_SYMBOL = error(400, -1121, 'Invalid symbol.');
/** ccxt: AuthenticationError. */
export const BAD_SIGNATURE = error(400, -1022, 'Signature for this request is not valid.');
/**
 * ccxt: AuthenticationError. Binance answers an unknown key with -2015, which ccxt turns into
 * DDoSProtection once the client has signed a request successfully; -2014 stays an
 * AuthenticationError.
 */
export const UNKNOWN_KEY = error(401, -2014, 'Invalid API-key, IP, or permissions for action.');
export const NO_KEY = error(401, -2014, 'API-key format invalid.');
/** ccxt: InvalidNonce. */
export const TIMESTAMP_AHEAD = error(
  400,
  -1021,
  "Timestamp for this request was 1000ms ahead of the server's time.",
);
export const TIMESTAMP_OUTSIDE = error(
  400,
  -1021,
  'Timestamp for this request is outside of the recvWindow.',
);
export const UNKNOWN_ROUTE = error(404, -1000, 'Unknown route.');
export const DUPLICATE_PARAMETER = error(400, -1101, 'Duplicate values for a parameter detected.');
export const TOO_LARGE = error(413, -1101, 'Too many parameters; the request is too large.');
export const INTERNAL = error(
  500,
  -1000,
  'An unknown error occurred while processing the request.',
);

/** ccxt: BadRequest. */
export function missing(name: string): BinanceError {
  return error(
    400,
    -1102,
    `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
  );
}

/** ccxt: BadRequest. */
export function notRead(name: string): BinanceError {
  return error(400, -1104, `Not all sent parameters were read; unknown parameter '${name}'.`);
}

/** ccxt: BadRequest. */
export function illegal(name: string, reason: string): BinanceError {
  return error(400, -1100, `Illegal characters found in parameter '${name}'; ${reason}.`);
}

/** ccxt: BadRequest. */
export function invalidValue(code: number, msg: string): BinanceError {
  return error(400, code, msg);
}

/** ccxt: InvalidOrder (the message names the filter). */
export function filterFailure(filter: 'LOT_SIZE' | 'PRICE_FILTER', reason: string): BinanceError {
  return error(400, -1013, `Filter failure: ${filter} (${reason})`);
}

/** ccxt: DDoSProtection (binance maps HTTP 429 to it). */
export function tooMuchWeight(limit: number, retryAfter: number): BinanceError {
  return {
    ...error(
      429,
      -1003,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE.`,
    ),
    headers: { 'retry-after': String(retryAfter) },
  };
}

/** Binance's weight of a request it refused before routing (a bad key, a bad signature). */
export const REFUSAL_WEIGHT = 1;
