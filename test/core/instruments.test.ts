import { describe, expect, it } from 'vitest';
import {
  createInstrument,
  DEFAULT_INSTRUMENTS,
  Venue,
  type InstrumentSpec,
} from '../../src/index.js';
import { expectInvalid, makeVenue, unwrap } from './helpers.js';

const SPEC: InstrumentSpec = { symbol: 'SOL-USDT', tickSize: '0.001', lotSize: '0.01' };

describe('createInstrument', () => {
  it('fills in the defaults', () => {
    expect(unwrap(createInstrument(SPEC))).toEqual({
      symbol: 'SOL-USDT',
      tickSize: '0.001',
      lotSize: '0.01',
      minSize: '0.01',
      maxSize: null,
      referencePrice: null,
      priceDecimals: 3,
      sizeDecimals: 2,
      tickUnits: 1,
      lotUnits: 1,
      minSizeUnits: 1,
      maxSizeUnits: Number.MAX_SAFE_INTEGER,
      referencePriceUnits: null,
    });
  });

  it('formats min, max and reference price at the grid decimals', () => {
    const spec = { ...SPEC, tickSize: '0.005', lotSize: '0.5' };
    const instrument = createInstrument({
      ...spec,
      minSize: '1',
      maxSize: '100',
      referencePrice: '20.5',
    });
    expect(unwrap(instrument)).toEqual({
      ...spec,
      minSize: '1.0',
      maxSize: '100.0',
      referencePrice: '20.500',
      priceDecimals: 3,
      sizeDecimals: 1,
      tickUnits: 5,
      lotUnits: 5,
      minSizeUnits: 10,
      maxSizeUnits: 1000,
      referencePriceUnits: 20500,
    });
  });

  it.each(['BTCUSD', 'btc-usd', 'BTC-', '-USD', 'BTC-USD-X', 'ABCDEFGHIJKLM-USD', 'BTC_USD', ''])(
    'refuses the symbol %j',
    (symbol) => {
      expectInvalid(
        createInstrument({ ...SPEC, symbol }),
        'symbol',
        'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9',
      );
    },
  );

  it('accepts 12-character parts and digits', () => {
    expect(unwrap(createInstrument({ ...SPEC, symbol: 'ABCDEFGHIJK1-2' })).symbol).toBe(
      'ABCDEFGHIJK1-2',
    );
  });

  it.each(['0', '0.00', '-0.01', '1e-2', '', '.01', '0.0000000000000001'])(
    'refuses the tick and lot size %j',
    (step) => {
      expectInvalid(
        createInstrument({ ...SPEC, tickSize: step }),
        'tick_size',
        'tick_size must be a positive decimal string with at most 15 decimals',
      );
      expectInvalid(
        createInstrument({ ...SPEC, lotSize: step }),
        'lot_size',
        'lot_size must be a positive decimal string with at most 15 decimals',
      );
    },
  );

  it('refuses min and max sizes off the lot, out of order or not positive', () => {
    expectInvalid(
      createInstrument({ ...SPEC, minSize: '0.015' }),
      'min_size',
      'min_size must be a multiple of the lot size 0.01',
    );
    expectInvalid(
      createInstrument({ ...SPEC, minSize: '0' }),
      'min_size',
      'min_size must be positive',
    );
    expectInvalid(
      createInstrument({ ...SPEC, maxSize: '0.005' }),
      'max_size',
      'max_size must be a multiple of the lot size 0.01',
    );
    expectInvalid(
      createInstrument({ ...SPEC, minSize: '2', maxSize: '1' }),
      'max_size',
      'max_size must be at least 2.00',
    );
  });

  it('refuses a reference price off the tick', () => {
    expectInvalid(
      createInstrument({ ...SPEC, referencePrice: '1.0005' }),
      'reference_price',
      'reference_price must be a multiple of the tick size 0.001',
    );
    expectInvalid(
      createInstrument({ ...SPEC, referencePrice: '0' }),
      'reference_price',
      'reference_price must be positive',
    );
  });
});

describe('Venue.create', () => {
  it('lists BTC-USD and ETH-USD by default, with reference prices', () => {
    const { venue } = makeVenue();
    expect(venue.instruments()).toEqual(
      DEFAULT_INSTRUMENTS.map((spec) => unwrap(createInstrument(spec))),
    );
    expect(
      venue.instruments().map(({ symbol, tickSize, lotSize, referencePrice }) => ({
        symbol,
        tickSize,
        lotSize,
        referencePrice,
      })),
    ).toEqual([
      { symbol: 'BTC-USD', tickSize: '0.01', lotSize: '0.00000001', referencePrice: '30000.00' },
      { symbol: 'ETH-USD', tickSize: '0.01', lotSize: '0.0001', referencePrice: '2000.00' },
    ]);
  });

  it('refuses a symbol listed twice', () => {
    expectInvalid(
      Venue.create({ clock: () => 0, instruments: [SPEC, { ...SPEC, tickSize: '0.01' }] }),
      'symbol',
      'symbol SOL-USDT is listed twice',
    );
  });

  it('refuses a bad instrument spec', () => {
    expectInvalid(
      Venue.create({ clock: () => 0, instruments: [{ ...SPEC, lotSize: 'x' }] }),
      'lot_size',
      'lot_size must be a positive decimal string with at most 15 decimals',
    );
  });

  it('looks an instrument up by symbol', () => {
    const { venue } = makeVenue([SPEC]);
    expect(venue.instrument('SOL-USDT')).toEqual(createInstrument(SPEC));
    expect(venue.instruments().map(({ symbol }) => symbol)).toEqual(['SOL-USDT']);
  });
});
