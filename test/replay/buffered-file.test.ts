import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BufferedFile } from '../../adapters/output/output-files.js';
import { formatUnits } from '../../src/decimal-codec.js';
import { fcRuns, fcSeed } from '../fast-check-seed.js';

const work = mkdtempSync(join(tmpdir(), 'simex-buffered-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What `write` makes of `lines`, read back from the file. */
function written(name: string, lines: (file: BufferedFile) => void): string {
  const file = new BufferedFile(join(work, name));
  lines(file);
  file.close();
  return readFileSync(join(work, name), 'utf8');
}

describe('BufferedFile', () => {
  const seed = fcSeed(11);

  it(`writes fixed-point numbers as formatUnits does (seed ${seed})`, () => {
    const amount = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.maxSafeInteger(),
      fc.constantFrom(0, 2 ** 31 - 1, 2 ** 31, 99_999_999, 100_000_000, Number.MAX_SAFE_INTEGER),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, fc.integer({ min: 0, max: 18 }))), (numbers) => {
        const text = written('fixed.txt', (file) => {
          for (const [units, decimals] of numbers) {
            file.fixed(units, decimals);
            file.byte(0x0a);
          }
        });
        const expected = numbers.map(([units, decimals]) => `${formatUnits(units, decimals)}\n`);
        expect(text).toBe(expected.join(''));
      }),
      { seed, numRuns: fcRuns(300) },
    );
  });

  it('keeps the call order across flushes, for ASCII, other text, bytes and text longer than the buffer', () => {
    const long = 'é'.repeat(40_000);
    const source = Buffer.from('..o17-ß..', 'utf8');
    const longBytes = Buffer.from('x'.repeat(70_000));
    const text = written('mixed.txt', (file) => {
      for (let i = 0; i < 20_000; i++) {
        file.write(i % 3 === 0 ? 'ask,' : 'käse,');
        file.fixed(i, 2);
        file.bytes(source, 2, source.length - 2);
        file.byte(0x0a);
      }
      file.write(long);
      file.bytes(longBytes, 0, longBytes.length);
    });
    const lines = Array.from(
      { length: 20_000 },
      (_, i) => `${i % 3 === 0 ? 'ask,' : 'käse,'}${formatUnits(i, 2)}o17-ß\n`,
    );
    expect(text).toBe(lines.join('') + long + 'x'.repeat(70_000));
  });
});
