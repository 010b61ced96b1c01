/**
 * What the replay writes of the driver's events: each trades.csv and orders.csv line is written
 * from the core's numbers and the order store's columns (the orders' slots are still held while
 * their command runs), its amounts and times as digits and its ids as their bytes straight into
 * the file's buffer: no record, no line string and no id string per trade or final order.
 */
import { ORDER_STATUSES, type Instrument, type Venue, type VenueCore } from '../../src/index.js';
import { cellNeedsQuotes, csvCell, formatScenarioTime } from '../csv/index.js';
import type { DriverObserver, ScenarioIdView } from '../driver/index.js';
import type { LineWriter } from '../output/output-files.js';

export interface ReplaySinks {
  readonly trades: LineWriter;
  readonly orders: LineWriter;
}

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const COLON = 0x3a;
const POINT = 0x2e;
const ZERO = 0x30;
const ZULU = 0x5a;
const DAY_MS = 86_400_000;

/** A text as the bytes of its CSV cell, made once. */
const cellBytes = (text: string): Uint8Array => Buffer.from(csvCell(text), 'utf8');
const BUY = cellBytes('buy');
const SELL = cellBytes('sell');
const LIMIT = cellBytes('limit');
const MARKET = cellBytes('market');
const STATUS_CELLS = ORDER_STATUSES.map(cellBytes);

function writeCell(out: LineWriter, cell: Uint8Array): void {
  out.bytes(cell, 0, cell.length);
}

/** `value` (0-99) as two digits. */
function twoDigits(out: LineWriter, value: number): void {
  out.byte(ZERO + Math.floor(value / 10));
  out.byte(ZERO + (value % 10));
}

export class ReplayEvents implements DriverObserver {
  readonly #core: VenueCore;
  readonly #instruments: readonly Instrument[];
  readonly #symbolCells: readonly Uint8Array[];
  /** By account id, made as the accounts appear. */
  readonly #accountCells: Uint8Array[] = [];
  /** The last trade's day (its first millisecond), and its text up to the time (`2026-01-05T`). */
  #day = NaN;
  #dayText = '';

  constructor(
    venue: Venue,
    private readonly sinks: ReplaySinks,
  ) {
    this.#core = venue.core;
    this.#instruments = venue.instruments();
    this.#symbolCells = this.#instruments.map((instrument) => cellBytes(instrument.symbol));
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
    const taker = orders.slot(takerSequence);
    const out = this.sinks.trades;
    out.write('t_');
    out.fixed(trade, 0);
    out.byte(COMMA);
    this.#writeTime(out, time);
    out.byte(COMMA);
    writeCell(out, this.#symbolCells[book]!);
    out.byte(COMMA);
    out.fixed(priceTicks * instrument.tickUnits, instrument.priceDecimals);
    out.byte(COMMA);
    out.fixed(sizeLots * instrument.lotUnits, instrument.sizeDecimals);
    out.byte(COMMA);
    writeCell(out, store.isSell(taker) ? SELL : BUY);
    out.byte(COMMA);
    writeId(out, makerId);
    out.byte(COMMA);
    writeId(out, takerId);
    out.byte(COMMA);
    this.#writeAccount(out, orders.slot(makerSequence));
    out.byte(COMMA);
    this.#writeAccount(out, taker);
    out.byte(NEWLINE);
  }

  numericFinal(sequence: number, status: number, scenarioId: ScenarioIdView): void {
    const { store, orders } = this.#core;
    const slot = orders.slot(sequence);
    const book = store.book[slot]!;
    const instrument = this.#instruments[book]!;
    const out = this.sinks.orders;
    writeId(out, scenarioId);
    out.byte(COMMA);
    this.#writeAccount(out, slot);
    out.byte(COMMA);
    writeCell(out, this.#symbolCells[book]!);
    out.byte(COMMA);
    writeCell(out, store.isSell(slot) ? SELL : BUY);
    out.byte(COMMA);
    writeCell(out, store.isMarket(slot) ? MARKET : LIMIT);
    out.byte(COMMA);
    if (!store.isMarket(slot)) out.fixed(store.price[slot]!, instrument.priceDecimals);
    out.byte(COMMA);
    out.fixed(store.size[slot]!, instrument.sizeDecimals);
    out.byte(COMMA);
    out.fixed(store.filled[slot]!, instrument.sizeDecimals);
    out.byte(COMMA);
    writeCell(out, STATUS_CELLS[status]!);
    out.byte(NEWLINE);
  }

  /** The account of the order at `slot`, as its CSV cell. */
  #writeAccount(out: LineWriter, slot: number): void {
    const { store } = this.#core;
    const account = store.account[slot]!;
    writeCell(out, (this.#accountCells[account] ??= cellBytes(store.accountName(slot))));
  }

  /** `formatScenarioTime(ms)`, its day's text made once per day, the rest written as digits. */
  #writeTime(out: LineWriter, ms: number): void {
    let clock = ms - this.#day;
    if (!(clock >= 0 && clock < DAY_MS)) {
      const text = formatScenarioTime(ms);
      if (text.length !== 24) return out.write(text); // a year beyond 9999: as it is
      clock = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
      this.#day = ms - clock;
      this.#dayText = text.slice(0, 11);
    }
    out.write(this.#dayText);
    const seconds = Math.floor(clock / 1000);
    const minutes = Math.floor(seconds / 60);
    twoDigits(out, Math.floor(minutes / 60));
    out.byte(COLON);
    twoDigits(out, minutes % 60);
    out.byte(COLON);
    twoDigits(out, seconds % 60);
    out.byte(POINT);
    const millis = clock % 1000;
    out.byte(ZERO + Math.floor(millis / 100));
    twoDigits(out, millis % 100);
    out.byte(ZULU);
  }
}

/** A scenario id as a CSV cell: its bytes as they are, unless csvCell would quote it. */
function writeId(out: LineWriter, id: ScenarioIdView): void {
  const { bytes, start, end } = id;
  if (start === end || cellNeedsQuotes(bytes, start, end)) out.write(csvCell(id.text()!));
  else out.bytes(bytes, start, end);
}
