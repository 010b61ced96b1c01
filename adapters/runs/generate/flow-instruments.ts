/** The instruments a generated flow trades: the default venue's, or a plain spec for other symbols. */
import { DEFAULT_INSTRUMENTS, type InstrumentSpec } from '../../../src/index.js';

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
