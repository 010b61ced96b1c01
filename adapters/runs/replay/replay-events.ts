/**
 * What the replay writes of the driver's events: each trade and each final order goes to a
 * LineSink as the core's event with its scenario ids attached, after its accounts are named.
 */
import type { Venue, VenueCore } from '../../../src/index.js';
import type { DriverObserver, ScenarioOrder, ScenarioTrade } from '../../flow/driver/index.js';
import type { LineSink } from './line-formatter.js';

export class ReplayEvents implements DriverObserver {
  readonly #core: VenueCore;
  /** By account id: 1 once the sink knows its name. */
  #named = new Uint8Array(1 << 10);

  constructor(
    venue: Venue,
    private readonly sink: LineSink,
  ) {
    this.#core = venue.core;
  }

  trade(trade: ScenarioTrade): void {
    this.#name(trade.event.makerAccount);
    this.#name(trade.event.takerAccount);
    this.sink.trade(trade);
  }

  final(order: ScenarioOrder): void {
    this.#name(order.event.account);
    this.sink.final(order);
  }

  /** Names `account` to the sink the first time. */
  #name(account: number): void {
    if (account >= this.#named.length) {
      const named = new Uint8Array(Math.max(account + 1, this.#named.length * 2));
      named.set(this.#named);
      this.#named = named;
    }
    if (this.#named[account] === 0) {
      this.#named[account] = 1;
      this.sink.nameAccount(account, this.#core.store.accounts.name(account));
    }
  }
}
