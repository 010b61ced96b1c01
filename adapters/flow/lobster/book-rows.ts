/**
 * Writes scenario rows for one symbol and applies each to the shadow book, so the converter always
 * knows the venue's book the rows so far produce.
 */
import type { ScenarioRow } from '../index.js';
import type { Side } from '../../../src/index.js';
import { formatLobsterPrice } from './lobster-values.js';
import { LobsterBook, type LobsterOrder } from './lobster-book.js';

/** LOBSTER's own orders. */
export const BOOK_ACCOUNT = 'lobster';
/** The aggressors of visible executions. */
export const TAKER_ACCOUNT = 'lobster-taker';
/** Liquidity the messages do not show: seeds and depth corrections from the orderbook file. */
export const DEPTH_ACCOUNT = 'lobster-depth';

export interface NewOrder {
  readonly id: string;
  readonly account: string;
  readonly side: Side;
  readonly price: number;
  readonly size: number;
  /** What LOBSTER says the order holds; 0 for orders LOBSTER does not track. */
  readonly lobsterSize: number;
}

export class BookRows {
  readonly book = new LobsterBook();
  /** The rows written since the last `drain()`. */
  #rows: ScenarioRow[] = [];
  /** The time of the rows being written, epoch milliseconds. */
  ts = 0;

  constructor(private readonly symbol: string) {}

  drain(): ScenarioRow[] {
    const rows = this.#rows;
    this.#rows = [];
    return rows;
  }

  /** A resting (gtc) order, or an ioc taker when `rest` is false; returns it as the shadow holds it. */
  place(order: NewOrder, rest: boolean): LobsterOrder {
    const { id, account, side, price, size, lobsterSize } = order;
    this.#rows.push({
      ts: this.ts,
      action: 'new',
      id,
      account,
      symbol: this.symbol,
      side,
      type: 'limit',
      price: formatLobsterPrice(price),
      size: String(size),
      timeInForce: rest ? 'gtc' : 'ioc',
    });
    const shadow = { id, account, side, price, remaining: size, lobsterRemaining: lobsterSize };
    this.book.place(shadow, rest);
    return shadow;
  }

  /** Takes `amount` off a resting order: a `cancel` row when that is all of it, else `reduce`. */
  take(order: LobsterOrder, amount: number): void {
    const common = { ts: this.ts, id: order.id, account: order.account, symbol: this.symbol };
    this.#rows.push(
      amount === order.remaining
        ? { ...common, action: 'cancel' }
        : { ...common, action: 'reduce', size: String(amount) },
    );
    this.book.side(order.side).take(order, amount);
  }

  /**
   * Takes `amount` off the level at `price`: first from orders LOBSTER no longer tracks, then from
   * the others, newest first (never from `spare`). Returns what the level could not give.
   */
  takeFromLevel(side: Side, price: number, amount: number, spare?: LobsterOrder): number {
    const level = this.book.side(side).level(price);
    if (level === undefined) return amount;
    for (const untrackedFirst of [true, false]) {
      const orders = level.orders.slice().reverse();
      for (const order of orders) {
        if (amount === 0) return 0;
        if (order === spare || (order.lobsterRemaining === 0) !== untrackedFirst) continue;
        const taken = Math.min(amount, order.remaining);
        this.take(order, taken);
        amount -= taken;
      }
    }
    return amount;
  }
}
