/**
 * LOBSTER cell values as exact numbers: prices in dollars times 10000, sizes in shares, times in
 * seconds after midnight. Everything is parsed from text; no float arithmetic.
 */

/** LOBSTER price units in one cent: the scenario's tick 0.01. */
export const UNITS_PER_CENT = 100;

const INTEGER = /^-?(0|[1-9][0-9]{0,14})$/;
const TIME = /^(0|[1-9][0-9]{0,4})(?:\.([0-9]+))?$/;
const NANOS_PER_SECOND = 1e9;
const NANOS_PER_MS = 1e6;
const SECONDS_PER_DAY = 86_400;
const [MINUS, COMMA, ZERO] = [45, 44, 48];

/** A safe integer written plainly (optional minus, no leading zeros), or null. */
export function parseInteger(text: string): number | null {
  return INTEGER.test(text) ? Number(text) : null;
}

/**
 * The cells of a line of integers separated by commas, each as `parseInteger` reads it, or null
 * when a cell is not one; scanned without making a string per cell.
 */
export function integerCells(text: string): number[] | null {
  const cells: number[] = [];
  for (let i = 0; ; i++) {
    const negative = text.charCodeAt(i) === MINUS;
    if (negative) i++;
    const start = i;
    let value = 0;
    for (let digit = text.charCodeAt(i) - ZERO; digit >= 0 && digit <= 9;) {
      value = value * 10 + digit;
      digit = text.charCodeAt(++i) - ZERO;
    }
    const digits = i - start;
    if (digits === 0 || digits > 15 || (digits > 1 && text.charCodeAt(start) === ZERO)) return null;
    cells.push(negative ? -value : value);
    if (i === text.length) return cells;
    if (text.charCodeAt(i) !== COMMA) return null;
  }
}

/** A positive multiple of a cent in LOBSTER units as dollars with two decimals: 5853300 → "585.33". */
export function formatLobsterPrice(units: number): string {
  const cents = units / UNITS_PER_CENT;
  const dollars = Math.floor(cents / 100);
  const rest = cents - dollars * 100;
  return `${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/**
 * Seconds after midnight as text → whole nanoseconds after midnight, or null when it is not a time
 * of day. Digits past the ninth decimal are LOBSTER's floating-point noise (`43002.632812672004` is
 * the double nearest 43002.632812672 printed with 17 digits): the time is rounded to the nearest
 * nanosecond, half up, which recovers the nanosecond LOBSTER meant whichever way the noise went.
 */
export function parseTimeOfDay(text: string): number | null {
  const match = TIME.exec(text);
  if (match === null) return null;
  const decimals = match[2] ?? '';
  const roundUp = decimals.length > 9 && decimals[9]! >= '5' ? 1 : 0;
  const nanos =
    Number(match[1]) * NANOS_PER_SECOND + Number(decimals.slice(0, 9).padEnd(9, '0')) + roundUp;
  return nanos < SECONDS_PER_DAY * NANOS_PER_SECOND ? nanos : null;
}

/** Nanoseconds → whole milliseconds, the sub-millisecond part dropped (integer arithmetic). */
export const nanosToMs = (nanos: number): number => (nanos - (nanos % NANOS_PER_MS)) / NANOS_PER_MS;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_IN_NAME = /(?:^|[_/\\])(\d{4}-\d{2}-\d{2})_/;

/** Midnight UTC of `YYYY-MM-DD` in epoch milliseconds, or null when it is not a real date. */
export function parseTradingDate(text: string): number | null {
  const match = DATE.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day;
  return real ? ms : null;
}

/** The `YYYY-MM-DD` in a LOBSTER file name (`AAPL_2012-06-21_34200000_57600000_message_10.csv`). */
export function dateInFileName(path: string): string | null {
  return DATE_IN_NAME.exec(path)?.[1] ?? null;
}
