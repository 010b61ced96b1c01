/**
 * Exact decimals for the adapters, on decimal.js (see docs/numbers.md): a private Decimal with its
 * own settings (the global one is never touched), and decimal strings <-> bigint units of
 * 10^-decimals. Nothing here rounds unless asked to, and nothing goes through a float.
 */
import { Decimal } from 'decimal.js';
import { parseUnits } from '../../src/index.js';

/** Products and sums below 100 significant digits are exact; a longer result is truncated. */
export const Exact = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_DOWN });

/** `units` x 10^-decimals, exactly. */
export function exactOf(units: bigint, decimals: number): Decimal {
  return new Exact(`${units}e-${decimals}`);
}

/** A decimal text as units of 10^-decimals; more decimals than that is a bug, and throws. */
export function toUnits(text: string, decimals: number): bigint {
  const plain = plainUnits(text, decimals);
  if (plain !== null) return plain;
  const units = new Exact(`${text}e${decimals}`);
  if (!units.isInteger()) throw new Error(`${text} has more than ${decimals} decimals`);
  return BigInt(units.toFixed());
}

/**
 * `-?` and the venue's parseUnits grammar, read by hand (the ledger and the checker read every
 * price and size the venue writes); else null, and Decimal reads it.
 */
function plainUnits(text: string, decimals: number): bigint | null {
  const negative = text.charCodeAt(0) === 45; /* - */
  const units = parseUnits(negative ? text.slice(1) : text, decimals);
  if (typeof units !== 'number') return null;
  return negative ? -BigInt(units) : BigInt(units);
}

/**
 * `units` of 10^-decimals as a decimal with at least `minDecimals` decimals, never rounded: the
 * digits of the integer with the point put in (no arithmetic, so no Decimal), then the zeros
 * beyond `minDecimals` dropped. `decimals` and `minDecimals` are whole numbers, not negative.
 */
export function fromUnits(units: bigint, decimals: number, minDecimals = decimals): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const point = digits.length - decimals;
  let end = digits.length;
  while (end > point + minDecimals && digits.charCodeAt(end - 1) === 48 /* 0 */) end--;
  const whole = digits.slice(0, point);
  const fraction = digits.slice(point, end).padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : '.'}${fraction}`;
}

/** `value` with its own decimals, but at least `minDecimals`. */
export function formatExact(value: Decimal, minDecimals: number): string {
  return value.toFixed(Math.max(minDecimals, value.decimalPlaces()));
}

/** 10^exponent as a bigint, the factor between two unit scales. */
export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** numerator / denominator rounded half away from zero to a whole number; exact at any size. */
export function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const top = numerator < 0n ? -numerator : numerator;
  const bottom = denominator < 0n ? -denominator : denominator;
  const whole = top / bottom;
  const rounded = 2n * (top - whole * bottom) >= bottom ? whole + 1n : whole;
  return negative ? -rounded : rounded;
}
