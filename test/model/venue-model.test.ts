import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fcRuns, fcSeed } from '../fast-check-seed.js';
import { newVenueSystem } from './model-harness.js';
import { venueCommandArb, venueModelProperty } from './venue-commands.js';

/** A fixed seed unless FC_SEED says otherwise (see test/fast-check-seed.ts). */
const seed = fcSeed(20_260_105);
const numRuns = fcRuns(400);

describe('the venue against the reference model', () => {
  it(
    `agrees on every command of random sequences (seed ${seed}, ${numRuns} runs)`,
    () => {
      fc.assert(venueModelProperty(newVenueSystem), { seed, numRuns, verbose: 1 });
    },
    30_000 + numRuns * 50,
  );

  // Opt-in (FC_LONG=1, a minute or two): one sequence long enough to pass the core's size
  // thresholds (its order store and index grow past 1024 orders).
  it.runIf(process.env.FC_LONG)(
    `agrees over one long sequence (seed ${seed})`,
    () => {
      const longSequence = fc.array(venueCommandArb, { minLength: 2200, maxLength: 2200 });
      fc.assert(venueModelProperty(newVenueSystem, longSequence), { seed, numRuns: 1 });
    },
    300_000,
  );
});
