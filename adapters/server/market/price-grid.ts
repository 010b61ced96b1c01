/** Basis points, ticks and notionals on one instrument's grid, in integers (no float touches money). */
import type { Instrument } from '../../../src/index.js';
import { fromUnits, pow10, toUnits } from '../../units/units.js';

export class PriceGrid {
  /** The reference price in ticks. */
  readonly referenceTicks: number;

  constructor(readonly instrument: Instrument & { readonly referencePriceUnits: number }) {
    this.referenceTicks = instrument.referencePriceUnits / instrument.tickUnits;
  }

  /** `bps` basis points of the reference price in whole ticks, rounded down, at least `minTicks`. */
  bpsTicks(bps: number, minTicks: number): number {
    const ticks = (BigInt(this.referenceTicks) * BigInt(bps)) / 10_000n;
    return Math.max(minTicks, Number(ticks));
  }

  price(ticks: number): string {
    const { tickUnits, priceDecimals } = this.instrument;
    return fromUnits(BigInt(ticks) * BigInt(tickUnits), priceDecimals);
  }

  /** A price text as ticks (the venue's prices are on this grid). */
  ticksOf(price: string): number {
    return Number(toUnits(price, this.instrument.priceDecimals)) / this.instrument.tickUnits;
  }

  /** The size worth `notional` whole quote units at `ticks`: down to the lot grid, within [min, max]. */
  sizeUnits(notional: number, ticks: number): bigint {
    const { tickUnits, lotUnits, sizeDecimals, priceDecimals, minSizeUnits, maxSizeUnits } =
      this.instrument;
    const priceUnits = BigInt(ticks) * BigInt(tickUnits);
    const units = (BigInt(notional) * pow10(priceDecimals + sizeDecimals)) / priceUnits;
    const lots = (units / BigInt(lotUnits)) * BigInt(lotUnits);
    const min = BigInt(minSizeUnits);
    const max = BigInt(maxSizeUnits);
    return lots < min ? min : lots > max ? max : lots;
  }

  size(units: bigint): string {
    return fromUnits(units, this.instrument.sizeDecimals);
  }

  sizeUnitsOf(size: string): bigint {
    return toUnits(size, this.instrument.sizeDecimals);
  }
}

/** The instrument's grid, or null when it has no reference price for the agents to start from. */
export function priceGridOf(instrument: Instrument): PriceGrid | null {
  const reference = instrument.referencePriceUnits;
  return reference === null
    ? null
    : new PriceGrid({ ...instrument, referencePriceUnits: reference });
}
