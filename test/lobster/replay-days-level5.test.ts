import { describe } from 'vitest';
import { SAMPLES, testSamples } from './sample-days.js';

// The level-5 days apart from replay-days.test.ts, so that the two files run in parallel.
describe('replaying an imported LOBSTER day reproduces its orderbook file (level 5)', () => {
  testSamples(SAMPLES.filter((sample) => sample.levels === 5));
});
