/**
 * The one way scenario rows reach a Venue: sets the clock to the row's time, turns the row into a
 * command on the order its scenario id names, refuses a `new` reusing a live order's id, and
 * reports what happens to the orders it placed under their scenario ids. A row comes in as a
 * ScenarioRow decoded once into an OrderCommand (`feed`), as an OrderCommand (`submit`,
 * `submitBytes`: straight to `venue.core`, no record built), or as a ScenarioRow through the
 * string API (`apply`, for a caller that reads the order's record or gives venue order ids).
 * RowOrderReports follows the orders and tells the observer.
 */
import {
  ACTION_AMEND,
  ACTION_NEW,
  ACTION_REDUCE,
  bookMissing,
  gridCommandError,
  orderNotFound,
  REFUSED_PRICE,
  REFUSED_UNKNOWN_SYMBOL,
  type VenueError,
  type Instrument,
  type OrderCommand,
  type OrderRecord,
  type Venue,
  type VenueCore,
} from '../../../src/index.js';
import { ORDER_STATUS_CODES } from '../../../src/codes.js';
import { orderId, orderSequence } from '../../../src/order.js';
import {
  decodeRowCommand,
  ROW_DECLINED,
  ROW_TAKEN,
  RowRefusal,
  type ScenarioClock,
  type ScenarioRow,
} from '../index.js';
import type { SharedArenas } from '../../bytes-table.js';
import { applyScenarioRow, type ApplyOptions } from './apply-row.js';
import type { DriverObserver, DriverOptions, Refusal } from './driver-reports.js';
import { ScenarioRowFields } from './plain-row.js';
import { RowOrderReports } from './row-order-reports.js';
import { ScenarioIdView } from './scenario-id-view.js';
import type { NumberedKeys } from './numbered-keys.js';
import { ScenarioIds } from './scenario-ids.js';

/** Final orders remembered (give the venue the same `orderRetention`) to answer order_not_open. */
export const FINAL_ORDER_RETENTION = 1000;

export class ScenarioDriver {
  rowCount = 0;
  readonly #venue: Venue;
  readonly #core: VenueCore;
  readonly #clock: ScenarioClock;
  readonly #ids: ScenarioIds;
  readonly #applyOptions: ApplyOptions;
  readonly #venueIds: boolean;
  /** The id of the row being applied: the taker of its trades. */
  readonly #row = new ScenarioIdView();
  readonly #reports: RowOrderReports;
  /** The decoded rows' command, filled in place for each. */
  readonly #command: OrderCommand;
  readonly #fields: ScenarioRowFields;
  readonly #instruments: readonly Instrument[];
  #lastOrder: OrderRecord | null = null;
  /** The last command the core refused (its fields give the refusal's words). */
  #refusedCommand: OrderCommand | null = null;
  /** A field of the row `feed` decodes that the decoder refused. */
  readonly #rowRefusal = new RowRefusal();
  /** Whether the ids' arenas are shared (`shareIds`): a new row's id is then viewed there. */
  #idsShared = false;
  /** The time `submit` gives `submitBytes`. */
  readonly #time = new Float64Array(1);

  constructor(
    venue: Venue,
    clock: ScenarioClock,
    observer: DriverObserver = {},
    options: DriverOptions = {},
  ) {
    this.#venue = venue;
    this.#core = venue.core;
    this.#command = venue.core.newCommand();
    this.#fields = new ScenarioRowFields(venue.core, (id) => this.#orderBook(id));
    this.#instruments = venue.core.books.map((book) => book.instrument);
    this.#ids = new ScenarioIds(venue.core, FINAL_ORDER_RETENTION);
    this.#clock = clock;
    this.#venueIds = options.venueIds === true;
    const venueOrderId = this.#venueIds
      ? (id: string) => id
      : (scenarioId: string) => {
          const entry = this.#ids.findText(scenarioId);
          return entry < 0 ? undefined : orderId(this.#ids.sequenceOf(entry));
        };
    this.#applyOptions = { clock, venueOrderId };
    this.#reports = new RowOrderReports(venue, this.#ids, this.#row, observer);
  }

  /**
   * Applies one row through the string API (Venue.placeOrder and its kin), for callers that read
   * the record of the row's order (`lastOrder`) or give venue order ids (`venueIds`); a refusal
   * is returned (and nothing changed), never thrown. Other callers `feed` the row.
   */
  apply(row: ScenarioRow): Refusal | null {
    this.rowCount++;
    const ids = this.#ids;
    if (row.action === 'new' && !this.#venueIds && ids.isLive(ids.findText(row.id))) {
      this.#lastOrder = null;
      return duplicateId(row.id);
    }
    this.#row.setText(row.id);
    const accounts = this.#core.accountCount;
    const result = applyScenarioRow(this.#venue, row, this.#applyOptions);
    this.#row.clear();
    this.#lastOrder = result.ok ? result.value : null;
    if (!result.ok) {
      // A refused row leaves no account behind (test/DECISIONS.md).
      if (this.#core.accountCount > accounts) this.#core.forgetAccount(accounts);
      const venueId = this.#applyOptions.venueOrderId(row.id);
      const { code, message } = result.error;
      return { code, message: venueId === undefined ? message : message.replace(venueId, row.id) };
    }
    if (row.action === 'new') {
      const order = result.value;
      const length = ids.encode(row.id);
      const bytes = ids.scratch;
      const sequence = orderSequence(order.id);
      const entry = ids.map(ids.find(bytes, 0, length), bytes, 0, length, sequence);
      const slot = this.#core.orders.slot(sequence);
      this.#reports.placed(slot, ORDER_STATUS_CODES.code(order.status), entry, order);
    }
    return null;
  }

  /**
   * Applies one row as `apply` does, as a command decoded once (decodeRowCommand) and given to
   * the core, without the string API; `lastOrder` is then null. A refusal has the words `apply`
   * gives: a field the decoder refuses is answered in its words (RowRefusal) unless the core
   * refuses an earlier field, a refusal of the core in gridCommandError's, an unknown symbol, an
   * id in use or an id naming no order in the string API's.
   */
  feed(row: ScenarioRow): Refusal | null {
    const refusal = this.#rowRefusal;
    this.#fields.row = row;
    const accounts = this.#core.accountCount;
    if (!decodeRowCommand(this.#fields, this.#instruments, this.#command, refusal)) {
      throw new RangeError(`a ${row.action} row was not decoded`);
    }
    const answer = this.submit(row.ts, row.id, this.#command);
    if (answer === ROW_TAKEN) return null;
    // The row's account, if it interned it: a refused row leaves no account behind.
    if (this.#command.account === accounts) this.#core.forgetAccount(accounts);
    if (answer === ROW_DECLINED) return this.#declined(row);
    if (answer === REFUSED_UNKNOWN_SYMBOL) return this.#refused(bookMissing(row.symbol).error);
    const command = this.#command;
    if (
      answer === refusal.code &&
      !(answer === REFUSED_PRICE && command.action === ACTION_AMEND && this.#isMarket(command))
    ) {
      return this.#refused(refusal.error!);
    }
    return this.refusal(row.id, answer);
  }

  /** Whether the amended order is a market order (its price is refused before it is read). */
  #isMarket(command: OrderCommand): boolean {
    const core = this.#core;
    return core.store.isMarket(core.orders.slot(command.target));
  }

  /** A row `submit` declined: a `new` reusing a live order's id, or an id naming no order. */
  #declined(row: ScenarioRow): Refusal {
    if (row.action === 'new') return this.#refused(duplicateId(row.id));
    this.#clock.now = row.ts;
    return this.#refused(orderNotFound(row.id).error);
  }

  #refused(error: VenueError | Refusal): Refusal {
    this.rowCount++;
    this.#lastOrder = null;
    const { code, message } = error;
    return { code, message };
  }

  /**
   * The words of the core's refusal `code` of the command `submit` or `submitBytes` was last
   * given (gridCommandError), for its row, whose scenario id is `id`; the row is counted.
   */
  refusal(id: string, code: number): Refusal {
    this.rowCount++;
    this.#lastOrder = null;
    const { code: refusalCode, message } = gridCommandError(
      this.#core,
      this.#refusedCommand!,
      code,
      id,
    );
    return { code: refusalCode, message };
  }

  /**
   * A row's command (`feed`, flow-feed.ts) on the order with the scenario id `id`: for ACTION_NEW
   * the id it introduces, else the order whose sequence becomes the command's `target`. ROW_TAKEN
   * when applied; ROW_DECLINED when the id names a live order (new) or no order (the others), or
   * a reduce's or amend's order is not on the command's book (its lots and ticks would be another
   * instrument's: `feed` reads the row again on the order's book); or the core's refusal code
   * (< 0), whose words `refusal` gives. Nothing changed unless taken.
   */
  submit(ts: number, id: string, command: OrderCommand): number {
    const length = this.#ids.encode(id);
    this.#time[0] = ts;
    return this.submitBytes(this.#time, 0, this.#ids.scratch, 0, length, command, id);
  }

  /**
   * `submit` at the time `times[at]` (a time read from an array is not boxed, as a time beyond
   * 2^31 passed to a call is), with the row's id as the UTF-8 bytes `idBytes[idStart, idEnd)`
   * (read from a file); `idText` is the id as a string when the caller has it.
   */
  submitBytes(
    times: Float64Array,
    at: number,
    idBytes: Uint8Array,
    idStart: number,
    idEnd: number,
    command: OrderCommand,
    idText?: string,
  ): number {
    const ids = this.#ids;
    const entry = ids.find(idBytes, idStart, idEnd);
    const core = this.#core;
    if (command.action === ACTION_NEW) {
      if (ids.isLive(entry)) return ROW_DECLINED;
    } else {
      if (entry < 0) return ROW_DECLINED;
      command.target = ids.sequenceOf(entry);
      if (command.action === ACTION_REDUCE || command.action === ACTION_AMEND) {
        const slot = core.orders.slot(command.target);
        if (slot >= 0 && core.store.book(slot) !== command.book) return ROW_DECLINED;
      }
    }
    this.#clock.setFrom(times, at);
    if (this.#idsShared && command.action === ACTION_NEW)
      ids.viewNew(entry, idBytes, idStart, idEnd, this.#row, idText);
    else this.#row.set(idBytes, idStart, idEnd, idText);
    const sequence = core.submit(command);
    this.#row.clear();
    if (sequence < 0) {
      this.#refusedCommand = command;
      return sequence;
    }
    this.rowCount++;
    this.#lastOrder = null;
    if (command.action === ACTION_NEW) {
      const mapped = ids.map(entry, idBytes, idStart, idEnd, sequence);
      const decoded = this.#row.decoded;
      if (decoded !== undefined) ids.keepText(mapped, decoded);
      const slot = core.orders.slot(sequence);
      this.#reports.placed(slot, core.store.status(slot), mapped, null);
    }
    return ROW_TAKEN;
  }

  /**
   * From now on the rows' ids are known by the entries a feed numbers them with, each row's given
   * before the row (ScenarioIds.numbered); null when ids are mapped already or read back: by the
   * observer, or, `listed`, by the caller's `restingOrders`.
   */
  numberedIds(listed: boolean): NumberedKeys | null {
    return listed || this.#reports.readsIds ? null : this.#ids.numbered();
  }

  /** The ids' bytes kept in the arenas `arenas` gives (ScenarioIds.shareArenas); before any row. */
  shareIds(arenas: SharedArenas): void {
    this.#ids.shareArenas(arenas);
    this.#idsShared = true;
  }

  /** The book of the order the scenario id `id` names, -1 when none. */
  #orderBook(id: string): number {
    const entry = this.#ids.findText(id);
    if (entry < 0) return -1;
    const core = this.#core;
    const slot = core.orders.slot(this.#ids.sequenceOf(entry));
    return slot < 0 ? -1 : core.store.book(slot);
  }

  /** The record the last `apply` returned (the order it placed, cancelled or reduced); else null. */
  get lastOrder(): OrderRecord | null {
    return this.#lastOrder;
  }

  /** The row orders that became final, by status code. */
  get finalCounts(): Float64Array {
    return this.#reports.finalCounts;
  }

  get restingCount(): number {
    return this.#ids.liveCount;
  }

  /** The live (resting and pending) orders' current records with their scenario ids, oldest first. */
  *restingOrders(): Generator<[OrderRecord, string]> {
    for (const [sequence, scenarioId] of this.#ids.live())
      yield [this.#reports.record(sequence), scenarioId];
  }
}

/** The refusal of a `new` row reusing the id of an order that still rests. */
function duplicateId(id: string): Refusal {
  return { code: 'duplicate_id', message: `order id ${id} is already used by an open order` };
}
