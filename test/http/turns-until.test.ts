import { describe, expect, it } from 'vitest';
import { turnsUntil } from './turns-until.js';

describe('turnsUntil', () => {
  it('resolves once the condition holds, checking at each turn', async () => {
    let turns = 0;
    await turnsUntil(() => ++turns === 3, 'three turns');
    expect(turns).toBe(3);
  });

  it('rejects, naming what it waited for, once its time is up', async () => {
    await expect(turnsUntil(() => false, 'nothing', 20)).rejects.toThrow(
      'not within 20 ms: nothing',
    );
  });
});
