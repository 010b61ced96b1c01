import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Venue } from '../../src/index.js';
import { fcRuns, fcSeed } from '../fast-check-seed.js';
import { newVenueSystem, type VenueApi } from './model-harness.js';
import { mixedVenueApi, numericVenueApi } from './numeric-api.js';
import {
  postOnlyAmendSequencesArb,
  venueCommandArb,
  venueModelProperty,
} from './venue-commands.js';

/** A fixed seed unless FC_SEED says otherwise (see test/fast-check-seed.ts). */
const seed = fcSeed(20_260_105);
/** Per API; the three APIs together run more sequences than the single API used to (400). */
const numRuns = fcRuns(150);

const APIS: [string, (venue: Venue) => VenueApi][] = [
  ['the string API', (venue) => venue],
  ['the numeric path', numericVenueApi],
  ['both APIs, alternating', mixedVenueApi],
];

describe.each(APIS)('the venue through %s against the reference model', (_, api) => {
  it(
    `agrees on every command of random sequences (seed ${seed}, ${numRuns} runs)`,
    () => {
      fc.assert(
        venueModelProperty(() => newVenueSystem(api)),
        { seed, numRuns, verbose: 1 },
      );
    },
    // A CPU-bound budget (no waiting): generous, as the machine may be shared.
    60_000 + numRuns * 1_000,
  );

  it(`agrees on post-only makers amended across the book (seed ${seed}, ${numRuns} runs)`, () => {
    fc.assert(
      venueModelProperty(() => newVenueSystem(api), postOnlyAmendSequencesArb),
      {
        seed,
        numRuns,
      },
    );
  });

  it(
    `agrees with balances kept, and invariant 14 holds after every command (seed ${seed})`,
    () => {
      fc.assert(
        venueModelProperty(() => newVenueSystem(api, true)),
        { seed, numRuns: Math.ceil(numRuns / 3), verbose: 1 },
      );
    },
    60_000 + numRuns * 1_000,
  );

  // Opt-in (FC_LONG=1, a minute or two): one sequence long enough to pass the core's size
  // thresholds (its order store and index grow past 1024 orders).
  it.runIf(process.env.FC_LONG)(
    `agrees over one long sequence (seed ${seed})`,
    () => {
      const longSequence = fc.array(venueCommandArb, { minLength: 2200, maxLength: 2200 });
      fc.assert(
        venueModelProperty(() => newVenueSystem(api), longSequence),
        {
          seed,
          numRuns: 1,
        },
      );
    },
    300_000,
  );
});
