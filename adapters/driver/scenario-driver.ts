/**
 * The one way scenario rows reach a Venue: sets the clock to the row's time, turns the row into a
 * command on the order its scenario id names, refuses a `new` reusing a live order's id, and
 * reports what happens to the orders it placed under their scenario ids. A row comes in as a
 * ScenarioRow (`apply`, through the string API), or, for a plain `new`, `cancel` or `reduce`, as
 * numbers (`place`, `cancel`, `reduce`: straight to `venue.core`, no record built). The driver
 * follows the orders through the core's numeric events, and builds a record only for an observer
 * member that takes one.
 */
import {
  ORDER_STATUSES,
  STATUS_PENDING,
  STATUS_PARTIALLY_FILLED,
  type OrderRecord,
  type OrderStatus,
  type TradeRecord,
  type Venue,
  type VenueCore,
  type VenueErrorCode,
} from '../../src/index.js';
import type { ScenarioClock, ScenarioRow } from '../csv/index.js';
import { applyScenarioRow, type ApplyOptions } from './apply-row.js';
import { feedPlainRow } from './plain-row.js';
import { CurrentRow } from './current-row.js';
import { ScenarioIds } from './scenario-ids.js';

/** Final orders remembered (give the venue the same `orderRetention`) to answer order_not_open. */
export const FINAL_ORDER_RETENTION = 1000;

/** Why a valid row was not applied: the venue's codes, and `duplicate_id` (the driver's own). */
export type RefusalCode = VenueErrorCode | 'duplicate_id';

export interface Refusal {
  readonly code: RefusalCode;
  /** Names the order by its scenario id. */
  readonly message: string;
}

/**
 * What the driver reports, each under the scenario ids; every member is optional, and a record
 * is built only for the members that take one. `makerId` is undefined when the maker is not a
 * row's order, `takerId` when the trade happens outside a row.
 */
export interface DriverObserver {
  trade?(trade: TradeRecord, makerId: string | undefined, takerId: string | undefined): void;
  /** A trade in the core's numbers (its onTrade arguments). */
  numericTrade?(
    trade: number,
    book: number,
    priceTicks: number,
    sizeLots: number,
    makerSequence: number,
    takerSequence: number,
    time: number,
    makerId: string | undefined,
    takerId: string | undefined,
  ): void;
  /** A row's new order is live: it rests on the book, or waits for its trigger. */
  rested?(order: OrderRecord, scenarioId: string): void;
  /** A row's order became final: when placed (after its trades), or later while live. */
  final?(order: OrderRecord, scenarioId: string): void;
  /** The same, in numbers: the order's slot is still readable in `venue.core` meanwhile. */
  numericFinal?(sequence: number, status: number, scenarioId: string): void;
}

export interface DriverOptions {
  /**
   * The rows' ids are the venue's own order ids (a server journal): a cancel or reduce row names
   * the venue order directly, so the venue answers for every order it still holds, however long
   * ago it became final; a `new` row's id is not checked (the venue assigns it: compare it with
   * `lastOrder.id`). Rows go through `apply` only.
   */
  readonly venueIds?: boolean;
}

/** Whether an order with this status rests on the book. */
export function isResting(status: OrderStatus): boolean {
  return status === 'open' || status === 'partially_filled';
}

/** Resting, or a stop waiting for its trigger: what a row can still cancel, reduce or amend. */
export function isLive(status: OrderStatus): boolean {
  return isResting(status) || status === 'pending';
}

/** isLive of a status code. */
const isLiveCode = (status: number) =>
  status <= STATUS_PARTIALLY_FILLED || status === STATUS_PENDING;

const orderId = (sequence: number) => `ord_${sequence}`;

export class ScenarioDriver {
  rowCount = 0;
  readonly #venue: Venue;
  readonly #core: VenueCore;
  readonly #clock: ScenarioClock;
  readonly #observer: DriverObserver;
  readonly #ids: ScenarioIds;
  readonly #applyOptions: ApplyOptions;
  readonly #venueIds: boolean;
  readonly #row = new CurrentRow();
  #lastOrder: OrderRecord | null = null;
  /** The row orders that became final, by status code. */
  readonly finalCounts = new Float64Array(ORDER_STATUSES.length);

  constructor(
    venue: Venue,
    clock: ScenarioClock,
    observer: DriverObserver = {},
    options: DriverOptions = {},
  ) {
    this.#venue = venue;
    this.#core = venue.core;
    this.#ids = new ScenarioIds(venue.core, FINAL_ORDER_RETENTION);
    this.#clock = clock;
    this.#observer = observer;
    this.#venueIds = options.venueIds === true;
    const venueOrderId = this.#venueIds
      ? (id: string) => id
      : (scenarioId: string) => {
          const entry = this.#ids.findText(scenarioId);
          return entry < 0 ? undefined : orderId(this.#ids.sequenceOf(entry));
        };
    this.#applyOptions = { clock, venueOrderId };
    const numericTrade = observer.numericTrade?.bind(observer);
    this.#core.listen({
      ...(numericTrade === undefined
        ? {}
        : {
            onTrade: (trade, book, priceTicks, sizeLots, makerSequence, takerSequence, time) =>
              numericTrade(
                trade,
                book,
                priceTicks,
                sizeLots,
                makerSequence,
                takerSequence,
                time,
                this.#ids.liveId(makerSequence),
                this.#takerId(takerSequence),
              ),
          }),
      onOrder: (sequence, status) => {
        if (isLiveCode(status)) return;
        // A row's own order that is final when placed is reported once the row returns.
        const entry = this.#ids.liveEntry(sequence);
        if (entry >= 0) this.#finalized(sequence, status, entry, null);
      },
    });
    if (observer.trade !== undefined) {
      const trade = observer.trade.bind(observer);
      venue.subscribe(
        (event) => {
          if (event.type !== 'trade') return;
          const record = event.trade;
          const maker = this.#ids.liveId(sequenceOf(record.makerOrderId));
          trade(record, maker, this.#takerId(sequenceOf(record.takerOrderId)));
        },
        ['trade'],
      );
    }
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
    this.#row.enterText(row.id);
    const result = applyScenarioRow(this.#venue, row, this.#applyOptions);
    this.#row.leave();
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
      const sequence = sequenceOf(order.id);
      const entry = ids.map(ids.find(bytes, 0, length), bytes, 0, length, sequence);
      this.#placed(sequence, ORDER_CODES.get(order.status)!, entry, order);
    }
    return null;
  }

  /**
   * Applies one row as `apply` does, but a plain `new`, `cancel` or `reduce` row (plain-row.ts)
   * goes to the core as numbers, and `lastOrder` is then null: for callers that read no record of
   * the row's command.
   */
  feed(row: ScenarioRow): Refusal | null {
    return feedPlainRow(row, this.#core, this) ? null : this.apply(row);
  }

  /**
   * A `new` row in numbers (venue.core.place's arguments). True when applied; false when the core
   * refused it or the id names a live order: nothing was changed, give the row to `apply`, which
   * refuses it in words.
   */
  place(
    ts: number,
    id: string,
    account: number,
    book: number,
    side: number,
    type: number,
    timeInForce: number,
    flags: number,
    priceTicks: number,
    sizeLots: number,
  ): boolean {
    const length = this.#ids.encode(id);
    const bytes = this.#ids.scratch;
    return this.placeBytes(
      ts,
      bytes,
      0,
      length,
      account,
      book,
      side,
      type,
      timeInForce,
      flags,
      priceTicks,
      sizeLots,
      id,
    );
  }

  /**
   * `place` with the row's id as the UTF-8 bytes `idBytes[idStart, idEnd)` (read from a file);
   * `idText` is the id as a string when the caller has it.
   */
  placeBytes(
    ts: number,
    idBytes: Uint8Array,
    idStart: number,
    idEnd: number,
    account: number,
    book: number,
    side: number,
    type: number,
    timeInForce: number,
    flags: number,
    priceTicks: number,
    sizeLots: number,
    idText?: string,
  ): boolean {
    const ids = this.#ids;
    const entry = ids.find(idBytes, idStart, idEnd);
    if (ids.isLive(entry)) return false;
    this.#clock.now = ts;
    this.#row.enter(idBytes, idStart, idEnd, idText);
    const core = this.#core;
    const sequence = core.place(
      account,
      book,
      side,
      type,
      timeInForce,
      flags,
      priceTicks,
      sizeLots,
    );
    this.#row.leave();
    if (sequence < 0) return false;
    this.rowCount++;
    this.#lastOrder = null;
    const mapped = ids.map(entry, idBytes, idStart, idEnd, sequence);
    const decoded = this.#row.decoded;
    if (decoded !== undefined) ids.keepText(mapped, decoded);
    this.#placed(sequence, core.store.status[core.orders.slot(sequence)]!, mapped, null);
    return true;
  }

  /** A `cancel` row in numbers; false: nothing was changed, give the row to `apply`. */
  cancel(ts: number, id: string, account: number): boolean {
    const length = this.#ids.encode(id);
    return this.#takeOff(ts, this.#ids.scratch, 0, length, account, -1, 0, id);
  }

  /** `cancel` with the row's id as bytes, as `placeBytes`. */
  cancelBytes(
    ts: number,
    idBytes: Uint8Array,
    idStart: number,
    idEnd: number,
    account: number,
  ): boolean {
    return this.#takeOff(ts, idBytes, idStart, idEnd, account, -1, 0, undefined);
  }

  /**
   * A `reduce` row in numbers: its size in lots of `book`, the row's symbol (the order must be on
   * it, else the lots would be another instrument's); false: give the row to `apply`.
   */
  reduce(ts: number, id: string, account: number, book: number, sizeLots: number): boolean {
    const length = this.#ids.encode(id);
    return this.#takeOff(ts, this.#ids.scratch, 0, length, account, book, sizeLots, id);
  }

  /** `reduce` with the row's id as bytes, as `placeBytes`. */
  reduceBytes(
    ts: number,
    idBytes: Uint8Array,
    idStart: number,
    idEnd: number,
    account: number,
    book: number,
    sizeLots: number,
  ): boolean {
    return this.#takeOff(ts, idBytes, idStart, idEnd, account, book, sizeLots, undefined);
  }

  /** Cancels (`sizeLots` 0) or reduces the order a row names; false: nothing was changed. */
  #takeOff(
    ts: number,
    idBytes: Uint8Array,
    idStart: number,
    idEnd: number,
    account: number,
    book: number,
    sizeLots: number,
    idText: string | undefined,
  ): boolean {
    const entry = this.#ids.find(idBytes, idStart, idEnd);
    if (entry < 0) return false;
    const core = this.#core;
    const sequence = this.#ids.sequenceOf(entry);
    if (sizeLots !== 0) {
      const slot = core.orders.slot(sequence);
      if (slot < 0 || core.store.book[slot] !== book) return false;
    }
    this.#clock.now = ts;
    this.#row.enter(idBytes, idStart, idEnd, idText);
    const result =
      sizeLots === 0 ? core.cancel(account, sequence) : core.reduce(account, sequence, sizeLots);
    this.#row.leave();
    if (result < 0) return false;
    this.rowCount++;
    this.#lastOrder = null;
    return true;
  }

  /** The record the last `apply` returned (the order it placed, cancelled or reduced); else null. */
  get lastOrder(): OrderRecord | null {
    return this.#lastOrder;
  }

  get restingCount(): number {
    return this.#ids.liveCount;
  }

  /** The live (resting and pending) orders' current records with their scenario ids, oldest first. */
  *restingOrders(): Generator<[OrderRecord, string]> {
    for (const [sequence, scenarioId] of this.#ids.live())
      yield [this.#record(sequence), scenarioId];
  }

  /** The taker of a trade: a live order when a stop triggers or an amend moves one, else the row. */
  #takerId(takerSequence: number): string | undefined {
    return this.#ids.liveId(takerSequence) ?? this.#row.id();
  }

  /** A row's new order (mapped to id `entry`), live or final; `order` its record when there is one. */
  #placed(sequence: number, status: number, entry: number, order: OrderRecord | null): void {
    if (isLiveCode(status)) {
      this.#ids.rested(entry);
      const observer = this.#observer;
      if (observer.rested !== undefined)
        observer.rested(order ?? this.#record(sequence), this.#ids.text(entry));
    } else {
      this.#finalized(sequence, status, entry, order);
    }
  }

  #finalized(sequence: number, status: number, entry: number, order: OrderRecord | null) {
    this.finalCounts[status]!++;
    const ids = this.#ids;
    ids.finalized(entry);
    const observer = this.#observer;
    if (observer.numericFinal !== undefined)
      observer.numericFinal(sequence, status, ids.text(entry));
    if (observer.final !== undefined)
      observer.final(order ?? this.#record(sequence), ids.text(entry));
  }

  /** The order's current record (the venue still holds it: live, or final while reported). */
  #record(sequence: number): OrderRecord {
    const { store, orders } = this.#core;
    const found = this.#venue.getOrder(store.accountName(orders.slot(sequence)), orderId(sequence));
    if (!found.ok) throw new Error(`order ${orderId(sequence)} is missing: ${found.error.message}`);
    return found.value;
  }
}

const ORDER_CODES = new Map(ORDER_STATUSES.map((status, code) => [status, code]));

/** The sequence of a venue order id `ord_<sequence>`. */
function sequenceOf(venueOrderId: string): number {
  return Number(venueOrderId.slice('ord_'.length));
}
