import { describe, expect, it } from 'vitest';
import { FinalIds } from '../../adapters/flow/driver/final-ids.js';
import { ScenarioIdView } from '../../adapters/flow/driver/scenario-id-view.js';
import type { Sequence } from '../../src/index.js';

const encoder = new TextEncoder();

function push(ids: FinalIds, id: string, sequence: number, text?: string): void {
  // The id inside a larger buffer, as a file's bytes are.
  const bytes = encoder.encode(`..${id}..`);
  ids.push(bytes, 2, bytes.length - 2, sequence as Sequence, text);
}

function sequenceOf(ids: FinalIds, id: string): number {
  const bytes = encoder.encode(id);
  const index = ids.find(bytes, 0, bytes.length);
  return index < 0 ? -1 : ids.sequenceOf(index);
}

describe('the ring of final ids', () => {
  it('finds the newest order of an id among the last `retention`, and none before them', () => {
    const ids = new FinalIds(3);
    push(ids, 'a', 1);
    push(ids, 'b', 2);
    push(ids, 'a', 3);
    expect([sequenceOf(ids, 'a'), sequenceOf(ids, 'b'), sequenceOf(ids, 'c')]).toEqual([3, 2, -1]);
    push(ids, 'c', 4);
    push(ids, 'd', 5); // b is forgotten, then the older a
    expect([sequenceOf(ids, 'a'), sequenceOf(ids, 'b'), sequenceOf(ids, 'd')]).toEqual([3, -1, 5]);
    push(ids, 'e', 6);
    expect(sequenceOf(ids, 'a')).toBe(-1);
  });

  it('keeps the bytes of ids of any length through its compactions, in bounded memory', () => {
    const retention = 50;
    const ids = new FinalIds(retention);
    const idOf = (n: number) => `order-${n}-${'x'.repeat(n % 97)}-é`;
    for (let n = 0; n < 5000; n++) push(ids, idOf(n), n + 1);
    for (let n = 5000 - retention; n < 5000; n++) expect(sequenceOf(ids, idOf(n))).toBe(n + 1);
    expect(sequenceOf(ids, idOf(5000 - retention - 1))).toBe(-1);
    const view = new ScenarioIdView();
    const bytes = encoder.encode(idOf(4999));
    ids.view(ids.find(bytes, 0, bytes.length), view);
    expect(view.text()).toBe(idOf(4999));
    expect(view.bytes.length).toBeLessThanOrEqual(4 * 2 * retention * 110);
  });

  it('hands on the text an id came with', () => {
    const ids = new FinalIds(2);
    push(ids, 'k', 7, 'k');
    const view = new ScenarioIdView();
    ids.view(ids.find(encoder.encode('k'), 0, 1), view);
    expect(view.decoded).toBe('k');
  });
});
