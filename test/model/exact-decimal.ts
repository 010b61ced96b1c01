/**
 * Exact decimals for the reference model: a value is a BigInt count of 10^-SCALE, so that sums and
 * comparisons are plain integer arithmetic. Every value the model test generates has at most
 * SCALE decimals.
 */
export const SCALE = 12;
export const ONE = 10n ** BigInt(SCALE);

const DECIMAL_TEXT = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The contract's decimal input, or null when the text is malformed. */
export function parseDecimal(text: string): bigint | null {
  if (!DECIMAL_TEXT.test(text)) return null;
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length > SCALE)
    throw new Error(`the model holds at most ${SCALE} decimals: ${text}`);
  return BigInt(whole + fraction.padEnd(SCALE, '0'));
}

/** Digits after the point in a decimal text ("0.50" has 2): the precision a step size sets. */
export function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Writes `value` with exactly `decimals` decimals; refuses to round. */
export function formatDecimal(value: bigint, decimals: number): string {
  const step = 10n ** BigInt(SCALE - decimals);
  if (value % step !== 0n) throw new Error(`${value} does not fit ${decimals} decimals`);
  return formatUnits(value / step, decimals);
}

/** Writes `units` counts of 10^-decimals. */
export function formatUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
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
  for (let decimals = minDecimals; decimals <= maxDecimals; decimals++) {
    const scaled = numerator * 10n ** BigInt(decimals);
    if (scaled % denominator === 0n) return formatUnits(scaled / denominator, decimals);
  }
  const scaled = numerator * 10n ** BigInt(maxDecimals);
  const quotient = scaled / denominator;
  const twiceRemainder = (scaled % denominator) * 2n;
  const roundUp =
    twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n);
  return formatUnits(roundUp ? quotient + 1n : quotient, maxDecimals);
}
