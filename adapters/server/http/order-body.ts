import { isUtf8 } from 'node:buffer';
import type {
  AmendRequest,
  OrderRequest,
  OrderType,
  QuoteOrderRequest,
  SelfTradePrevention,
  Side,
  TimeInForce,
} from '../../../src/index.js';
import { parseScenarioTime } from '../../flow/index.js';
import { apiError } from './errors.js';
import { quote } from '../../quote.js';
import type { ParseResult } from './query.js';

const STRING_FIELDS = [
  'symbol',
  'side',
  'type',
  'size',
  'quote_size',
  'price',
  'time_in_force',
  'client_order_id',
  'stop_price',
  'stp',
  'expire_at',
] as const;
const REQUIRED_FIELDS = ['symbol', 'side', 'type'] as const;
const KNOWN_FIELDS: readonly string[] = [...STRING_FIELDS, 'post_only'];
const AMEND_FIELDS: readonly string[] = ['size', 'price'];
/** What the API writes for times: ISO 8601 UTC with milliseconds. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The body as a JSON object, or `invalid_json` (a byte order mark included). */
export function parseJsonObject(body: Uint8Array): ParseResult<Record<string, unknown>> {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    // Invalid UTF-8 decodes to U+FFFD; only then is the exact check needed.
    if (text.includes('\uFFFD') && !isUtf8(bytes)) throw new SyntaxError('not UTF-8');
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: apiError('invalid_json', 'the body must be valid UTF-8 JSON') };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: apiError('invalid_json', 'the body must be a JSON object') };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * Checks the fields the HTTP layer owns (unknown, missing, wrongly typed) and maps snake_case to
 * the core's request; values are then validated by the venue.
 */
export function toOrderRequest(
  account: string,
  body: Record<string, unknown>,
): ParseResult<OrderRequest | QuoteOrderRequest> {
  for (const name of Object.keys(body)) {
    if (KNOWN_FIELDS.includes(name)) continue;
    const quoted = quote(name);
    return invalid(quoted, `unknown field ${quoted}`);
  }
  for (const name of REQUIRED_FIELDS) {
    if (body[name] === undefined) return invalid(name, `${name} is required`);
  }
  if (body['size'] === undefined && body['quote_size'] === undefined) {
    return invalid('size', 'size is required (or quote_size, for a market buy)');
  }
  if (body['size'] !== undefined && body['quote_size'] !== undefined) {
    return invalid('quote_size', 'give size or quote_size, not both');
  }
  for (const name of STRING_FIELDS) {
    const value = body[name];
    if (value !== undefined && typeof value !== 'string') {
      const kind =
        name === 'size' || name === 'price' || name === 'quote_size'
          ? 'a decimal string'
          : 'a string';
      return invalid(name, `${name} must be ${kind}`);
    }
  }
  const postOnly = body['post_only'];
  if (postOnly !== undefined && typeof postOnly !== 'boolean')
    return invalid('post_only', 'post_only must be a boolean');
  const text = body as Record<string, string | undefined>;
  const expireText = text['expire_at'];
  const expireAt =
    expireText === undefined || !ISO_TIME.test(expireText) ? null : parseScenarioTime(expireText);
  if (expireText !== undefined && expireAt === null)
    return invalid('expire_at', 'expire_at must be ISO 8601 UTC like 2026-01-05T09:30:00.000Z');
  return {
    ok: true,
    value: {
      account,
      symbol: text['symbol']!,
      side: text['side'] as Side,
      type: text['type'] as OrderType,
      ...(text['size'] !== undefined ? { size: text['size'] } : { quoteSize: text['quote_size']! }),
      ...(text['price'] !== undefined && { price: text['price'] }),
      ...(text['time_in_force'] !== undefined && {
        timeInForce: text['time_in_force'] as TimeInForce,
      }),
      ...(postOnly !== undefined && { postOnly }),
      ...(text['client_order_id'] !== undefined && { clientOrderId: text['client_order_id'] }),
      ...(text['stop_price'] !== undefined && { stopPrice: text['stop_price'] }),
      ...(text['stp'] !== undefined && { stp: text['stp'] as SelfTradePrevention }),
      ...(expireAt !== null && { expireAt }),
    } as OrderRequest | QuoteOrderRequest,
  };
}

/** The body of PATCH /v1/orders/{id}: `size` and/or `price`, decimal strings. */
export function toAmendRequest(body: Record<string, unknown>): ParseResult<AmendRequest> {
  for (const name of Object.keys(body)) {
    if (AMEND_FIELDS.includes(name)) continue;
    const quoted = quote(name);
    return invalid(quoted, `unknown field ${quoted}`);
  }
  for (const name of AMEND_FIELDS) {
    const value = body[name];
    if (value !== undefined && typeof value !== 'string')
      return invalid(name, `${name} must be a decimal string`);
  }
  const { size, price } = body as { size?: string; price?: string };
  return {
    ok: true,
    value: { ...(size !== undefined && { size }), ...(price !== undefined && { price }) },
  };
}

function invalid(field: string, message: string): ParseResult<never> {
  return { ok: false, error: apiError('invalid_parameter', message, field) };
}
