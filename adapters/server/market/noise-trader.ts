import type { SeededRandom } from '../../../src/index.js';
import { isResting } from '../../flow/driver/index.js';
import type { AgentConfig } from './agent-config.js';
import { randomInterval, type Agent, type FairValue } from './fair-value.js';
import type { MarketVenue } from './market-venue.js';

/**
 * Trades at random: a side, a notional from `minNotional` to `maxNotional`, a market order
 * `marketPercent` of the time, else a limit order up to `limitOffsetBps` either side of the fair
 * value (on the far side, it takes). It keeps at most `maxOpenOrders` resting: the oldest go first.
 */
export class NoiseTrader implements Agent {
  /** Own resting orders, oldest first. */
  #open: string[] = [];
  readonly #offset: number;

  constructor(
    readonly market: MarketVenue,
    readonly fair: FairValue,
    readonly account: string,
    readonly config: AgentConfig['noise'],
    readonly random: SeededRandom,
  ) {
    this.#offset = fair.grid.bpsTicks(config.limitOffsetBps, 0);
  }

  act(): number {
    const { random, config, account } = this;
    const grid = this.fair.grid;
    const side = random.int(0, 1) === 0 ? 'buy' : 'sell';
    const notional = random.int(config.minNotional, config.maxNotional);
    const isMarket = random.int(0, 99) < config.marketPercent;
    const offset = random.int(-this.#offset, this.#offset);
    const ticks = Math.max(1, side === 'buy' ? this.fair.ticks - offset : this.fair.ticks + offset);
    this.#makeRoom();
    const size = grid.size(grid.sizeUnits(notional, ticks));
    const symbol = grid.instrument.symbol;
    const placed = isMarket
      ? this.market.place({ account, symbol, side, type: 'market', size })
      : this.market.place({ account, symbol, side, type: 'limit', price: grid.price(ticks), size });
    if (placed.ok && isResting(placed.value.status)) this.#open.push(placed.value.id);
    return randomInterval(random, config.intervalMs);
  }

  /** Forgets orders no longer resting, then cancels the oldest until one more may rest. */
  #makeRoom(): void {
    const { venue } = this.market;
    this.#open = this.#open.filter((id) => {
      const found = venue.getOrder(this.account, id);
      return found.ok && isResting(found.value.status);
    });
    while (this.#open.length >= this.config.maxOpenOrders)
      this.market.cancel(this.account, this.#open.shift()!);
  }
}
