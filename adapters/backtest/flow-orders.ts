/**
 * Applies the replayed flow's rows to the venue with the scenario id <-> venue id map of
 * `simex replay` (ScenarioIds, same retention). It differs from the Replayer in one point: the
 * strategy's orders share the venue, so only flow orders are tracked, and refusals are counted,
 * not written out.
 */
import type { OrderRecord, Venue } from '../../src/index.js';
import { applyScenarioRow, type ParsedScenarioRow, type ScenarioClock } from '../csv/index.js';
import { FINAL_ORDER_RETENTION } from '../replay/replayer.js';
import { ScenarioIds } from '../replay/scenario-ids.js';

export class FlowOrders {
  readonly refusals = new Map<string, number>();
  rowCount = 0;
  readonly #ids = new ScenarioIds(FINAL_ORDER_RETENTION);
  #rowId = '';

  constructor(
    readonly venue: Venue,
    readonly clock: ScenarioClock,
  ) {}

  /** Applies one row; a refusal is counted by its code. */
  apply(row: ParsedScenarioRow): void {
    this.rowCount++;
    this.#rowId = row.id;
    const ids = this.#ids;
    if (row.action === 'new' && ids.isOpen(row.id)) return this.#refused('duplicate_id');
    const result = applyScenarioRow(this.venue, row, {
      clock: this.clock,
      venueOrderId: (scenarioId) => ids.byScenarioId(scenarioId)?.venueId,
    });
    if (!result.ok) return this.#refused(result.error.code);
    const order = result.value;
    if (row.action === 'new' && isResting(order))
      ids.opened({ scenarioId: row.id, venueId: order.id, account: order.account });
  }

  /** A flow order reached a final status (from the venue's events). */
  finalized(order: OrderRecord): void {
    const tracked = this.#ids.byVenueId(order.id) ?? {
      scenarioId: this.#rowId,
      venueId: order.id,
      account: order.account,
    };
    this.#ids.finalized(tracked);
  }

  #refused(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }
}

export function isResting(order: OrderRecord): boolean {
  return order.status === 'open' || order.status === 'partially_filled';
}
