import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlushTiming } from '../../adapters/flush-timing.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FlushTiming', () => {
  it('flushes on the first turn without news, or flushMs after the first news when every turn brings some', async () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const flushes: number[] = [];
    const timing = new FlushTiming(
      { flushMs: 5, flushChars: 1000 },
      () => 0,
      () => {
        flushes.push(now);
      },
    );
    timing.stir();
    await nextTurn(); // the turn that brought it
    expect(flushes).toEqual([]);
    await nextTurn(); // a quiet one
    expect(flushes).toEqual([1000]);
    // Busy: news on every turn, a millisecond apart.
    now = 1010;
    let turns = 0;
    while (flushes.length === 1 && turns < 20) {
      timing.stir();
      await nextTurn();
      now += 1;
      turns++;
    }
    expect(flushes).toEqual([1000, 1015]);
  });

  it('flushes a batch of flushChars on the next turn, news or not', async () => {
    let chars = 0;
    let flushes = 0;
    const timing = new FlushTiming(
      { flushMs: 60_000, flushChars: 100 },
      () => chars,
      () => {
        flushes++;
      },
    );
    timing.stir();
    chars = 100;
    timing.stir();
    await nextTurn();
    expect(flushes).toBe(1);
  });
});
