import { SeededRandom, type Instrument, type OrderRequest } from '../../../src/index.js';
import { fromUnits } from '../../units/units.js';

export const MARKET_MAKER_ACCOUNT = 'market-maker';

export interface LadderOptions {
  readonly seed?: number;
  /** Price levels per side. */
  readonly levels?: number;
  /** Quote-currency value of the best level; deeper levels grow from it. */
  readonly topNotional?: number;
}

/**
 * Resting limit orders on both sides of each instrument's reference price, for a fresh server:
 * levels one basis point apart (at least one tick), sizes growing away from the mid with seeded
 * noise. Instruments without a reference price get none. Bids and asks alternate from the inside out.
 */
export function demoLiquidity(
  instruments: readonly Instrument[],
  options: LadderOptions = {},
): OrderRequest[] {
  const { seed = 1, levels = 40, topNotional = 5000 } = options;
  const random = new SeededRandom(seed);
  const orders: OrderRequest[] = [];
  for (const instrument of instruments) {
    const reference = instrument.referencePriceUnits;
    if (reference === null) continue;
    const tick = instrument.tickUnits;
    const step = Math.max(tick, Math.round(reference / 10_000 / tick) * tick);
    for (let level = 0; level < levels; level++) {
      for (const side of ['buy', 'sell'] as const) {
        const offset = (level + 1) * step + random.int(0, 2) * tick;
        const price = side === 'buy' ? reference - offset : reference + offset;
        if (price <= 0) continue;
        const notional = topNotional * (1 + level * 0.15) * (0.6 + random.float() * 0.8);
        const size = lotMultiple(
          instrument,
          (notional / price) * 10 ** (instrument.priceDecimals + instrument.sizeDecimals),
        );
        orders.push({
          account: MARKET_MAKER_ACCOUNT,
          symbol: instrument.symbol,
          side,
          type: 'limit',
          price: fromUnits(BigInt(price), instrument.priceDecimals),
          size: fromUnits(BigInt(size), instrument.sizeDecimals),
        });
      }
    }
  }
  return orders;
}

/** Size units rounded down to the lot grid, within [min_size, max_size]. */
function lotMultiple(instrument: Instrument, units: number): number {
  const lots = Math.floor(units / instrument.lotUnits) * instrument.lotUnits;
  return Math.min(instrument.maxSizeUnits, Math.max(instrument.minSizeUnits, lots));
}
