/**
 * The seed and run count of the property tests. Fixed by default, so that every `npm test` checks
 * the same cases; `FC_SEED=<integer>` replays a seed, `FC_SEED=random` draws a fresh one (tests
 * show their seed in their name), `FC_RUNS=<n>` changes the number of runs where a test allows.
 */
export function fcSeed(fixed: number): number {
  const text = process.env['FC_SEED'];
  if (text === undefined || text === '') return fixed;
  if (text === 'random') return Date.now() % 2_147_483_647;
  if (!/^-?[0-9]{1,10}$/.test(text))
    throw new Error(`FC_SEED must be an integer or "random", got "${text}"`);
  return Number(text);
}

export function fcRuns(fallback: number): number {
  const text = process.env['FC_RUNS'];
  if (text === undefined || text === '') return fallback;
  if (!/^[1-9][0-9]{0,8}$/.test(text))
    throw new Error(`FC_RUNS must be a positive integer, got "${text}"`);
  return Number(text);
}
