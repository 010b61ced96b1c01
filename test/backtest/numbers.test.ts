import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatQuotient, parseFeeRate } from '../../adapters/runs/backtest/money.js';
import { ParamValues } from '../../adapters/runs/backtest/strategy-params.js';
import { fcRuns, fcSeed } from '../fast-check-seed.js';
import { Exact, fromUnits, toUnits } from '../../adapters/units/units.js';

describe('exact decimals on decimal.js (docs/numbers.md)', () => {
  it('converts decimal text and bigint units both ways, refusing what does not fit', () => {
    expect(toUnits('100.25', 4)).toBe(1002500n);
    expect(toUnits('-0.0002', 4)).toBe(-2n);
    expect(() => toUnits('0.125', 2)).toThrow('0.125 has more than 2 decimals');
    expect(fromUnits(5n, 3)).toBe('0.005');
    expect(fromUnits(-1234500n, 6, 2)).toBe('-1.2345');
    expect(fromUnits(1200000n, 6, 2)).toBe('1.20');
    expect(fromUnits(0n, 6, 2)).toBe('0.00');
    expect(fromUnits(-7n, 0)).toBe('-7');
    expect(fromUnits(5n, 0, 2)).toBe('5.00');
  });

  it(`formats units as Decimal would, for any integer and scales (seed ${fcSeed(12)})`, () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 22 }),
        (units, decimals, minDecimals) => {
          const exact = new Exact(`${units}e-${decimals}`);
          const expected = exact.toFixed(Math.max(minDecimals, exact.decimalPlaces()));
          expect(fromUnits(units, decimals, minDecimals)).toBe(expected);
        },
      ),
      { seed: fcSeed(12), numRuns: fcRuns(2000) },
    );
  });

  it('rounds a quotient once, half away from zero', () => {
    expect(formatQuotient([1n, 0], [8n, 0], 2, 2)).toBe('0.13');
    expect(formatQuotient([-1n, 0], [8n, 0], 2, 2)).toBe('-0.13');
    expect(formatQuotient([2n, 0], [3n, 0], 4, 2)).toBe('0.6667');
    expect(formatQuotient([-2n, 0], [3n, 0], 4, 2)).toBe('-0.6667');
    expect(formatQuotient([15n, 1], [1n, 0], 6, 2)).toBe('1.50');
    expect(formatQuotient([-1n, 3], [1n, 0], 2, 2)).toBe('0.00');
    expect(formatQuotient([10n ** 120n + 5n, 0], [10n, 0], 0, 0)).toBe(`${10n ** 119n + 1n}`);
  });

  it(`rounds a quotient as decimal.js does, for any operands and scales (seed ${fcSeed(13)})`, () => {
    const units = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
    const scale = fc.integer({ min: 0, max: 12 });
    fc.assert(
      fc.property(
        units,
        scale,
        // Small even denominators make exact halves common.
        fc.oneof(
          units.filter((value) => value !== 0n),
          fc.constantFrom(2n, -4n, 8n, 20n, -400n),
        ),
        scale,
        scale,
        scale,
        (numerator, numeratorScale, denominator, denominatorScale, decimals, minDecimals) => {
          const quotient = new Exact(`${numerator}e-${numeratorScale}`)
            .dividedBy(new Exact(`${denominator}e-${denominatorScale}`))
            .toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
          const expected = quotient.toFixed(Math.max(minDecimals, quotient.decimalPlaces()));
          const operands = [
            [numerator, numeratorScale],
            [denominator, denominatorScale],
          ] as const;
          expect(formatQuotient(...operands, decimals, minDecimals)).toBe(expected);
        },
      ),
      { seed: fcSeed(13), numRuns: fcRuns(2000) },
    );
  });

  it(`reads decimal text as decimal.js does, refusing extra decimals (seed ${fcSeed(14)})`, () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        (units, textDecimals, decimals, trailingZeros) => {
          const zeros = '0'.repeat(trailingZeros);
          const text = `${fromUnits(units, textDecimals)}${textDecimals === 0 && zeros !== '' ? '.' : ''}${zeros}`;
          const exact = new Exact(`${text}e${decimals}`);
          if (exact.isInteger()) expect(toUnits(text, decimals)).toBe(BigInt(exact.toFixed()));
          else expect(() => toUnits(text, decimals)).toThrow(`${text} has more than ${decimals}`);
        },
      ),
      { seed: fcSeed(14), numRuns: fcRuns(2000) },
    );
  });

  it('counts a fee rate by its value: trailing zeros change nothing', () => {
    expect(parseFeeRate('0.0010')).toEqual({ text: '0.0010', units: 1n, decimals: 3 });
    expect(parseFeeRate('-0.0002')).toEqual({ text: '-0.0002', units: -2n, decimals: 4 });
    expect(parseFeeRate('1e-3')).toBeNull();
  });

  it('refuses a number parameter that a JavaScript number cannot read back', () => {
    const params = new ParamValues({
      a: '0.1',
      b: '12345678901234567891',
      c: '0.30000000000000001',
    });
    expect(params.number('a')).toBe(0.1);
    expect(() => params.number('b')).toThrow('--param b 12345678901234567891 cannot be held');
    expect(() => params.number('c')).toThrow('cannot be held exactly as a number');
  });

  it('leaves the global Decimal settings alone', () => {
    expect(Decimal.precision).toBe(20);
    expect(Decimal.rounding).toBe(Decimal.ROUND_HALF_UP);
    expect(Exact.precision).toBe(100);
  });
});
