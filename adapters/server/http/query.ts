import { apiError, type ApiError } from './errors.js';
import { quote } from '../../quote.js';

export type ParseResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

const INTEGER_TEXT = /^[0-9]{1,10}$/;

/**
 * The query's parameters (split and decoded as application/x-www-form-urlencoded, by hand: this
 * runs on every read); an unknown or repeated one is `invalid_parameter` naming it.
 */
export function parseQuery(
  search: string,
  allowed: readonly string[],
): ParseResult<Map<string, string>> {
  const params = new Map<string, string>();
  for (const pair of search === '' ? [] : search.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeComponent(pair.slice(equals + 1));
    if (!allowed.includes(name)) {
      const quoted = quote(name);
      return {
        ok: false,
        error: apiError('invalid_parameter', `unknown query parameter ${quoted}`, quoted),
      };
    }
    if (params.has(name)) {
      return {
        ok: false,
        error: apiError('invalid_parameter', `query parameter ${name} is given twice`, name),
      };
    }
    params.set(name, value);
  }
  return { ok: true, value: params };
}

export function requiredParam(params: Map<string, string>, name: string): ParseResult<string> {
  const value = params.get(name);
  return value === undefined || value === ''
    ? {
        ok: false,
        error: apiError('invalid_parameter', `query parameter ${name} is required`, name),
      }
    : { ok: true, value };
}

/** An integer parameter in [1, max], `fallback` when absent. */
export function integerParam(
  params: Map<string, string>,
  name: string,
  fallback: number,
  max: number,
): ParseResult<number> {
  const text = params.get(name);
  if (text === undefined) return { ok: true, value: fallback };
  const value = INTEGER_TEXT.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= max)) {
    return {
      ok: false,
      error: apiError('invalid_parameter', `${name} must be an integer from 1 to ${max}`, name),
    };
  }
  return { ok: true, value };
}

const ENCODED = /[%+]/;

/** `+` is a space and `%XX` a byte of UTF-8; a malformed escape is kept as written. */
function decodeComponent(text: string): string {
  if (!ENCODED.test(text)) return text;
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
