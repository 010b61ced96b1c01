/**
 * `marketImpact: 'none'` on a scenario flow (docs/backtest.md, "Market impact"): a flow order that
 * traded with a resting strategy order took that size from the strategy, not from the flow's own
 * orders. After the row, the flow's book is made the one it has without the strategy:
 * - the same size is taken from the flow's resting orders the taker would have met next, best
 *   price first and front of queue first, up to the taker's limit price;
 * - what that could not take, the taker (a gtc order) would have left resting: it is added to the
 *   taker's rest (an amend while it rests; the engine re-places it when it filled completely).
 *   A strategy order that still crosses the taker's price then is cancelled: it traded with the
 *   taker, and the flow's book is never crossed by the strategy's.
 * The flow's later rows then find their orders as recorded (a LOBSTER execution names the order it
 * executed; one fully executed is never cancelled, and would otherwise stand forever).
 */
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_REDUCE,
  type Lots,
  type OrderCommand,
  type Sequence,
  type TradeEvent,
  type Venue,
  type Slot,
} from '../../../src/index.js';
import { NO_SLOT } from '../../../src/order-store.js';

export class FlowDisplacement {
  readonly #venue: Venue;
  readonly #strategy: number;
  /** Per trade with the strategy: book index, maker side (1: sell), taker's limit (units, 0: none), units. */
  readonly #pending: number[] = [];
  /** The row's taker (its sequence), and whether it is gtc; -1: none traded with the strategy. */
  #taker = -1 as Sequence;
  #takerRests = false;
  /** Set by `settle` when it returns lots: the taker's account, book, side and price (ticks). */
  rest = { account: 0, book: 0, side: 0, priceTicks: 0 };

  readonly #command: OrderCommand;

  constructor(venue: Venue, strategyAccount: number) {
    this.#venue = venue;
    this.#strategy = strategyAccount;
    this.#command = venue.core.newCommand();
  }

  /** Submits `action` on the account's order `sequence`, with `lots` its size (reduce, amend). */
  #submit(action: number, account: number, sequence: Sequence, lots = 0): void {
    const command = this.#command.clear();
    command.action = action;
    command.account = account;
    command.target = sequence;
    command.size = lots as Lots;
    this.#venue.core.submit(command);
  }

  listen(): void {
    this.#venue.core.listen(this, this.#strategy); // the strategy's trades only
  }

  onTrade(trade: TradeEvent): void {
    const { store } = this.#venue.core;
    const maker = trade.makerSlot;
    if (store.account(maker) !== this.#strategy) return;
    const taker = trade.takerSlot;
    if (store.account(taker) === this.#strategy) return;
    this.#taker = trade.takerSequence;
    this.#takerRests = store.timeInForce(taker) === 'gtc';
    const units = trade.size;
    this.#pending.push(trade.book, store.isSell(maker) ? 1 : 0, store.price(taker), units);
  }

  /**
   * After a flow row: takes what the row's taker took from the strategy off the flow's orders.
   * Returns the lots of the taker's rest to place again (its order filled completely), else 0.
   */
  settle(): number {
    const pending = this.#pending;
    if (pending.length === 0) return 0;
    const core = this.#venue.core;
    const { store } = core;
    let missing = 0;
    for (let i = 0; i < pending.length; i += 4) {
      const sell = pending[i + 1] === 1;
      const limit = pending[i + 2]!;
      let left = pending[i + 3]!;
      const taken: number[] = []; // slot, units
      const ladder = core.books[pending[i]!]!.ladder(sell);
      ladder.forEachFromBest(Infinity, (level) => {
        const price = ladder.price(level);
        if (limit > 0 && (sell ? price > limit : price < limit)) return false;
        for (let slot = ladder.head(level); slot !== NO_SLOT && left > 0; slot = store.next(slot)) {
          if (store.account(slot) === this.#strategy) continue;
          const units = Math.min(left, store.remaining(slot));
          taken.push(slot, units);
          left -= units;
        }
        return left > 0;
      });
      for (let k = 0; k < taken.length; k += 2) {
        const slot = taken[k]! as Slot;
        const lotUnits = core.bookOf(slot).instrument.lotUnits;
        this.#submit(
          ACTION_REDUCE,
          store.account(slot),
          store.sequence(slot),
          taken[k + 1]! / lotUnits,
        );
      }
      missing += left;
    }
    pending.length = 0;
    const sequence = this.#taker;
    this.#taker = -1 as Sequence;
    if (missing === 0 || !this.#takerRests) return 0;
    const slot = core.orders.slot(sequence);
    const book = core.bookOf(slot);
    const sell = store.isSell(slot);
    const price = store.price(slot);
    // The strategy's orders still crossing the taker's price traded with it: their rests go.
    const crossing: Sequence[] = [];
    const opposite = book.ladder(!sell);
    opposite.forEachFromBest(Infinity, (level) => {
      const at = opposite.price(level);
      if (sell ? at < price : at > price) return false;
      for (let at = opposite.head(level); at !== NO_SLOT; at = store.next(at))
        if (store.account(at) === this.#strategy) crossing.push(store.sequence(at));
    });
    for (const strategyOrder of crossing)
      this.#submit(ACTION_CANCEL, this.#strategy, strategyOrder);
    const { lotUnits, tickUnits } = book.instrument;
    const account = store.account(slot);
    if (store.isLive(slot)) {
      const size = store.filled(slot) + store.remaining(slot) + missing;
      this.#submit(ACTION_AMEND, account, sequence, size / lotUnits);
      return 0;
    }
    this.rest = {
      account,
      book: store.book(slot),
      side: sell ? 1 : 0,
      priceTicks: store.price(slot) / tickUnits,
    };
    return missing / lotUnits;
  }
}
