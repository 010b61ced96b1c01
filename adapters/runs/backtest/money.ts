/**
 * Fee rates and the money figures the backtest prints, through decimal.js. The ledgers keep money
 * as bigint units of 10^-scale (see docs/numbers.md); this is where those units become text.
 */
import { Exact, fromUnits, pow10, roundedQuotient, toUnits } from '../../units/units.js';

const RATE = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** A decimal rate ("0.001", "-0.0002") as units of 10^-decimals, decimals without trailing zeros. */
export interface FeeRate {
  readonly text: string;
  readonly units: bigint;
  readonly decimals: number;
}

export function parseFeeRate(text: string): FeeRate | null {
  if (!RATE.test(text)) return null;
  const decimals = new Exact(text).decimalPlaces();
  return { text, units: toUnits(text, decimals), decimals };
}

/**
 * numerator (units of 10^-numeratorScale) / denominator (units of 10^-denominatorScale), rounded
 * half away from zero to `decimals` decimals, written with at least `minDecimals`.
 */
export function formatQuotient(
  [numerator, numeratorScale]: readonly [bigint, number],
  [denominator, denominatorScale]: readonly [bigint, number],
  decimals: number,
  minDecimals: number,
): string {
  // value x 10^decimals = numerator x 10^(denominatorScale + decimals - numeratorScale) / denominator
  const shift = denominatorScale + decimals - numeratorScale;
  const quotient =
    shift >= 0
      ? roundedQuotient(numerator * pow10(shift), denominator)
      : roundedQuotient(numerator, denominator * pow10(-shift));
  return fromUnits(quotient, decimals, minDecimals);
}
