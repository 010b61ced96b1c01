import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/index.js';
import { MAX_DENSE_SPAN, PriceLadder } from '../../src/price-ladder.js';
import { NO_LEVEL } from '../../src/price-level.js';
import type { Units } from '../../src/quantities.js';

/** Prices near `centre` ticks, now and then one far away (beyond the array's span). */
function randomPrice(random: SeededRandom, centre: number, tickUnits: number): Units {
  const far = random.int(0, 99) === 0 ? random.int(1, 3) * MAX_DENSE_SPAN : 0;
  return ((centre + random.int(-3000, 3000) + far) * tickUnits) as Units;
}

describe('PriceLadder', () => {
  for (const [sign, side] of [
    [1, 'bids'],
    [-1, 'asks'],
  ] as const) {
    it(`agrees with a sorted map of ${side} across moving, widening and too wide windows (seed 4)`, () => {
      const random = new SeededRandom(4);
      const tickUnits = 5;
      const ladder = new PriceLadder(sign, tickUnits);
      const model = new Map<Units, number>(); // price -> total
      let centre = 100_000;
      for (let step = 0; step < 12_000; step++) {
        centre += random.int(-20, 20);
        if (random.int(0, 1) === 0 || model.size === 0) {
          const price = randomPrice(random, centre, tickUnits);
          const level = ladder.getOrCreate(price);
          expect(ladder.price(level)).toBe(price);
          expect(ladder.key(level)).toBe(sign * price);
          ladder.reduceTotal(level, -1 as Units);
          model.set(price, (model.get(price) ?? 0) + 1);
        } else {
          const prices = [...model.keys()];
          const price = prices[random.int(0, prices.length - 1)]!;
          ladder.remove(ladder.get(price));
          model.delete(price);
        }
        if (step % 4_000 === 3_999) {
          for (const price of [...model.keys()]) ladder.remove(ladder.get(price));
          model.clear();
        }
        expect(ladder.size).toBe(model.size);
        let best: number | null = null;
        for (const price of model.keys())
          if (best === null || sign * (price - best) > 0) best = price;
        const found = ladder.best();
        expect(found === NO_LEVEL ? null : ladder.price(found)).toBe(best);
        if (step % 250 === 0) {
          const sorted = [...model.keys()].sort((a, b) => sign * (b - a));
          expect(
            ladder.levels().map((level) => [ladder.price(level), ladder.total(level)]),
          ).toEqual(sorted.map((price) => [price, model.get(price)]));
          const top: number[] = [];
          ladder.forEachFromBest(3, (level) => {
            top.push(ladder.price(level));
          });
          expect(top).toEqual(sorted.slice(0, 3));
          // sizeWithin: the totals from the best down to a limit, until the wanted size
          const limit = sorted[random.int(0, sorted.length - 1)] ?? centre * tickUnits;
          const wanted = random.int(1, 40);
          let within = 0;
          for (const price of sorted) {
            if (within >= wanted || sign * price < sign * limit) break;
            within += model.get(price)!;
          }
          expect(ladder.sizeWithin(sign * limit, wanted)).toBe(within);
          const absent = (randomPrice(random, centre, tickUnits) + 1) as Units; // off the grid of levels
          expect(ladder.get(absent)).toBe(NO_LEVEL);
        }
      }
    });
  }

  it("keeps a level's number through a wider window and the move to a sorted ladder, and gives an emptied level's number to the next new level", () => {
    const ladder = new PriceLadder(1, 1);
    const first = ladder.getOrCreate(100_000 as Units);
    const second = ladder.getOrCreate(105_000 as Units); // beyond the first window: a wider one
    expect([ladder.get(100_000 as Units), ladder.get(105_000 as Units)]).toEqual([first, second]);
    const far = ladder.getOrCreate((100_000 + 3 * MAX_DENSE_SPAN) as Units); // a sorted ladder
    expect(ladder.levels()).toEqual([far, second, first]);
    ladder.reduceTotal(second, -7 as Units);
    expect([ladder.price(second), ladder.total(second), ladder.head(second)]).toEqual([
      105_000, 7, -1,
    ]);
    ladder.remove(second);
    const next = ladder.getOrCreate(99_000 as Units);
    expect(next).toBe(second);
    expect([ladder.price(next), ladder.total(next), ladder.key(next)]).toEqual([99_000, 0, 99_000]);
    expect(ladder.levels()).toEqual([far, first, next]);
  });
});
