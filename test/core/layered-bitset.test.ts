import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/index.js';
import { LayeredBitset } from '../../src/layered-bitset.js';

describe('LayeredBitset', () => {
  it('agrees with a plain set on random adds, deletes and previous-member queries', () => {
    const random = new SeededRandom(3);
    const bits = new LayeredBitset();
    const members = new Set<number>();
    for (let step = 0; step < 20_000; step++) {
      const n = random.int(0, step < 10_000 ? 2_000 : 70_000);
      if (random.int(0, 2) === 0) {
        bits.delete(n);
        members.delete(n);
      } else {
        bits.add(n);
        members.add(n);
      }
      if (step % 97 === 0) {
        const at = random.int(-1, 80_000);
        let expected = -1;
        for (const member of members) if (member <= at && member > expected) expected = member;
        expect(bits.previous(at)).toBe(expected);
        expect(bits.has(n)).toBe(members.has(n));
      }
    }
  });

  it('finds a lone member far below in a bounded number of reads', () => {
    const bits = new LayeredBitset();
    bits.add(5);
    bits.add(1_000_000);
    bits.delete(1_000_000);
    const before = bits.reads;
    expect(bits.previous(999_999)).toBe(5);
    expect(bits.previous(4)).toBe(-1);
    expect(bits.reads - before).toBeLessThanOrEqual(16);
  });
});
