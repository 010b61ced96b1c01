/**
 * Which combinations a run takes: every one, or N drawn without repetition by a seeded generator
 * (splitmix64, so the same seed draws the same combinations on any machine), then, with
 * `--shard i/N`, every Nth of those from the ith.
 */

/** Combinations one sweep may run (all of the grid, or --random N). */
export const MAX_RUN = 1_000_000;
/** Shards one sweep may be split into. */
export const MAX_SHARDS = 10_000;

export interface Shard {
  /** From 0, as Kubernetes' JOB_COMPLETION_INDEX counts. */
  readonly index: number;
  readonly count: number;
}

/** `count` distinct combination numbers below `total`, ascending (Floyd's sampling). */
export function drawCombinations(total: number, count: number, seed: bigint): number[] {
  const next = splitmix64(seed);
  const below = (bound: number): number => {
    const n = BigInt(bound);
    const limit = (1n << 64n) - ((1n << 64n) % n);
    for (;;) {
      const value = next();
      if (value < limit) return Number(value % n);
    }
  };
  const chosen = new Set<number>();
  for (let j = total - count; j < total; j++) {
    const pick = below(j + 1);
    chosen.add(chosen.has(pick) ? j : pick);
  }
  return [...chosen].sort((a, b) => a - b);
}

function splitmix64(seed: bigint): () => bigint {
  const mask = (1n << 64n) - 1n;
  let state = BigInt.asUintN(64, seed);
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  };
}

export function parseShard(text: string): Shard | string {
  const match = /^(0|[1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
  const usage = `--shard must be i/N with 0 <= i < N <= ${MAX_SHARDS} (i counts from 0); got "${text}"`;
  if (match === null) return usage;
  const [index, count] = [Number(match[1]), Number(match[2])];
  return index < count && count <= MAX_SHARDS ? { index, count } : usage;
}

/** The shard's slice: the combinations at positions index, index + count, ... of `selected`. */
export function shardOf(selected: readonly number[], shard: Shard | null): number[] {
  if (shard === null) return [...selected];
  return selected.filter((_, position) => position % shard.count === shard.index);
}

export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
