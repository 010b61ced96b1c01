/** Exact money: bigint units of 10^-scale, fee rates, and decimal strings without float arithmetic. */

const RATE = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** A decimal rate ("0.001", "-0.0002") as units of 10^-decimals. */
export interface FeeRate {
  readonly text: string;
  readonly units: bigint;
  readonly decimals: number;
}

export function parseFeeRate(text: string): FeeRate | null {
  if (!RATE.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole + fraction);
  return { text, units: negative ? -units : units, decimals: fraction.length };
}

/** `value` (units of 10^-scale) as an exact decimal with at least `minDecimals` decimals. */
export function formatMoney(value: bigint, scale: number, minDecimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  let end = fraction.length;
  while (end > minDecimals && fraction[end - 1] === '0') end--;
  fraction = fraction.slice(0, end);
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** numerator / denominator rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}
