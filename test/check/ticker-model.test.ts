import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TickerModel } from '../../adapters/runs/check/ticker-model.js';
import { createInstrument, DAY_MS } from '../../src/index.js';

const created = createInstrument({
  symbol: 'BTC-USD',
  tickSize: '0.5',
  lotSize: '0.01',
  referencePrice: '100.0',
});
if (!created.ok) throw new Error(created.error.message);
const instrument = created.value;

/** A step: time moves on by `dt` ms, then a trade (or none) at that time. */
const step = fc.record({
  dt: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.constantFrom(DAY_MS - 1, DAY_MS, DAY_MS + 1)),
  trade: fc.option(
    fc.record({ price: fc.integer({ min: 190, max: 210 }), size: fc.integer({ min: 1, max: 9 }) }),
  ),
});

describe('the ticker model', () => {
  it('keeps running figures equal to the ones recomputed from the window', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const model = new TickerModel(instrument);
        let now = Date.UTC(2026, 0, 5);
        for (const { dt, trade } of steps) {
          now += dt;
          if (trade !== null) model.record(now, trade.price, trade.size);
          model.roll(now);
          expect(model.running(now)).toEqual(model.recomputed(now));
        }
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('shows the reference price before the first trade, and the last price once the window is empty', () => {
    const model = new TickerModel(instrument);
    const start = Date.UTC(2026, 0, 5);
    expect(model.running(start)).toEqual({
      symbol: 'BTC-USD',
      price: '100.0',
      open24h: '100.0',
      high24h: '100.0',
      low24h: '100.0',
      volume24h: '0.00',
      timestamp: start,
    });
    model.record(start, 2010, 300);
    model.record(start + 1, 1990, 100);
    expect(model.running(start + 1)).toMatchObject({
      open24h: '201.0',
      high24h: '201.0',
      low24h: '199.0',
      volume24h: '4.00',
    });
    expect(model.roll(start + DAY_MS)).toBe(1);
    expect(model.running(start + DAY_MS)).toMatchObject({
      open24h: '201.0',
      high24h: '199.0',
      low24h: '199.0',
      volume24h: '1.00',
    });
    expect(model.roll(start + DAY_MS + 1)).toBe(1);
    expect(model.running(start + DAY_MS + 1)).toMatchObject({
      price: '199.0',
      open24h: '199.0',
      high24h: '199.0',
      low24h: '199.0',
      volume24h: '0.00',
    });
  });
});
