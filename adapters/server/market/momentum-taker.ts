import type { SeededRandom } from '../../../src/index.js';
import type { AgentConfig } from './agent-config.js';
import { randomInterval, type Agent, type FairValue } from './fair-value.js';
import type { MarketVenue } from './market-venue.js';

/**
 * Samples the last price at each wake; once it holds `longWindow` samples, it sends a market order
 * worth `notional` in the direction of the trend when the mean of the last `shortWindow` samples is
 * more than `thresholdBps` above (buy) or below (sell) the mean of all of them.
 */
export class MomentumTaker implements Agent {
  /** The last `longWindow` prices, in ticks, oldest first. */
  readonly #prices: number[] = [];
  readonly #threshold: number;

  constructor(
    readonly market: MarketVenue,
    readonly fair: FairValue,
    readonly account: string,
    readonly config: AgentConfig['momentum'],
    readonly random: SeededRandom,
  ) {
    this.#threshold = fair.grid.bpsTicks(config.thresholdBps, 0);
  }

  act(): number {
    const { config } = this;
    const grid = this.fair.grid;
    const symbol = grid.instrument.symbol;
    const ticker = this.market.venue.ticker(symbol);
    if (ticker.ok && ticker.value.price !== null) {
      this.#prices.push(grid.ticksOf(ticker.value.price));
      if (this.#prices.length > config.longWindow) this.#prices.shift();
    }
    const side = this.#trend();
    if (side !== null) {
      const last = this.#prices.at(-1)!;
      const size = grid.size(grid.sizeUnits(config.notional, last));
      this.market.place({ account: this.account, symbol, side, type: 'market', size });
    }
    return randomInterval(this.random, config.intervalMs);
  }

  /** Compares the two means without dividing: short/S - long/L against the threshold, times S*L. */
  #trend(): 'buy' | 'sell' | null {
    const { shortWindow: s, longWindow: l } = this.config;
    if (this.#prices.length < l) return null;
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const difference = sum(this.#prices.slice(-s)) * l - sum(this.#prices) * s;
    const bar = this.#threshold * s * l;
    return difference > bar ? 'buy' : difference < -bar ? 'sell' : null;
  }
}
