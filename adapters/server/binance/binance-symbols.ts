import type { Instrument } from '../../../src/index.js';

/**
 * Binance's names for the venue's instruments: `BTC-USD` is `BTCUSD`, base `BTC`, quote `USD`.
 * Two instruments whose names differ only by the dash (`AB-C`, `A-BC`) cannot both be named; the
 * server refuses to start with them.
 */
export class BinanceSymbols {
  readonly #bySymbol = new Map<string, Instrument>();

  constructor(instruments: readonly Instrument[]) {
    for (const instrument of instruments) {
      const name = binanceSymbol(instrument.symbol);
      if (this.#bySymbol.has(name)) {
        throw new Error(`instruments ${instrument.symbol} and another are both ${name} to Binance`);
      }
      this.#bySymbol.set(name, instrument);
    }
  }

  /** The instrument of a Binance symbol, or undefined. */
  find(name: string): Instrument | undefined {
    return this.#bySymbol.get(name);
  }

  all(): Instrument[] {
    return [...this.#bySymbol.values()];
  }
}

export function binanceSymbol(symbol: string): string {
  return symbol.replace('-', '');
}
