import { formatUnits } from './decimal-codec.js';
import type { Instrument } from './instrument.js';

interface Execution {
  readonly priceUnits: number;
  readonly sizeUnits: number;
}

/**
 * The size-weighted mean price of executions, computed exactly with BigInt. It is written at the
 * tick's decimals when that is exact, with as many more decimals as make it exact otherwise, and
 * only when the mean does not terminate within the lot's decimals beyond that is it rounded (half
 * to even) at priceDecimals + sizeDecimals.
 */
export function averagePrice(
  instrument: Instrument,
  executions: readonly Execution[],
): string | null {
  if (executions.length === 0) return null;
  const first = executions[0]!.priceUnits;
  if (executions.every((execution) => execution.priceUnits === first)) {
    return formatUnits(first, instrument.priceDecimals); // one price: the mean is that price
  }
  let notional = 0n;
  let size = 0n;
  for (const execution of executions) {
    notional += BigInt(execution.priceUnits) * BigInt(execution.sizeUnits);
    size += BigInt(execution.sizeUnits);
  }
  const maxExtra = instrument.sizeDecimals;
  for (let extra = 0; extra <= maxExtra; extra++) {
    const scaled = notional * 10n ** BigInt(extra);
    if (scaled % size === 0n) return formatUnits(scaled / size, instrument.priceDecimals + extra);
  }
  const scaled = notional * 10n ** BigInt(maxExtra);
  let quotient = scaled / size;
  const twiceRemainder = (scaled % size) * 2n;
  if (twiceRemainder > size || (twiceRemainder === size && quotient % 2n === 1n)) quotient += 1n;
  return formatUnits(quotient, instrument.priceDecimals + maxExtra);
}
