/**
 * What the replay writes of the driver's events: each trade and each final order, read from the
 * core's numbers and the order store's columns (the orders' slots are still held while their
 * command runs), goes to a LineSink as numbers and id bytes.
 */
import type { Instrument, Venue, VenueCore } from '../../src/index.js';
import type { DriverObserver, ScenarioIdView } from '../driver/index.js';
import type { LineSink } from './line-formatter.js';

export class ReplayEvents implements DriverObserver {
  readonly #core: VenueCore;
  readonly #instruments: readonly Instrument[];
  /** By account id: 1 once the sink knows its name. */
  #named = new Uint8Array(1 << 10);

  constructor(
    venue: Venue,
    private readonly sink: LineSink,
  ) {
    this.#core = venue.core;
    this.#instruments = venue.instruments();
  }

  numericTrade(
    trade: number,
    book: number,
    priceTicks: number,
    sizeLots: number,
    makerSequence: number,
    takerSequence: number,
    time: number,
    makerId: ScenarioIdView,
    takerId: ScenarioIdView,
  ): void {
    const { store, orders } = this.#core;
    const instrument = this.#instruments[book]!;
    const maker = orders.slot(makerSequence);
    const taker = orders.slot(takerSequence);
    this.sink.trade(
      trade,
      time,
      book,
      priceTicks * instrument.tickUnits,
      sizeLots * instrument.lotUnits,
      store.isSell(taker),
      this.#account(maker),
      this.#account(taker),
      makerId,
      takerId,
    );
  }

  numericFinal(sequence: number, status: number, scenarioId: ScenarioIdView): void {
    const { store, orders } = this.#core;
    const slot = orders.slot(sequence);
    this.sink.final(
      scenarioId,
      this.#account(slot),
      store.book[slot]!,
      store.isSell(slot),
      store.isMarket(slot),
      store.price[slot]!,
      store.size[slot]!,
      store.filled[slot]!,
      status,
    );
  }

  /** The account of the order at `slot`, named to the sink the first time. */
  #account(slot: number): number {
    const store = this.#core.store;
    const account = store.account[slot]!;
    if (account >= this.#named.length) {
      const named = new Uint8Array(Math.max(account + 1, this.#named.length * 2));
      named.set(this.#named);
      this.#named = named;
    }
    if (this.#named[account] === 0) {
      this.#named[account] = 1;
      this.sink.nameAccount(account, store.accountName(slot));
    }
    return account;
  }
}
