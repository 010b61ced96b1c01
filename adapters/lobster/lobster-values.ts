/**
 * LOBSTER cell values as exact numbers: prices in dollars times 10000, sizes in shares, times in
 * seconds after midnight with up to 9 decimals. Everything is parsed from text; no float arithmetic.
 */

/** LOBSTER price units in one cent: the scenario's tick 0.01. */
export const UNITS_PER_CENT = 100;

const INTEGER = /^-?(0|[1-9][0-9]{0,14})$/;
const TIME = /^(0|[1-9][0-9]{0,4})(?:\.([0-9]{1,9}))?$/;
const SECONDS_PER_DAY = 86_400;

/** A safe integer written plainly (optional minus, no leading zeros), or null. */
export function parseInteger(text: string): number | null {
  return INTEGER.test(text) ? Number(text) : null;
}

/** A positive multiple of a cent in LOBSTER units as dollars with two decimals: 5853300 → "585.33". */
export function formatPrice(units: number): string {
  const cents = units / UNITS_PER_CENT;
  const dollars = Math.floor(cents / 100);
  const rest = cents - dollars * 100;
  return `${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/** Seconds after midnight as text → milliseconds after midnight (sub-millisecond digits dropped). */
export function parseTimeOfDay(text: string): { ms: number; nanos: number } | null {
  const match = TIME.exec(text);
  if (match === null) return null;
  const seconds = Number(match[1]);
  if (seconds >= SECONDS_PER_DAY) return null;
  const fraction = (match[2] ?? '').padEnd(9, '0');
  const ms = seconds * 1000 + Number(fraction.slice(0, 3));
  return { ms, nanos: seconds * 1e9 + Number(fraction) };
}

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
