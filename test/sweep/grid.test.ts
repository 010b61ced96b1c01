import { describe, expect, it } from 'vitest';
import {
  combinationAt,
  parseGridAxis,
  planSweep,
} from '../../adapters/runs/backtest/sweep/index.js';
import { holdoutSplit } from '../../adapters/runs/backtest/sweep/holdout.js';
import { drawCombinations, shardOf } from '../../adapters/runs/backtest/sweep/selection.js';

const values = (spec: string) => {
  const axis = parseGridAxis(spec);
  return typeof axis === 'string' ? axis : axis.values;
};

describe('a --grid spec', () => {
  it('gives exact decimal steps, never float sums', () => {
    expect(values('f=0.1..0.3:0.1')).toEqual(['0.1', '0.2', '0.3']);
    expect(values('f=0.7..1:0.1')).toEqual(['0.7', '0.8', '0.9', '1']);
    expect(values('f=-0.2..0.2:0.1')).toEqual(['-0.2', '-0.1', '0', '0.1', '0.2']);
    expect(values('n=1..10:3')).toEqual(['1', '4', '7', '10']);
    expect(values('n=1..9:3')).toEqual(['1', '4', '7']);
    expect(values('n=5..5:1')).toEqual(['5']);
  });

  it('keeps listed values as written', () => {
    expect(values('symbol=BTC-USD,ETH-USD')).toEqual(['BTC-USD', 'ETH-USD']);
    expect(values('size=0.10,1e-2')).toEqual(['0.10', '1e-2']);
    expect(values('one=7')).toEqual(['7']);
  });

  it.each([
    ['spread', '--grid must be key=v1,v2,... or key=start..end:step; got "spread"'],
    ['9x=1,2', '--grid must be key=v1,v2,... or key=start..end:step; got "9x=1,2"'],
    ['k=1,,2', '--grid k: a value is empty in "1,,2"; write key=v1,v2,...'],
    ['k=', '--grid k: a value is empty in ""; write key=v1,v2,...'],
    ['k=1,2,1', '--grid k: the value 1 is given twice'],
    ['k=1..5:0', '--grid k: the step must be above 0 in "1..5:0"'],
    ['k=1..5:-1', '--grid k: the step must be above 0 in "1..5:-1"'],
    ['k=5..1:1', '--grid k: the end is below the start in "5..1:1"'],
    [
      'k=a..b:1',
      '--grid k: start..end:step takes plain decimals such as 0.1..0.5:0.1; got "a..b:1"',
    ],
    ['k=0..1000000:1', '--grid k: "0..1000000:1" makes 1000001 values; at most 10000 per key'],
  ])('refuses %s in one line', (spec, message) => {
    expect(values(spec)).toBe(message);
  });
});

describe('the combinations', () => {
  const plan = (args: Parameters<typeof planSweep>[0], fixed: string[] = []) =>
    planSweep({ workers: 1, ...args }, fixed);

  it('are numbered with the last key varying fastest', () => {
    const axes = [
      { key: 'a', values: ['1', '2'] },
      { key: 'b', values: ['x', 'y', 'z'] },
    ];
    expect([0, 1, 2, 3, 5].map((index) => combinationAt(axes, index))).toEqual([
      { a: '1', b: 'x' },
      { a: '1', b: 'y' },
      { a: '1', b: 'z' },
      { a: '2', b: 'x' },
      { a: '2', b: 'z' },
    ]);
  });

  it('refuse an absurd grid, a repeated or fixed key, and bad axes, in one line', () => {
    expect(plan({ grid: ['a=1..1000:1', 'b=1..1000:1', 'c=1..2:1'] })).toBe(
      'the grid (1000 x 1000 x 2) has 2000000 combinations, more than 1000000; narrow it or draw some with --random N',
    );
    expect(plan({ grid: ['a=1,2', 'a=3'] })).toBe('--grid a is given twice');
    expect(plan({ grid: ['a=1,2'] }, ['a'])).toBe('--grid a is also a --param; give it one way');
    expect(plan({})).toBe('give at least one --grid key=v1,v2,... or key=start..end:step');
    expect(plan({ grid: ['a=1,2'], x: 'b' })).toBe('--x b is not a --grid key (a)');
    expect(plan({ grid: ['a=1,2'], seed: '3' })).toBe('--seed needs --random N');
    expect(plan({ grid: ['a=1,2'], random: 0 })).toBe(
      '--random must be a whole number from 1 to 1000000; got 0',
    );
    expect(plan({ grid: ['a=1,2'], holdout: '100%' })).toBe(
      '--holdout must be a percentage above 0% and below 100%, such as 30%; got "100%"',
    );
    expect(plan({ grid: ['a=1,2'], shard: '2/2' })).toBe(
      '--shard must be i/N with 0 <= i < N <= 10000 (i counts from 0); got "2/2"',
    );
  });

  it('--random draws the same distinct combinations for a seed, even from a huge grid', () => {
    const huge = plan({ grid: ['a=1..10000:1', 'b=1..10000:1'], random: 5, seed: '7' });
    if (typeof huge === 'string') throw new Error(huge);
    expect(huge.total).toBe(100_000_000);
    expect(huge.selected).toEqual(drawCombinations(100_000_000, 5, 7n));
    expect(new Set(huge.selected).size).toBe(5);
    expect([...huge.selected].sort((a, b) => a - b)).toEqual(huge.selected);
    expect(drawCombinations(10, 4, 1n)).toEqual(drawCombinations(10, 4, 1n));
    expect(drawCombinations(10, 10, 1n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shards split the combinations into disjoint slices that cover them all', () => {
    const selected = [0, 3, 4, 7, 9, 12, 15];
    const slices = [0, 1, 2].map((index) => shardOf(selected, { index, count: 3 }));
    expect(slices).toEqual([
      [0, 7, 15],
      [3, 9],
      [4, 12],
    ]);
  });

  it('--holdout splits the time span exactly, rounding down', () => {
    expect(holdoutSplit(1000, 2000, '30%')).toBe(1700);
    expect(holdoutSplit(0, 999, '12.5%')).toBe(874);
    expect(holdoutSplit(5, 5, '50%')).toBe(5);
  });
});
