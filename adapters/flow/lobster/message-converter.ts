/**
 * One LOBSTER message → scenario rows: new orders rest (gtc), partial cancels reduce, deletes
 * cancel, visible executions become ioc orders of the other side at the executed price and size.
 */
import type { Side } from '../../../src/index.js';
import { BOOK_ACCOUNT, TAKER_ACCOUNT, type BookRows } from './book-rows.js';
import { LobsterInputError } from './lobster-error.js';
import type { LobsterMessage } from './message-reader.js';
import type { LobsterOrder } from './lobster-book.js';

/** What the import did not turn into rows as such; printed as one note. */
export interface ImportCounts {
  messages: number;
  rows: number;
  hiddenExecutions: number;
  crossTrades: number;
  halts: number;
  /** Messages about orders never submitted in the file, skipped (no orderbook file). */
  unknownSkipped: number;
  /** Messages about orders never submitted in the file, applied to their price level. */
  unknownOnLevel: number;
  seedOrders: number;
  /** Synthetic orders and reductions that keep the book in step with the orderbook file. */
  depthOrders: number;
  depthReductions: number;
}

export function emptyCounts(): ImportCounts {
  return {
    messages: 0,
    rows: 0,
    hiddenExecutions: 0,
    crossTrades: 0,
    halts: 0,
    unknownSkipped: 0,
    unknownOnLevel: 0,
    seedOrders: 0,
    depthOrders: 0,
    depthReductions: 0,
  };
}

export const sideOf = (direction: 1 | -1): Side => (direction === 1 ? 'buy' : 'sell');

export class MessageConverter {
  /** The orders LOBSTER says are resting, by LOBSTER id. */
  readonly #tracked = new Map<string, LobsterOrder>();

  constructor(
    private readonly rows: BookRows,
    private readonly counts: ImportCounts,
    /** Whether messages about unknown orders act on their price level (seeded) or are skipped. */
    private readonly seeded: boolean,
    private readonly file: string,
  ) {}

  apply(message: LobsterMessage): void {
    const { type, orderId, size, price } = message;
    const side = sideOf(message.direction);
    if (type === 5) this.counts.hiddenExecutions += 1;
    else if (type === 6) this.counts.crossTrades += 1;
    else if (type === 7) this.counts.halts += 1;
    else if (type === 1) this.#submit(message, side);
    else {
      const order = this.#tracked.get(orderId);
      if (order === undefined && !this.seeded) {
        this.counts.unknownSkipped += 1;
        return;
      }
      if (order === undefined) this.counts.unknownOnLevel += 1;
      if (type === 4) this.#execute(message, side);
      else this.#remove(side, price, size, order);
      if (order !== undefined)
        this.#forget(orderId, order, type === 3 ? order.lobsterRemaining : size);
    }
  }

  #submit(message: LobsterMessage, side: Side): void {
    const { orderId: id, size, price, line } = message;
    if (this.#tracked.has(id)) {
      throw new LobsterInputError(
        this.file,
        line,
        message.orderIdColumn,
        `order ${id} is already resting`,
      );
    }
    const order = this.rows.place(
      { id, account: BOOK_ACCOUNT, side, price, size, lobsterSize: size },
      true,
    );
    this.#tracked.set(id, order);
  }

  #execute(message: LobsterMessage, side: Side): void {
    const { line, price, size } = message;
    const taker = side === 'buy' ? 'sell' : 'buy';
    this.rows.place(
      { id: `x${line}`, account: TAKER_ACCOUNT, side: taker, price, size, lobsterSize: 0 },
      false,
    );
  }

  /**
   * Takes `size` off the level: from the order itself as far as it still rests on the venue (it may
   * hold less than LOBSTER says when an execution hit another order of its level first), the rest
   * from other orders at that price. A delete leaves any surplus as an untracked order.
   */
  #remove(side: Side, price: number, size: number, order: LobsterOrder | undefined): void {
    let left = size;
    if (order !== undefined && order.remaining > 0) {
      const own = Math.min(size, order.remaining);
      this.rows.take(order, own);
      left -= own;
    }
    this.rows.takeFromLevel(side, price, left, order);
  }

  /** LOBSTER's view: once its size is gone, the order is no longer tracked. */
  #forget(id: string, order: LobsterOrder, size: number): void {
    order.lobsterRemaining = Math.max(0, order.lobsterRemaining - size);
    if (order.lobsterRemaining === 0) this.#tracked.delete(id);
  }
}
