/** The instruments a generated flow trades: the default venue's, or a plain spec for other symbols. */
import { DEFAULT_INSTRUMENTS, Venue, type InstrumentSpec } from '../../../src/index.js';

export function flowInstruments(symbols: readonly string[]): InstrumentSpec[] {
  return symbols.map(
    (symbol) =>
      DEFAULT_INSTRUMENTS.find((spec) => spec.symbol === symbol) ?? {
        symbol,
        tickSize: '0.01',
        lotSize: '0.0001',
        referencePrice: '100.00',
      },
  );
}

/** Why a venue cannot list `symbols` (a malformed symbol, one listed twice), or null. */
export function symbolsRefusal(symbols: readonly string[]): string | null {
  const venue = Venue.create({ instruments: flowInstruments(symbols), clock: () => 0 });
  return venue.ok ? null : venue.error.message;
}
