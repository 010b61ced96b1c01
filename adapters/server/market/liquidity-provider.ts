import type { SeededRandom, Side } from '../../../src/index.js';
import { isResting } from '../../flow/driver/index.js';
import type { AgentConfig } from './agent-config.js';
import { randomInterval, type Agent, type FairValue } from './fair-value.js';
import type { MarketVenue } from './market-venue.js';

interface Quote {
  readonly side: Side;
  readonly ticks: number;
  readonly units: bigint;
}

/**
 * Quotes `levels` price levels a side around the fair value: level i (from 0) at
 * `halfSpread + i * levelSpacing + offset` ticks from it, worth `(i + 1) * levelNotional`. Each wake
 * it keeps the orders still whole at a wanted level, cancels the others (taken in part, or the fair
 * value moved) and places what is missing: what was taken is refilled.
 */
export class LiquidityProvider implements Agent {
  /** Own resting orders: venue id -> the level (`side ticks`) it quotes. */
  readonly #orders = new Map<string, string>();
  readonly #halfSpread: number;
  readonly #spacing: number;

  constructor(
    readonly market: MarketVenue,
    readonly fair: FairValue,
    readonly account: string,
    /** Ticks added to every distance, so that providers quote apart. */
    readonly offset: number,
    readonly config: AgentConfig['providers'],
    readonly random: SeededRandom,
  ) {
    this.#halfSpread = fair.grid.bpsTicks(config.halfSpreadBps, 1);
    this.#spacing = fair.grid.bpsTicks(config.levelSpacingBps, 1);
  }

  act(): number {
    const { venue } = this.market;
    const grid = this.fair.grid;
    const wanted = this.#ladder();
    for (const [id, level] of this.#orders) {
      const found = venue.getOrder(this.account, id);
      const resting = found.ok && isResting(found.value.status);
      if (resting && grid.sizeUnitsOf(found.value.remainingSize) === wanted.get(level)?.units) {
        wanted.delete(level);
        continue;
      }
      if (resting) this.market.cancel(this.account, id);
      this.#orders.delete(id);
    }
    for (const [level, quote] of wanted) {
      const placed = this.market.place({
        account: this.account,
        symbol: grid.instrument.symbol,
        side: quote.side,
        type: 'limit',
        price: grid.price(quote.ticks),
        size: grid.size(quote.units),
      });
      if (placed.ok && isResting(placed.value.status)) this.#orders.set(placed.value.id, level);
    }
    return randomInterval(this.random, this.config.intervalMs);
  }

  #ladder(): Map<string, Quote> {
    const ladder = new Map<string, Quote>();
    const fair = this.fair.ticks;
    for (let level = 0; level < this.config.levels; level++) {
      const distance = this.#halfSpread + level * this.#spacing + this.offset;
      for (const side of ['buy', 'sell'] as const) {
        const ticks = side === 'buy' ? fair - distance : fair + distance;
        if (ticks < 1) continue;
        const units = this.fair.grid.sizeUnits((level + 1) * this.config.levelNotional, ticks);
        ladder.set(`${side} ${ticks}`, { side, ticks, units });
      }
    }
    return ladder;
  }
}
