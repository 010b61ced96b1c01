import { toUnits } from '../units/units.js';

/**
 * `toUnits` with a fast path for text with exactly `decimals` digits after the point, as the
 * venue formats every price and size (the checker parses several per row).
 */
export function unitsOf(text: string, decimals: number): bigint {
  const point = text.indexOf('.');
  if (point < 0 ? decimals === 0 : text.length - point - 1 === decimals)
    return BigInt(point < 0 ? text : text.slice(0, point) + text.slice(point + 1));
  return toUnits(text, decimals);
}
