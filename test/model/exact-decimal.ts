/**
 * Exact decimals for the reference model: a value is a BigInt count of 10^-SCALE, so that sums and
 * comparisons are plain integer arithmetic; text goes in and out through the model's own
 * decimal.js Decimal. Every value the model test generates has at most SCALE decimals.
 */
import { Decimal } from 'decimal.js';

export const SCALE = 12;
export const ONE = 10n ** BigInt(SCALE);

/**
 * 200 digits: every product the model makes is exact, and a quotient truncated there cannot end in
 * a spurious tie for any denominator the model divides by.
 */
const ModelDecimal = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_DOWN });

const DECIMAL_TEXT = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The contract's decimal input, or null when the text is malformed. */
export function parseDecimal(text: string): bigint | null {
  if (!DECIMAL_TEXT.test(text)) return null;
  const value = new ModelDecimal(text);
  if (value.decimalPlaces() > SCALE)
    throw new Error(`the model holds at most ${SCALE} decimals: ${text}`);
  return BigInt(value.times(ONE.toString()).toFixed());
}

/** Digits after the point in a decimal text ("0.50" has 2): the precision a step size sets. */
export function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Writes `value` with exactly `decimals` decimals; refuses to round. */
export function formatDecimal(value: bigint, decimals: number): string {
  const exact = new ModelDecimal(`${value}e-${SCALE}`);
  if (exact.decimalPlaces() > decimals)
    throw new Error(`${value} does not fit ${decimals} decimals`);
  return exact.toFixed(decimals);
}

/**
 * numerator / denominator written with the fewest decimals from `minDecimals` that make it exact;
 * when even `maxDecimals` do not, rounded half to even at `maxDecimals`.
 */
export function formatQuotient(
  numerator: bigint,
  denominator: bigint,
  minDecimals: number,
  maxDecimals: number,
): string {
  const quotient = new ModelDecimal(numerator.toString()).dividedBy(denominator.toString());
  const decimals = quotient.decimalPlaces();
  if (decimals <= maxDecimals) return quotient.toFixed(Math.max(minDecimals, decimals));
  return quotient.toFixed(maxDecimals, Decimal.ROUND_HALF_EVEN);
}
