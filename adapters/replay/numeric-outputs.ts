/**
 * What the replay writes of the driver's events: each trades.csv and orders.csv line is written
 * from the core's numbers and the order store's columns (the orders' slots are still held while
 * their command runs), its amounts as digits straight into the file's buffer: no record and no
 * line string per trade or final order.
 */
import { ORDER_STATUSES, type Instrument, type Venue, type VenueCore } from '../../src/index.js';
import { csvCell, formatScenarioTime } from '../csv/index.js';
import type { DriverObserver } from '../driver/index.js';
import type { LineWriter } from '../output/output-files.js';

export interface ReplaySinks {
  readonly trades: LineWriter;
  readonly orders: LineWriter;
}

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const ZERO = 0x30;
const ZULU = 0x5a;

export class ReplayEvents implements DriverObserver {
  readonly #core: VenueCore;
  readonly #instruments: readonly Instrument[];
  /** The last trade's second, and its time up to the point (`2026-01-05T00:00:01.`). */
  #second = NaN;
  #secondText = '';

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
    const out = this.sinks.trades;
    out.write('t_');
    out.fixed(trade, 0);
    out.byte(COMMA);
    this.#writeTime(out, time);
    out.byte(COMMA);
    out.write(instrument.symbol);
    out.byte(COMMA);
    out.fixed(priceTicks * instrument.tickUnits, instrument.priceDecimals);
    out.byte(COMMA);
    out.fixed(sizeLots * instrument.lotUnits, instrument.sizeDecimals);
    out.byte(COMMA);
    out.write(store.side(taker));
    out.byte(COMMA);
    out.write(csvCell(makerId!));
    out.byte(COMMA);
    out.write(csvCell(takerId!));
    out.byte(COMMA);
    out.write(csvCell(store.accountName(orders.slot(makerSequence))));
    out.byte(COMMA);
    out.write(csvCell(store.accountName(taker)));
    out.byte(NEWLINE);
  }

  numericFinal(sequence: number, status: number, scenarioId: string): void {
    const { store, orders } = this.#core;
    const slot = orders.slot(sequence);
    const instrument = this.#instruments[store.book[slot]!]!;
    const out = this.sinks.orders;
    out.write(csvCell(scenarioId));
    out.byte(COMMA);
    out.write(csvCell(store.accountName(slot)));
    out.byte(COMMA);
    out.write(instrument.symbol);
    out.byte(COMMA);
    out.write(store.side(slot));
    out.byte(COMMA);
    out.write(store.type(slot));
    out.byte(COMMA);
    if (!store.isMarket(slot)) out.fixed(store.price[slot]!, instrument.priceDecimals);
    out.byte(COMMA);
    out.fixed(store.size[slot]!, instrument.sizeDecimals);
    out.byte(COMMA);
    out.fixed(store.filled[slot]!, instrument.sizeDecimals);
    out.byte(COMMA);
    out.write(ORDER_STATUSES[status]!);
    out.byte(NEWLINE);
  }

  /** `formatScenarioTime(ms)`, whose text up to the milliseconds is made once per second. */
  #writeTime(out: LineWriter, ms: number): void {
    let millis = ms - this.#second;
    if (!(millis >= 0 && millis < 1000)) {
      millis = ((ms % 1000) + 1000) % 1000;
      this.#second = ms - millis;
      this.#secondText = formatScenarioTime(this.#second).slice(0, -4);
    }
    out.write(this.#secondText);
    out.byte(ZERO + Math.floor(millis / 100));
    out.byte(ZERO + (Math.floor(millis / 10) % 10));
    out.byte(ZERO + (millis % 10));
    out.byte(ZULU);
  }
}
