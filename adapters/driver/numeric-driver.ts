/**
 * The scenario driver's numeric entry: `new` and `cancel` rows given as codes, ticks and lots go
 * straight to `venue.core`, and what happens comes back as the core's numeric events; no record
 * is built. Any other row, and any row the core refuses, goes through the string API
 * (`applyRow`, the rules of ScenarioDriver.apply) under the same id maps, so that a refusal
 * reads exactly as ScenarioDriver's and the rows of one flow may take either way.
 */
import { STATUS_FILLED, type Venue, type VenueCore } from '../../src/index.js';
import type { ScenarioClock, ScenarioRow } from '../csv/index.js';
import { applyScenarioRow, type ApplyOptions } from './apply-row.js';
import { FINAL_ORDER_RETENTION, type Refusal } from './scenario-driver.js';

/** What the numeric driver reports, each under the scenario ids; every member is optional. */
export interface NumericObserver {
  /** A trade (numbers as the core's onTrade gives them); `takerId` is the row's id. */
  trade?(
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
  /** A row's order became final (its slot is still readable in `venue.core`). */
  final?(sequence: number, status: number, scenarioId: string): void;
}

export class NumericDriver {
  rowCount = 0;
  readonly #venue: Venue;
  readonly #core: VenueCore;
  readonly #clock: ScenarioClock;
  readonly #observer: NumericObserver;
  /** Scenario id -> order sequence: resting orders and the last FINAL_ORDER_RETENTION final ones. */
  readonly #sequences = new Map<string, number>();
  /** Order sequence -> scenario id, resting orders only, oldest first. */
  readonly #resting = new Map<number, string>();
  readonly #finalIds = new Array<string | undefined>(FINAL_ORDER_RETENTION).fill(undefined);
  readonly #finalSequences = new Float64Array(FINAL_ORDER_RETENTION);
  #nextFinal = 0;
  #rowId: string | undefined;
  readonly #applyOptions: ApplyOptions;

  constructor(venue: Venue, clock: ScenarioClock, observer: NumericObserver = {}) {
    this.#venue = venue;
    this.#core = venue.core;
    this.#clock = clock;
    this.#observer = observer;
    this.#applyOptions = {
      clock,
      venueOrderId: (scenarioId) => {
        const sequence = this.#sequences.get(scenarioId);
        return sequence === undefined ? undefined : `ord_${sequence}`;
      },
    };
    this.#core.listen({
      onTrade: (trade, book, priceTicks, sizeLots, makerSequence, takerSequence, time) => {
        const makerId = this.#resting.get(makerSequence);
        observer.trade?.(
          trade,
          book,
          priceTicks,
          sizeLots,
          makerSequence,
          takerSequence,
          time,
          makerId,
          this.#rowId,
        );
      },
      onOrder: (sequence, status) => {
        if (status < STATUS_FILLED) return;
        const scenarioId = this.#resting.get(sequence);
        if (scenarioId === undefined) return; // the row's own order is reported when placed
        this.#finalized(scenarioId, sequence);
        observer.final?.(sequence, status, scenarioId);
      },
    });
  }

  get restingCount(): number {
    return this.#resting.size;
  }

  /** The resting orders' sequences and scenario ids, oldest first. */
  resting(): IterableIterator<[number, string]> {
    return this.#resting.entries();
  }

  /**
   * A `new` row in numbers (venue.core.place's arguments). Returns 0 when applied, or -1 when the
   * core refused it or the id names a resting order: then give the row to `applyRow`, which
   * refuses it with ScenarioDriver's words (nothing was changed).
   */
  placeOrder(
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
  ): number {
    if (this.#isResting(id)) return -1;
    this.#clock.now = ts;
    this.#rowId = id;
    const sequence = this.#core.place(
      account,
      book,
      side,
      type,
      timeInForce,
      flags,
      priceTicks,
      sizeLots,
    );
    this.#rowId = undefined;
    if (sequence < 0) return -1;
    this.rowCount++;
    this.#placed(id, sequence);
    return 0;
  }

  /** A `cancel` row in numbers; 0 when applied, -1: give the row to `applyRow`. */
  cancelOrder(ts: number, id: string, account: number): number {
    const sequence = this.#sequences.get(id);
    if (sequence === undefined) return -1;
    this.#clock.now = ts;
    this.#rowId = id;
    const result = this.#core.cancel(account, sequence);
    this.#rowId = undefined;
    if (result < 0) return -1;
    this.rowCount++;
    return 0;
  }

  /** Any row, through the string API; a refusal is returned (and nothing changed), never thrown. */
  applyRow(row: ScenarioRow): Refusal | null {
    this.rowCount++;
    if (row.action === 'new' && this.#isResting(row.id)) {
      return {
        code: 'duplicate_id',
        message: `order id ${row.id} is already used by an open order`,
      };
    }
    this.#rowId = row.id;
    const result = applyScenarioRow(this.#venue, row, this.#applyOptions);
    this.#rowId = undefined;
    if (!result.ok) {
      const venueId = this.#applyOptions.venueOrderId(row.id);
      const { code, message } = result.error;
      return { code, message: venueId === undefined ? message : message.replace(venueId, row.id) };
    }
    if (row.action === 'new') this.#placed(row.id, Number(result.value.id.slice('ord_'.length)));
    return null;
  }

  #isResting(scenarioId: string): boolean {
    const sequence = this.#sequences.get(scenarioId);
    return sequence !== undefined && this.#resting.has(sequence);
  }

  /** A row's new order, resting or final. */
  #placed(id: string, sequence: number): void {
    const status = this.#core.orderStatus(sequence);
    if (status < STATUS_FILLED) {
      this.#sequences.set(id, sequence);
      this.#resting.set(sequence, id);
    } else {
      this.#finalized(id, sequence);
      this.#observer.final?.(sequence, status, id);
    }
  }

  /** No longer resting; remembered among the last FINAL_ORDER_RETENTION final orders. */
  #finalized(scenarioId: string, sequence: number): void {
    this.#resting.delete(sequence);
    this.#sequences.set(scenarioId, sequence);
    const next = this.#nextFinal;
    const forgotten = this.#finalIds[next];
    if (forgotten !== undefined && this.#sequences.get(forgotten) === this.#finalSequences[next])
      this.#sequences.delete(forgotten);
    this.#finalIds[next] = scenarioId;
    this.#finalSequences[next] = sequence;
    this.#nextFinal = (next + 1) % FINAL_ORDER_RETENTION;
  }
}
