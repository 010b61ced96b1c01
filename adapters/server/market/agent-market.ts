/**
 * A seeded population of agents on a venue, in the style of ABIDES (docs/market.md): for each
 * instrument with a reference price, a fair value, liquidity providers, noise traders and momentum
 * takers. Pure: the time comes from the caller and the randomness from one SeededRandom, so the
 * same seed, configuration and times give the same commands.
 */
import { SeededRandom, type Venue } from '../../../src/index.js';
import type { AgentConfig } from './agent-config.js';
import { FairValue, randomInterval, type Agent } from './fair-value.js';
import { LiquidityProvider } from './liquidity-provider.js';
import { MarketVenue, type MarketHooks } from './market-venue.js';
import { MomentumTaker } from './momentum-taker.js';
import { NoiseTrader } from './noise-trader.js';
import { priceGridOf } from './price-grid.js';
import type { Scheduler } from './scheduler.js';

/** An agent whose wake is later than this (a busy or suspended process) is rescheduled from now. */
const MAX_LAG_MS = 1_000;
/** How long the market waits while the journal cannot be written. */
const PAUSE_MS = 1_000;

interface Wake {
  readonly agent: Agent;
  at: number;
}

export interface AgentMarketOptions {
  readonly venue: Venue;
  readonly config: AgentConfig;
  readonly seed: number;
  /** When the market starts: the providers quote then, the others wake later. */
  readonly start: number;
  readonly hooks?: MarketHooks;
}

export class AgentMarket {
  readonly #market: MarketVenue;
  /** In a fixed order, which breaks ties between agents due at the same time. */
  readonly #wakes: Wake[] = [];

  constructor(options: AgentMarketOptions) {
    const { config, start } = options;
    const market = new MarketVenue(options.venue, options.hooks);
    const random = new SeededRandom(options.seed);
    this.#market = market;
    const accounts = new Set<string>();
    const wake = (agent: Agent & { account?: string }, at: number) => {
      if (agent.account !== undefined) accounts.add(agent.account);
      this.#wakes.push({ agent, at });
    };
    for (const instrument of options.venue.instruments()) {
      const grid = priceGridOf(instrument);
      if (grid === null) continue;
      const fair = new FairValue(grid, config.fairValue, random);
      wake(fair, start + config.fairValue.intervalMs);
      for (let n = 1; n <= config.providers.count; n++) {
        const account = `agent-provider-${n}`;
        wake(new LiquidityProvider(market, fair, account, n - 1, config.providers, random), start);
      }
      for (let n = 1; n <= config.noise.count; n++) {
        const trader = new NoiseTrader(market, fair, `agent-noise-${n}`, config.noise, random);
        wake(trader, start + randomInterval(random, config.noise.intervalMs));
      }
      for (let n = 1; n <= config.momentum.count; n++) {
        const taker = new MomentumTaker(
          market,
          fair,
          `agent-momentum-${n}`,
          config.momentum,
          random,
        );
        wake(taker, start + randomInterval(random, config.momentum.intervalMs));
      }
    }
    // The previous run's orders (replayed from a journal) are cancelled before anyone acts.
    for (const account of accounts) market.claim(account);
  }

  /** When the next agent is due; Infinity when there is none. */
  nextAt(): number {
    return this.#wakes.reduce((next, wake) => Math.min(next, wake.at), Infinity);
  }

  /** Wakes every agent due at or before `now`, in time order (ties: the fixed order). */
  runDue(now: number): void {
    for (;;) {
      let due: Wake | undefined;
      for (const wake of this.#wakes)
        if (wake.at <= now && (due === undefined || wake.at < due.at)) due = wake;
      if (due === undefined) return;
      const from = Math.max(due.at, now - MAX_LAG_MS);
      due.at = from + (this.#market.acceptsWrites ? due.agent.act() : PAUSE_MS);
    }
  }

  /** Runs until `signal` is aborted. */
  async run(scheduler: Scheduler, signal: AbortSignal): Promise<void> {
    while (!signal.aborted && this.#wakes.length > 0) {
      await scheduler.wait(this.nextAt(), signal);
      if (!signal.aborted) this.runDue(scheduler.now());
    }
  }
}
