import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/index.js';
import type { Sequence, Slot } from '../../src/quantities.js';
import { SequenceSlots } from '../../src/sequence-slots.js';

describe('SequenceSlots', () => {
  it('agrees with a map on random adds and forgets, old and recent', () => {
    const random = new SeededRandom(11);
    const slots = new SequenceSlots();
    const live = new Map<number, number>();
    const order: number[] = []; // the live sequences, ascending
    let last = 0;
    for (let step = 0; step < 200_000; step++) {
      if (live.size === 0 || random.int(0, 9) < 5) {
        const slot = random.int(0, 1_000_000);
        slots.add(slot as Slot);
        live.set(++last, slot);
        order.push(last);
      } else {
        // Mostly recent orders go, a few old ones stay for long.
        const back = Math.floor(random.float() ** 4 * order.length);
        const [sequence] = order.splice(order.length - 1 - back, 1) as [number];
        slots.forget(sequence as Sequence);
        live.delete(sequence);
      }
      if (step % 997 === 0) {
        expect([...slots.entries()]).toEqual([...live.entries()]);
        const got: number[] = [];
        const want: number[] = [];
        for (let sequence = 1; sequence <= last; sequence += 7) {
          got.push(slots.slot(sequence as Sequence));
          want.push(live.get(sequence) ?? -1);
        }
        expect(got).toEqual(want);
      }
    }
    expect(slots.last).toBe(last);
    expect(slots.slot((last + 1) as Sequence)).toBe(-1);
    // The oldest live orders were moved out of the dense part: the map answered for them.
    expect(last - order[0]! + 1).toBeGreaterThan(slots.denseLength);
    expect([...slots.entries()]).toEqual([...live.entries()]);
  });

  it('keeps its dense part small while the first order rests and a million come and go', () => {
    const slots = new SequenceSlots();
    slots.add(42 as Slot);
    let sequence = 1;
    for (let i = 0; i < 1_000_000; i++) {
      slots.add((i % 5000) as Slot);
      slots.forget(++sequence as Sequence);
    }
    expect(slots.slot(1 as Sequence)).toBe(42);
    expect([...slots.entries()]).toEqual([[1, 42]]);
    expect(slots.denseLength).toBeLessThan(4096);
  });
});
