import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import {
  BAD_SIGNATURE,
  DUPLICATE_PARAMETER,
  illegal,
  missing,
  notRead,
  TIMESTAMP_AHEAD,
  TIMESTAMP_OUTSIDE,
  TOO_LARGE,
  type BinanceError,
} from './binance-errors.js';

/** Parameters of one request, at most this many (Binance's own limit is near it). */
export const MAX_PARAMETERS = 64;
const DEFAULT_RECV_WINDOW = 5_000;
const MAX_RECV_WINDOW = 60_000;
/** How far ahead of the server's clock a timestamp may be, as on Binance. */
const AHEAD_TOLERANCE = 1_000;
const SIGNATURE_TEXT = /^[0-9a-fA-F]{64}$/;
const INTEGER_TEXT = /^[0-9]{1,15}$/;

export type BinanceParams = ReadonlyMap<string, string>;

/**
 * The query's and the body's parameters together (application/x-www-form-urlencoded, as Binance
 * takes them): a name given twice, a malformed escape or too many are refused.
 */
export function parseBinanceParams(query: string, body: string): BinanceParams | BinanceError {
  const params = new Map<string, string>();
  return addParams(params, query) ?? addParams(params, body) ?? params;
}

/** Adds the pairs of `text` (`a=1&b=2`) to `params`; a refusal, or undefined. */
function addParams(params: Map<string, string>, text: string): BinanceError | undefined {
  for (let start = 0; start < text.length;) {
    const ampersand = text.indexOf('&', start);
    const end = ampersand < 0 ? text.length : ampersand;
    if (end > start) {
      if (params.size === MAX_PARAMETERS) return TOO_LARGE;
      const equals = text.indexOf('=', start);
      const named = equals >= 0 && equals < end;
      const name = decode(text.slice(start, named ? equals : end));
      const value = named ? decode(text.slice(equals + 1, end)) : '';
      if (name === undefined || value === undefined) {
        return illegal(
          named ? text.slice(start, Math.min(equals, start + 64)) : 'query',
          'bad escape',
        );
      }
      if (params.has(name)) return DUPLICATE_PARAMETER;
      params.set(name, value);
    }
    start = end + 1;
  }
  return undefined;
}

function decode(text: string): string | undefined {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Refuses a parameter the route does not read (Binance's -1104). */
export function onlyKnown(
  params: BinanceParams,
  known: readonly string[],
): BinanceError | undefined {
  for (const name of params.keys()) {
    if (!known.includes(name) && !SIGNED_PARAMS.includes(name)) return notRead(name.slice(0, 64));
  }
  return undefined;
}

const SIGNED_PARAMS = ['timestamp', 'recvWindow', 'signature'];

/**
 * A signed request's check: `signature` is the hex HMAC-SHA256, under the key's secret, of the raw
 * query string followed by the raw body, each without its `signature` parameter (as Binance
 * hashes them); `timestamp` no more than 1 s ahead of `now` and no more than `recvWindow` ms
 * (default 5000, at most 60000) behind it.
 */
export function checkSigned(
  query: string,
  body: string,
  params: BinanceParams,
  secret: KeyObject,
  now: number,
): BinanceError | undefined {
  const signature = params.get('signature');
  if (signature === undefined || signature === '') return missing('signature');
  if (!SIGNATURE_TEXT.test(signature)) return BAD_SIGNATURE;
  const expected = createHmac('sha256', secret)
    .update(withoutSignature(query))
    .update(withoutSignature(body))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return BAD_SIGNATURE;
  const timestampText = params.get('timestamp');
  if (timestampText === undefined || !INTEGER_TEXT.test(timestampText)) return missing('timestamp');
  const windowText = params.get('recvWindow');
  const recvWindow = windowText === undefined ? DEFAULT_RECV_WINDOW : Number(windowText);
  if (
    windowText !== undefined &&
    !(INTEGER_TEXT.test(windowText) && recvWindow <= MAX_RECV_WINDOW)
  ) {
    return illegal('recvWindow', `an integer of milliseconds up to ${MAX_RECV_WINDOW}`);
  }
  const timestamp = Number(timestampText);
  if (timestamp > now + AHEAD_TOLERANCE) return TIMESTAMP_AHEAD;
  if (now - timestamp > recvWindow) return TIMESTAMP_OUTSIDE;
  return undefined;
}

/** The raw parameter string without its `signature=...` pair. */
function withoutSignature(text: string): string {
  if (!text.includes('signature=')) return text;
  const last = text.lastIndexOf('&signature=');
  if (last >= 0 && text.indexOf('&', last + 1) < 0) return text.slice(0, last); // ccxt's order
  return text
    .split('&')
    .filter((pair) => !pair.startsWith('signature='))
    .join('&');
}

/** The hex HMAC-SHA256 signature Binance's clients send (for tests and the WebSocket API). */
export function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}
