/**
 * What the replay writes of the driver's events: each trades.csv and orders.csv line
 * is formatted from the core's numbers and the order store's columns (the orders' slots are still
 * held while their command runs), so no record is built per trade or final order.
 */
import {
  formatPrice,
  formatSize,
  ORDER_STATUSES,
  type Instrument,
  type Venue,
  type VenueCore,
} from '../../src/index.js';
import { csvCell, formatScenarioTime } from '../csv/index.js';
import type { DriverObserver } from '../driver/index.js';

export interface ReplaySinks {
  readonly trades: { write(text: string): void };
  readonly orders: { write(text: string): void };
}

export class ReplayEvents implements DriverObserver {
  readonly #core: VenueCore;
  readonly #instruments: readonly Instrument[];

  constructor(
    venue: Venue,
    private readonly sinks: ReplaySinks,
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
    makerId: string | undefined,
    takerId: string | undefined,
  ): void {
    const { store, orders } = this.#core;
    const instrument = this.#instruments[book]!;
    const taker = orders.slot(takerSequence);
    const price = formatPrice(instrument, priceTicks * instrument.tickUnits);
    const size = formatSize(instrument, sizeLots * instrument.lotUnits);
    const makerAccount = store.accountName(orders.slot(makerSequence));
    this.sinks.trades.write(
      `t_${trade},${formatScenarioTime(time)},${instrument.symbol},${price},${size},${store.side(taker)},${csvCell(makerId!)},${csvCell(takerId!)},${csvCell(makerAccount)},${csvCell(store.accountName(taker))}\n`,
    );
  }

  numericFinal(sequence: number, status: number, scenarioId: string): void {
    const { store, orders } = this.#core;
    const slot = orders.slot(sequence);
    const instrument = this.#instruments[store.book[slot]!]!;
    const price = store.isMarket(slot) ? '' : formatPrice(instrument, store.price[slot]!);
    const size = formatSize(instrument, store.size[slot]!);
    const filled = formatSize(instrument, store.filled[slot]!);
    this.sinks.orders.write(
      `${csvCell(scenarioId)},${csvCell(store.accountName(slot))},${instrument.symbol},${store.side(slot)},${store.type(slot)},${price},${size},${filled},${ORDER_STATUSES[status]}\n`,
    );
  }
}
