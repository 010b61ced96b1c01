import fc from 'fast-check';
import { describe, it } from 'vitest';
import { newVenueSystem } from './model-harness.js';
import { venueCommandArb, venueModelProperty } from './venue-commands.js';

/** FC_SEED replays a run; CI uses a fixed seed, local runs a fresh one (shown in the test name). */
const seed = process.env.FC_SEED
  ? Number(process.env.FC_SEED)
  : process.env.CI
    ? 20_260_105
    : Date.now() % 2_147_483_647;
const numRuns = Number(process.env.FC_RUNS ?? 400);

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
