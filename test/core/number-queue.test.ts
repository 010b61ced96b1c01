import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/index.js';
import { NumberQueue } from '../../src/number-queue.js';

describe('NumberQueue', () => {
  it('agrees with a plain array on random pushes, shifts, pops and reads across ring growth', () => {
    const random = new SeededRandom(9);
    const queue = new NumberQueue();
    const plain: number[] = [];
    let start = 0;
    for (let step = 0; step < 20_000; step++) {
      const choice = random.int(0, 9);
      if (choice < 5 || plain.length === 0) {
        const value = random.int(0, 1_000_000) * 1_000_003; // beyond 2^31, exact in float64
        queue.push(value);
        plain.push(value);
      } else if (choice < 7) {
        expect(queue.shift()).toBe(plain.shift());
        start++;
      } else if (choice < 8) {
        expect(queue.pop()).toBe(plain.pop());
      } else {
        queue.addToLast(7);
        plain[plain.length - 1]! += 7;
      }
      expect(queue.length).toBe(plain.length);
      expect(queue.start).toBe(start);
      expect(queue.end).toBe(start + plain.length);
      if (plain.length > 0) {
        expect(queue.first()).toBe(plain[0]);
        expect(queue.last()).toBe(plain[plain.length - 1]);
        const at = random.int(0, plain.length - 1);
        expect(queue.at(start + at)).toBe(plain[at]);
      }
    }
  });
});
