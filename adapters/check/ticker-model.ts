/**
 * Invariant 6's reference: the 24h ticker recomputed by brute force from the symbol's trades in
 * the window (now - 24h < ts <= now), the last trade before it, and the last trade ever.
 */
import { DAY_MS, type Instrument, type Ticker } from '../../src/index.js';
import { fromUnits } from '../units/units.js';

interface WindowTrade {
  readonly ts: number;
  readonly price: bigint;
  readonly size: bigint;
}

export class TickerModel {
  #window: WindowTrade[] = [];
  #beforeWindow: bigint | null = null;
  #last: bigint | null = null;

  constructor(readonly instrument: Instrument) {}

  get windowSize(): number {
    return this.#window.length;
  }

  record(ts: number, price: bigint, size: bigint): void {
    this.#window.push({ ts, price, size });
    this.#last = price;
  }

  /** The ticker as the contract defines it at `now`, every figure formatted. */
  expected(now: number): Ticker {
    const cutoff = now - DAY_MS;
    let leaving = 0;
    while (leaving < this.#window.length && this.#window[leaving]!.ts <= cutoff) leaving++;
    if (leaving > 0) {
      this.#beforeWindow = this.#window[leaving - 1]!.price;
      this.#window = this.#window.slice(leaving);
    }
    const { instrument } = this;
    const reference = instrument.referencePrice;
    const price = (units: bigint | null) =>
      units === null ? reference : fromUnits(units, instrument.priceDecimals);
    let high = this.#last;
    let low = this.#last;
    let volume = 0n;
    const first = this.#window[0];
    if (first !== undefined) {
      high = low = first.price;
      for (const trade of this.#window) {
        if (trade.price > high) high = trade.price;
        if (trade.price < low) low = trade.price;
        volume += trade.size;
      }
    }
    return {
      symbol: instrument.symbol,
      price: price(this.#last),
      open24h: price(first === undefined ? this.#last : (this.#beforeWindow ?? first.price)),
      high24h: price(high),
      low24h: price(low),
      volume24h: fromUnits(volume, instrument.sizeDecimals),
      timestamp: now,
    };
  }
}
