import { formatUnits } from './decimal-codec.js';
import type { Instrument } from './instrument.js';
import type { Units } from './quantities.js';

/**
 * The size-weighted mean price of an order's fills (`notional` = sum of price x size units,
 * `size` = filled units), computed exactly. It is written at the tick's decimals when that is
 * exact, with as many more decimals as make it exact otherwise, and only when the mean does not
 * terminate within the lot's decimals beyond that is it rounded (half to even) at
 * priceDecimals + sizeDecimals.
 */
export function averagePrice(
  instrument: Instrument,
  notional: number | bigint,
  size: Units,
): string | null {
  if (size === 0) return null;
  if (typeof notional === 'number' && notional % size === 0) {
    return formatUnits(notional / size, instrument.priceDecimals);
  }
  const exactNotional = BigInt(notional);
  const exactSize = BigInt(size);
  const maxExtra = instrument.sizeDecimals;
  for (let extra = 0; extra <= maxExtra; extra++) {
    const scaled = exactNotional * 10n ** BigInt(extra);
    if (scaled % exactSize === 0n) {
      return formatUnits(scaled / exactSize, instrument.priceDecimals + extra);
    }
  }
  const scaled = exactNotional * 10n ** BigInt(maxExtra);
  let quotient = scaled / exactSize;
  const twiceRemainder = (scaled % exactSize) * 2n;
  if (twiceRemainder > exactSize || (twiceRemainder === exactSize && quotient % 2n === 1n)) {
    quotient += 1n;
  }
  return formatUnits(quotient, instrument.priceDecimals + maxExtra);
}
