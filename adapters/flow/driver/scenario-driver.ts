/**
 * The one way scenario rows reach a Venue: sets the clock to the row's time, turns the row into a
 * command on the order its scenario id names, refuses a `new` reusing a live order's id, and
 * reports what happens to the orders it placed under their scenario ids. A row comes in as a
 * ScenarioRow (`apply`, through the string API), or, for a plain `new`, `cancel` or `reduce`, as
 * an OrderCommand (`submit`: straight to `venue.core`, no record built).
 * RowOrderReports follows the orders and tells the observer.
 */
import {
  ACTION_AMEND,
  ACTION_NEW,
  ACTION_REDUCE,
  gridCommandError,
  type Instrument,
  type OrderCommand,
  type OrderRecord,
  type Sequence,
  type Venue,
  type VenueCore,
} from '../../../src/index.js';
import { ORDER_STATUS_CODES } from '../../../src/codes.js';
import { orderId, orderSequence } from '../../../src/order.js';
import { ROW_DECLINED, ROW_TAKEN, type ScenarioClock, type ScenarioRow } from '../index.js';
import { applyScenarioRow, type ApplyOptions } from './apply-row.js';
import type { DriverObserver, DriverOptions, Refusal } from './driver-reports.js';
import { feedPlainRow, ScenarioRowFields } from './plain-row.js';
import { RowOrderReports } from './row-order-reports.js';
import { ScenarioIdView } from './scenario-id-view.js';
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

  constructor(
    venue: Venue,
    clock: ScenarioClock,
    observer: DriverObserver = {},
    options: DriverOptions = {},
  ) {
    this.#venue = venue;
    this.#core = venue.core;
    this.#command = venue.core.newCommand();
    this.#fields = new ScenarioRowFields(venue.core);
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

  /** Applies one row; a refusal is returned (and nothing changed), never thrown. */
  apply(row: ScenarioRow): Refusal | null {
    this.rowCount++;
    const ids = this.#ids;
    if (row.action === 'new' && !this.#venueIds && ids.isLive(ids.findText(row.id))) {
      this.#lastOrder = null;
      return {
        code: 'duplicate_id',
        message: `order id ${row.id} is already used by an open order`,
      };
    }
    this.#row.setText(row.id);
    const result = applyScenarioRow(this.#venue, row, this.#applyOptions);
    this.#row.clear();
    this.#lastOrder = result.ok ? result.value : null;
    if (!result.ok) {
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
      this.#reports.placed(sequence, ORDER_STATUS_CODES.code(order.status), entry, order);
    }
    return null;
  }

  /**
   * Applies one row as `apply` does, but a plain `new`, `cancel` or `reduce` row (plain-row.ts)
   * goes to the core as a command, and `lastOrder` is then null: for callers that read no record of
   * the row's command. The core's refusal of it is answered in the string API's words
   * (`refusal`), without the string API; any other row goes to `apply`.
   */
  feed(row: ScenarioRow): Refusal | null {
    const answer = feedPlainRow(row, this.#fields, this.#instruments, this.#command, this);
    if (answer === ROW_TAKEN) return null;
    return answer === ROW_DECLINED ? this.apply(row) : this.refusal(row.id, answer);
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
   * A plain row's command (plain-row.ts, flow-feed.ts) on the order with the scenario id `id`:
   * for ACTION_NEW the id it introduces, else the order whose sequence becomes the command's
   * `target`. ROW_TAKEN when applied; ROW_DECLINED when the id names a live order (new) or no
   * order (the others), or a reduce's or amend's order is not on the command's book (its lots
   * and ticks would be another instrument's): give the row to `apply`; or the core's refusal code (< 0), whose words
   * `refusal` gives. Nothing changed unless taken.
   */
  submit(ts: number, id: string, command: OrderCommand): number {
    const length = this.#ids.encode(id);
    return this.submitBytes(ts, this.#ids.scratch, 0, length, command, id);
  }

  /**
   * `submit` with the row's id as the UTF-8 bytes `idBytes[idStart, idEnd)` (read from a file);
   * `idText` is the id as a string when the caller has it.
   */
  submitBytes(
    ts: number,
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
      command.target = ids.sequenceOf(entry) as Sequence;
      if (command.action === ACTION_REDUCE || command.action === ACTION_AMEND) {
        const slot = core.orders.slot(command.target);
        if (slot < 0 || core.store.book[slot] !== command.book) return ROW_DECLINED;
      }
    }
    this.#clock.now = ts;
    this.#row.set(idBytes, idStart, idEnd, idText);
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
      this.#reports.placed(sequence, core.store.status[core.orders.slot(sequence)]!, mapped, null);
    }
    return ROW_TAKEN;
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
