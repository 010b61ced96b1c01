/**
 * What the strategy knows under response or feed latency. The venue's answers (its own order
 * updates, fills and refusals) and the market events (trades, book changes) of each command are
 * held as messages until they are delivered; on delivery they update the strategy's view (open
 * orders, a position ledger of its own, the replica of the market) and go to its hooks.
 */
import type { Venue, VenueEvent } from '../../../../src/index.js';
import type { ActionRefusal, StrategyFill } from '../strategy.js';
import type { StrategyOrders } from '../strategy-orders.js';
import type { SymbolLedger } from '../symbol-ledger.js';
import { DueQueue } from './due-queue.js';
import { FeedReplica } from './feed-replica.js';
import type { LatencyModel } from './latency-model.js';

/** What a hook can be called with. */
export type HookEvent =
  | VenueEvent
  | { readonly type: 'fill'; readonly fill: StrategyFill }
  | { readonly type: 'refused'; readonly refusal: ActionRefusal };

interface Message {
  readonly events: readonly HookEvent[];
  /** Whether it answers one of the strategy's actions. */
  readonly answers: boolean;
}

export class DelayedView {
  readonly replica: FeedReplica;
  /** The strategy's position as its delivered fills and trades show it. */
  readonly ledgers = new Map<string, SymbolLedger>();
  /** Actions that reached the venue and whose answer is not delivered yet. */
  unanswered = 0;
  readonly #messages = new DueQueue<Message>();
  #answers: HookEvent[] = [];
  #market: HookEvent[] = [];

  constructor(
    venue: Venue,
    now: () => number,
    /** Fresh ledgers, one per symbol, for the strategy's view of its position. */
    ledgers: readonly SymbolLedger[],
    readonly model: LatencyModel,
    readonly orders: StrategyOrders,
  ) {
    this.replica = new FeedReplica(venue, now);
    for (const ledger of ledgers) this.ledgers.set(ledger.instrument.symbol, ledger);
  }

  /** An event about the strategy's own orders: it travels on the response path. */
  answer(event: HookEvent): void {
    this.#answers.push(event);
  }

  /** A market event: it travels on the feed. */
  publish(event: HookEvent): void {
    this.#market.push(event);
  }

  /**
   * Sends what the command at `time` produced (`action`: it was one of the strategy's, and is
   * answered even when nothing changed); returns the earliest delivery time, or Infinity.
   */
  close(time: number, action: boolean): number {
    let due = Infinity;
    if (action || this.#answers.length > 0) {
      due = this.model.response(time);
      this.#messages.push(due, { events: this.#answers, answers: action });
      this.#answers = [];
      if (action) this.unanswered++;
    }
    if (this.#market.length > 0) {
      const feedDue = this.model.feed(time);
      this.#messages.push(feedDue, { events: this.#market, answers: false });
      this.#market = [];
      due = Math.min(due, feedDue);
    }
    return due;
  }

  nextDue(): number {
    return this.#messages.nextDue();
  }

  /** Delivers the next message to the view; returns its events, for the hooks. */
  deliver(): readonly HookEvent[] {
    const message = this.#messages.shift();
    this.#apply(message.events);
    if (message.answers) this.unanswered--;
    return message.events;
  }

  /** Applies the market events published so far at once, for no hook (rows replayed as warm-up). */
  absorb(): void {
    this.#apply(this.#market);
    this.#market = [];
  }

  #apply(events: readonly HookEvent[]): void {
    for (const event of events) {
      if (event.type === 'order') this.orders.updated(event.order);
      else if (event.type === 'book') this.replica.level(event.change);
      else if (event.type === 'trade') {
        this.replica.trade(event.trade);
        this.ledgers.get(event.trade.symbol)!.mark = event.trade.price;
      } else if (event.type === 'fill') {
        const { side, price, size, liquidity, symbol } = event.fill;
        this.ledgers.get(symbol)!.fill(side, price, size, liquidity);
      }
    }
  }
}
