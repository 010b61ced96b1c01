/**
 * Prices and sizes of L2 rows as exact decimal text. Canonical text has no sign, no exponent, no
 * leading zero before another digit and no trailing zero after the point (`0.5`, `100`, `0`), so
 * that one amount has one text and two canonical texts compare exactly without floats.
 */

const CANONICAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const SCIENTIFIC = /^(\d+)(?:\.(\d*))?[eE]([+-]?\d{1,3})$/;

/**
 * The canonical text of a non-negative decimal written plainly (`007.50` → `7.5`); with
 * `exponent`, also `1.5e-7` and the like. Null when the text is neither.
 */
export function canonicalDecimal(text: string, exponent = false): string | null {
  if (CANONICAL.test(text)) return text;
  const plain = PLAIN.exec(text);
  if (plain !== null) return joined(plain[1]!, plain[2] ?? '');
  const scientific = exponent ? SCIENTIFIC.exec(text) : null;
  if (scientific === null) return null;
  const digits = scientific[1]! + (scientific[2] ?? '');
  const point = scientific[1]!.length + Number(scientific[3]);
  if (point <= 0) return joined('0', '0'.repeat(-point) + digits);
  if (point >= digits.length) return joined(digits + '0'.repeat(point - digits.length), '');
  return joined(digits.slice(0, point), digits.slice(point));
}

function joined(whole: string, fraction: string): string {
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals === '' ? integer : `${integer}.${decimals}`;
}

/** Compares two canonical decimals: negative, zero or positive as `a` is below, at or above `b`. */
export function compareDecimals(a: string, b: string): number {
  if (a === b) return 0;
  const aPoint = a.indexOf('.');
  const bPoint = b.indexOf('.');
  const aWhole = aPoint === -1 ? a.length : aPoint;
  const bWhole = bPoint === -1 ? b.length : bPoint;
  if (aWhole !== bWhole) return aWhole - bWhole;
  return a < b ? -1 : 1;
}
