/**
 * The checks of each order update as it arrives (invariants 3 and 5: its size, its fills and its
 * status add up) against the shadow book, which it then updates: the current row's cancel, reduce
 * or amend, an expiry, the order resting or leaving the book.
 */
import {
  STATUS_EXPIRED,
  STATUS_PARTIALLY_FILLED,
  STATUS_PENDING,
  STATUS_REJECTED,
  type OrderEvent,
} from '../../../src/index.js';
import type { CurrentRow } from './current-row.js';
import { fail, type Problem } from './problem.js';
import type { ExpectedOrder } from './expected-book.js';
import { statusMismatch } from './state-comparisons.js';

export class OrderChecks {
  constructor(readonly current: CurrentRow) {}

  check(event: OrderEvent): Problem | null {
    const { sequence, status, filled, remaining } = event;
    const current = this.current;
    const row = current.row!;
    const order = current.book.orders.get(sequence) ?? current.taker(sequence);
    if (order === null) return fail(3, `update of an unknown order ord_${sequence}`);
    const { lotUnits } = current.instruments[order.book]!;
    const book = current.book;
    if (row.action === 'amend' && order.resting && this.#isAmended(order, filled, remaining)) {
      const keeps = this.#limitPrice(order) === order.price && remaining <= book.remaining(order);
      current.amend(order, keeps);
    }
    if (sequence === current.takerSequence) current.takerSeen = true;
    // a cancel or reduce row's own update (an expiry in the same row is `expired`)
    if ((row.action === 'cancel' || row.action === 'reduce') && status !== STATUS_EXPIRED) {
      const before = book.remaining(order);
      order.removed +=
        row.action === 'cancel'
          ? before
          : Math.min(
              current.units(row.size, current.instruments[order.book]!.sizeDecimals),
              before,
            );
      current.changed(order);
    }
    const final = status > STATUS_PARTIALLY_FILLED && status !== STATUS_PENDING;
    if (status === STATUS_EXPIRED || status === STATUS_REJECTED)
      order.removed += book.remaining(order);
    const size = order.size;
    // invariant 3
    const sizeLots = current.core.sizeLots(sequence);
    if (sizeLots * lotUnits !== size) {
      const stated =
        sizeLots < 0 ? 'unknown to the core' : current.size(order.book, sizeLots * lotUnits);
      return fail(3, `ord_${sequence}: size ${stated} changed`);
    }
    // invariant 5: each side of each trade counted once
    if (filled !== order.filled) {
      return fail(
        5,
        `ord_${sequence}: filled ${current.size(order.book, filled)}, but its trades sum ${current.size(order.book, order.filled)}`,
      );
    }
    if (filled > size)
      return fail(
        3,
        `ord_${sequence}: filled ${current.size(order.book, filled)} exceeds its size`,
      );
    const total = filled + remaining + order.removed;
    if (total !== size || !Number.isSafeInteger(total)) {
      const units = (value: number) => current.size(order.book, value);
      return fail(
        3,
        `ord_${sequence}: filled ${units(filled)} + remaining ${units(remaining)} + cancelled or expired ${units(order.removed)} != size ${units(size)}`,
      );
    }
    const statusProblem = statusMismatch(status, filled, remaining, size);
    if (statusProblem !== null) return fail(3, `ord_${sequence}: ${statusProblem}`);
    if (final) book.forget(order);
    else if (!order.resting && status !== STATUS_PENDING) {
      book.rest(order);
      current.changed(order);
    }
    return null;
  }

  /** Whether a resting order's update shows the amend of the current row (docs/order-types.md). */
  #isAmended(order: ExpectedOrder, filled: number, remaining: number): boolean {
    const { lotUnits } = this.current.instruments[order.book]!;
    return (
      this.current.core.sizeLots(order.sequence) * lotUnits !== order.size ||
      this.#limitPrice(order) !== order.price ||
      filled + remaining + order.removed !== order.size
    );
  }

  /** The order's limit price as the core holds it, in units (null for a market order). */
  #limitPrice(order: ExpectedOrder): number | null {
    const ticks = this.current.core.priceTicks(order.sequence);
    return ticks === 0 ? null : ticks * this.current.instruments[order.book]!.tickUnits;
  }
}
