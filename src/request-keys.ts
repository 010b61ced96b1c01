import { invalidParameter, type Failure } from './result.js';
import type { AmendRequest, OrderRequest } from './types.js';

/** Longest key quoted in full in a message; longer ones are cut and marked. */
const QUOTED_KEY_LIMIT = 64;

/**
 * Refuses the first key of `request` (in the object's key order) that is not in `known`, as
 * `invalid_parameter` naming it, the way the HTTP layer refuses an unknown body field.
 */
export function refuseUnknownKeys(
  request: object,
  known: ReadonlySet<string>,
): Failure | undefined {
  for (const key in request) {
    if (!known.has(key) && Object.hasOwn(request, key)) {
      const quoted =
        key.length > QUOTED_KEY_LIMIT ? `${key.slice(0, QUOTED_KEY_LIMIT)}… (truncated)` : key;
      return invalidParameter(key, `unknown field ${quoted}`);
    }
  }
  return undefined;
}

export const ORDER_REQUEST_KEYS: ReadonlySet<keyof OrderRequest | 'quoteSize'> = new Set([
  'account',
  'symbol',
  'side',
  'type',
  'size',
  'quoteSize',
  'price',
  'timeInForce',
  'postOnly',
  'clientOrderId',
  'stopPrice',
  'expireAt',
  'stp',
] as const);
export const AMEND_REQUEST_KEYS: ReadonlySet<keyof AmendRequest> = new Set([
  'size',
  'price',
] as const);
