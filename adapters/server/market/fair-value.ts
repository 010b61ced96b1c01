import type { SeededRandom } from '../../../src/index.js';
import type { AgentConfig } from './agent-config.js';
import type { PriceGrid } from './price-grid.js';

/** Something the agent market wakes: it acts, then says how long until it acts again (ms). */
export interface Agent {
  act(): number;
}

/** An exponential wait with the given mean, in whole milliseconds, at least 1. */
export function randomInterval(random: SeededRandom, meanMs: number): number {
  return Math.max(1, Math.round(random.exponential(meanMs)));
}

/**
 * An instrument's fair value in ticks: a random walk of up to `volatilityBps` per step, pulled back
 * towards the reference price by `reversionPercent` of the distance, never below one tick.
 */
export class FairValue implements Agent {
  ticks: number;
  readonly #step: number;

  constructor(
    readonly grid: PriceGrid,
    readonly config: AgentConfig['fairValue'],
    readonly random: SeededRandom,
  ) {
    this.ticks = grid.referenceTicks;
    this.#step = grid.bpsTicks(config.volatilityBps, 0);
  }

  act(): number {
    const pull = Math.trunc(
      ((this.grid.referenceTicks - this.ticks) * this.config.reversionPercent) / 100,
    );
    this.ticks = Math.max(1, this.ticks + this.random.int(-this.#step, this.#step) + pull);
    return this.config.intervalMs;
  }
}
