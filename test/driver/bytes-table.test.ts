import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BytesTable, hashOf, utf8Text } from '../../adapters/bytes-table.js';
import { fcRuns, fcSeed } from '../fast-check-seed.js';
import { spyOnTypedArrays } from '../typed-array-spy.js';

const SEED = fcSeed(9);

/** An id's bytes at an offset inside a larger buffer, as a file's column holds them. */
function inBuffer(id: string): [Uint8Array, number, number] {
  const bytes = Buffer.from(`<<${id}>>`, 'utf8');
  return [bytes, 2, bytes.length - 2];
}

const ids = fc.oneof(
  fc.constantFrom('a', 'b', 'o1', 'o12', 'ordre-é', '注文', 'x'.repeat(300)),
  // around 8 bytes (two of the hash's four-byte words): differing in their last byte, or in one
  // of the first four only, non-ASCII (注文é and é注文: 8 bytes), a NUL byte
  fc.constantFrom('o123456', 'o1234567', 'o1234568', 'p1234567', 'o12345678', 'o12345679'),
  fc.constantFrom('注文é', 'é注文', '注文', 'a\u0000', 'a', '\u0000a', 'o\u00001234'),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.integer({ min: 1, max: 400 }).map((n) => `o${n}`),
);

describe(`BytesTable (seed ${SEED})`, () => {
  it.each([
    ['tagged buckets', undefined],
    ['more entries than a tagged bucket holds', 63],
  ])(
    'agrees with a Map of strings through adds, finds, removes, growth and compaction (%s)',
    (_, tagged) => {
      fc.assert(
        fc.property(
          fc.array(
            fc.tuple(fc.constantFrom('add', 'remove', 'find', 'remove-then-add'), ids, fc.nat()),
            {
              minLength: 1000,
              maxLength: 3000,
            },
          ),
          (steps) => {
            const table = new BytesTable(tagged);
            const model = new Map<string, number>();
            const entries = new Map<string, number>();
            for (const [step, id, value] of steps) {
              const [bytes, start, end] = inBuffer(id);
              const entry = table.find(bytes, start, end);
              expect(entry >= 0).toBe(model.has(id));
              if (entry >= 0) {
                expect(entry).toBe(entries.get(id));
                expect(table.values[entry]).toBe(model.get(id));
                expect(table.text(entry)).toBe(id);
              }
              if (step === 'add' && entry < 0) {
                entries.set(id, table.add(bytes, start, end, value));
                model.set(id, value);
              } else if (step === 'remove-then-add' && entry < 0 && model.size > 0) {
                // another key's removal between the find and the add, as a fill's does in a replay
                const removed = [...entries.keys()][value % entries.size]!;
                table.remove(entries.get(removed)!);
                model.delete(removed);
                entries.delete(removed);
                entries.set(id, table.add(bytes, start, end, value));
                model.set(id, value);
              } else if (step === 'remove' && entry >= 0) {
                table.remove(entry);
                model.delete(id);
                entries.delete(id);
              }
              expect(table.size).toBe(model.size);
            }
            for (const [id, value] of model) {
              const length = table.encode(id);
              const entry = table.find(table.scratch, 0, length);
              expect(table.values[entry]).toBe(value);
              expect(table.text(entry)).toBe(id);
            }
          },
        ),
        { seed: SEED, numRuns: fcRuns(30) },
      );
    },
  );

  it('tells apart two ids of 8 bytes with one hash (found by search), whose bytes it compares', () => {
    const [first, second] = ['hgiycrba', 'hqrgwhha'].map(inBuffer);
    expect(hashOf(...first!)).toBe(hashOf(...second!));
    const table = new BytesTable();
    table.add(...first!, 1);
    expect(table.find(...second!)).toBe(-1);
    table.add(...second!, 2);
    expect(table.values[table.find(...first!)]).toBe(1);
    expect(table.values[table.find(...second!)]).toBe(2);
    expect(table.text(table.find(...second!))).toBe('hqrgwhha');
  });

  it('finds the latest of a million ids added and removed in turn (rehashes, arena compactions)', () => {
    const table = new BytesTable();
    const live: number[] = [];
    for (let n = 1; n <= 1_000_000; n++) {
      const [bytes, start, end] = inBuffer(`o${n}`);
      live.push(table.add(bytes, start, end, n));
      if (live.length > 1000) table.remove(live.shift()!);
    }
    expect(table.size).toBe(1000);
    const [bytes, start, end] = inBuffer('o999999');
    expect(table.values[table.find(bytes, start, end)]).toBe(999_999);
    expect(table.find(...inBuffer('o5'))).toBe(-1);
  });

  describe('a steady churn of ids', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('rebuilds its buckets and arena into the arrays the last rebuild left: no allocation', () => {
      const table = new BytesTable();
      const live: number[] = [];
      const churn = (from: number, to: number) => {
        for (let n = from; n < to; n++) {
          const [bytes, start, end] = inBuffer(`o${String(n).padStart(7, '0')}`);
          live.push(table.add(bytes, start, end, n));
          if (live.length > 1000) table.remove(live.shift()!);
        }
      };
      churn(0, 100_000); // the table reaches its sizes
      let allocated = 0;
      spyOnTypedArrays(['Uint8Array', 'Int32Array', 'Float64Array'], () => allocated++);
      const arenas = new Set<Uint8Array>();
      for (let from = 100_000; from < 300_000; from += 1000) {
        churn(from, from + 1000);
        arenas.add(table.arena);
      }
      expect(allocated).toBe(0);
      expect(arenas.size).toBe(2);
      expect(table.values[table.find(...inBuffer('o0299999'))]).toBe(299_999);
    });
  });

  it('adds a staged key where it was staged, unless a find came between', () => {
    const table = new BytesTable();
    const [bytes, start, end] = inBuffer('o1');
    expect(table.find(bytes, start, end)).toBe(-1);
    const at = table.stage(bytes, start, end);
    expect(utf8Text(table.arena, at, at + 2)).toBe('o1');
    bytes[start + 1] = 0x32; // the buffer changes (the next batch): the staged key does not
    const entry = table.add(bytes, start, end, 7);
    expect([table.keyStart(entry), table.text(entry)]).toEqual([at, 'o1']);
    expect(table.find(...inBuffer('o2'))).toBe(-1);
    table.stage(...inBuffer('o3'));
    expect(table.find(bytes, start, end)).toBe(-1); // 'o2' now, staged by nobody
    expect(table.text(table.add(bytes, start, end, 8))).toBe('o2');
  });

  it('takes each arena from its SharedArenas, and writes no arena again once it left it', () => {
    const handed: Uint8Array[] = [];
    const table = new BytesTable();
    table.shareArenas({
      next: (capacity) => (handed.push(new Uint8Array(capacity)), handed.at(-1)!),
    });
    expect(handed.map((arena) => arena.length)).toEqual([1 << 20]);
    const live: number[] = [];
    const kept: [Uint8Array, number, string][] = [];
    for (let n = 0; n < 300_000; n++) {
      const id = `o${String(n).padStart(7, '0')}`;
      const [bytes, start, end] = inBuffer(id);
      table.find(bytes, start, end);
      const at = table.stage(bytes, start, end);
      const entry = table.add(bytes, start, end, n);
      expect(table.keyStart(entry)).toBe(at);
      if (n % 1000 === 0) kept.push([table.arena, at, id]);
      live.push(entry);
      if (live.length > 1000) table.remove(live.shift()!);
    }
    expect(handed.length).toBeGreaterThan(2); // every one new: the SharedArenas decides reuse
    expect(new Set(handed).size).toBe(handed.length);
    for (const [arena, at, id] of kept) expect(utf8Text(arena, at, at + id.length)).toBe(id);
    expect(table.values[table.find(...inBuffer('o0299999'))]).toBe(299_999);
  });

  it('hashes a key it just looked up once, and again once encode rewrote the scratch bytes', () => {
    const table = new BytesTable();
    table.find(table.scratch, 0, table.encode('o1'));
    const length = table.encode('o2'); // the same scratch bytes, another key
    const entry = table.add(table.scratch, 0, length, 7);
    expect(table.find(table.scratch, 0, table.encode('o2'))).toBe(entry);
    const [bytes, start, end] = inBuffer('o3');
    expect(table.find(bytes, start, end)).toBe(-1);
    const o3 = table.add(bytes, start, end, 8);
    expect(table.find(...inBuffer('o3'))).toBe(o3);
  });
});
