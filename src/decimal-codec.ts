/**
 * Decimal strings <-> scaled integers ("units"), exact and allocation-light.
 * A value with `decimals` d is held as the integer value * 10^d; every unit count stays a safe
 * integer (<= 2^53 - 1), and anything that cannot be held that way is refused, never rounded.
 */

export type DecimalParseFailure = 'malformed' | 'too_precise' | 'too_large';

/** parseUnits's text, copied as bytes for the one scanner (a longer text gets its own array). */
const textCodes = new Uint8Array(64);

/** Parses `^(0|[1-9][0-9]*)(\.[0-9]+)?$` into units at `decimals`; a number on success. */
export function parseUnits(text: string, decimals: number): number | DecimalParseFailure {
  const length = text.length;
  const codes = length <= textCodes.length ? textCodes : new Uint8Array(length);
  // The text's UTF-16 code units as bytes; any beyond ASCII becomes 255, which is not a digit.
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    codes[i] = code < 128 ? code : 255;
  }
  const units = parseUnitsBytes(codes, 0, length, decimals);
  if (units >= 0) return units;
  return units === UNITS_MALFORMED
    ? 'malformed'
    : units === UNITS_TOO_PRECISE
      ? 'too_precise'
      : 'too_large';
}

/** parseUnits's failures as parseUnitsBytes returns them. */
export const UNITS_MALFORMED = -1;
export const UNITS_TOO_PRECISE = -2;
export const UNITS_TOO_LARGE = -3;

/**
 * The decimal grammar's one scanner, over the ASCII bytes `bytes[start, end)` (CSV and Arrow cells,
 * and parseUnits's text): the units, or UNITS_MALFORMED, UNITS_TOO_PRECISE or UNITS_TOO_LARGE.
 * A malformed text is answered malformed even when a digit beyond the decimals comes first.
 */
export function parseUnitsBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
  decimals: number,
): number {
  if (start >= end) return UNITS_MALFORMED;
  let units = 0;
  let i = start;
  const first = bytes[i]!;
  if (first === 46 /* . */) return UNITS_MALFORMED;
  if (first === 48 /* 0 */) {
    i++;
    if (i < end && bytes[i] !== 46 /* . */) return UNITS_MALFORMED;
  }
  for (; i < end; i++) {
    const digit = bytes[i]! - 48;
    if (digit === -2 /* . */) break;
    if (digit < 0 || digit > 9) return UNITS_MALFORMED;
    units = units * 10 + digit;
  }
  let fractionDigits = 0;
  let tooPrecise = false; // answered once the whole text is well formed
  if (i < end) {
    i++; // the '.'
    if (i === end) return UNITS_MALFORMED;
    for (; i < end; i++) {
      const digit = bytes[i]! - 48;
      if (digit < 0 || digit > 9) return UNITS_MALFORMED;
      if (fractionDigits < decimals) {
        units = units * 10 + digit;
        fractionDigits++;
      } else if (digit !== 0) {
        tooPrecise = true;
      }
    }
  }
  if (tooPrecise) return UNITS_TOO_PRECISE;
  for (; fractionDigits < decimals; fractionDigits++) units *= 10;
  return Number.isSafeInteger(units) ? units : UNITS_TOO_LARGE;
}

/** Formats units at `decimals` as a fixed-point decimal string. */
export function formatUnits(units: number | bigint, decimals: number): string {
  const digits = units < 0 ? String(-units) : String(units);
  const sign = units < 0 ? '-' : '';
  if (decimals === 0) return sign + digits;
  const padded =
    digits.length > decimals ? digits : '0'.repeat(decimals - digits.length + 1) + digits;
  const point = padded.length - decimals;
  return sign + padded.slice(0, point) + '.' + padded.slice(point);
}

/** Number of digits after the point in a decimal string ("0.010" has 3). */
export function fractionDigits(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * parseUnits for amounts beyond 2^53 (balances, quote sizes): the same grammar and rules (read by
 * parseUnits), up to 60 digits before and after the point, as a bigint.
 */
export function parseBigUnits(text: string, decimals: number): bigint | DecimalParseFailure {
  const point = text.indexOf('.');
  const whole = point < 0 ? text.length : point;
  if (whole > MAX_BIG_DIGITS || text.length - whole - 1 > MAX_BIG_DIGITS) return 'malformed';
  const units = parseUnits(text, decimals);
  if (typeof units === 'number') return BigInt(units);
  if (units !== 'too_large') return units;
  // A well-formed decimal whose digits beyond `decimals` are zeros: its digits, the point taken out.
  const fraction = point < 0 ? '' : text.slice(point + 1, point + 1 + decimals);
  return BigInt(text.slice(0, whole) + fraction.padEnd(decimals, '0'));
}

const MAX_BIG_DIGITS = 60;
