/**
 * Turns the venue's events into the strategy's news: marks and fills on its ledgers, updates of
 * its open orders, and the events its hooks are called with (held for the hooks, or under
 * response or feed latency handed to the delayed view as messages).
 */
import {
  orderRecord,
  tradeRecord,
  type CoreListener,
  type OrderEvent,
  type TradeEvent,
  type TradeRecord,
  type Venue,
  type VenueEvent,
} from '../../../src/index.js';
import type { WantedEvents } from './hook-dispatcher.js';
import type { DelayedView, HookEvent } from './latency/delayed-view.js';
import { FillView } from './fill-view.js';
import type { StrategyFill } from './strategy.js';
import type { StrategyOrders } from './strategy-orders.js';
import type { SymbolLedger } from './symbol-ledger.js';

export type FillHandler = (fill: StrategyFill, ledger: SymbolLedger) => void;

export class StrategyEventRouter implements CoreListener {
  constructor(
    readonly venue: Venue,
    /** By book index. */
    readonly ledgers: readonly SymbolLedger[],
    readonly ledgersBySymbol: ReadonlyMap<string, SymbolLedger>,
    readonly orders: StrategyOrders,
    readonly account: string,
    /** The strategy's account id in the core. */
    readonly accountId: number,
    readonly view: DelayedView | null,
    readonly wants: WantedEvents,
    /** The events waiting for the hooks (without latency). */
    readonly events: HookEvent[],
    readonly onFill: FillHandler | undefined,
  ) {}

  /** While the core's events reach onTrade and onOrder (without latency): what stops them. */
  #stopListening: (() => void) | null = null;

  listen(): void {
    // Under latency the view replays the venue's events as records; else records are built only
    // for the strategy's own orders and fills, and for the hooks that read them.
    if (this.view !== null) this.venue.subscribe(this.onEvent);
    else {
      const { books } = this.venue.core;
      for (const [index, ledger] of this.ledgers.entries()) ledger.markFrom(books[index]!.stats);
      if (this.wants.trade) this.engage();
      if (this.wants.book) this.venue.subscribe(this.onEvent, ['book']);
    }
  }

  /**
   * Before one of the strategy's commands, without latency: the core's events reach this router
   * until `release` finds the strategy with no open order. The strategy's account has events only
   * from its own commands and from its orders that stay open, so a flow row with none costs the
   * venue no event of this router's.
   */
  engage(): void {
    if (this.view === null && this.#stopListening === null)
      // Only the strategy's own trades and orders, unless its onTrade hook reads every trade.
      this.#stopListening = this.venue.core.listen(this, this.wants.trade ? -1 : this.accountId);
  }

  /** Whether the core's events reach this router (without latency): `release` may stop them. */
  get engaged(): boolean {
    return this.#stopListening !== null;
  }

  /** Between commands: stops listening when nothing of the strategy's can have an event. */
  release(): void {
    if (this.#stopListening === null || this.wants.trade || this.orders.open.size > 0) return;
    this.#stopListening();
    this.#stopListening = null;
  }

  /** The venue's events as records: every one under latency, else the book changes only. */
  readonly onEvent = (event: VenueEvent): void => {
    const view = this.view;
    if (event.type === 'trade') {
      const { trade } = event;
      const ledger = this.ledgersBySymbol.get(trade.symbol)!;
      ledger.mark = trade.price;
      if (trade.makerAccount === this.account) this.#fillOfRecord(ledger, trade, 'maker');
      if (trade.takerAccount === this.account) this.#fillOfRecord(ledger, trade, 'taker');
      if (view !== null) view.publish(event);
      else if (this.wants.trade) this.events.push(event);
    } else if (event.type === 'order') {
      if (event.order.account !== this.account) return;
      if (view !== null) return view.answer(event);
      this.orders.updated(event.order);
      if (this.wants.order) this.events.push(event);
    } else if (view !== null) view.publish(event);
    else if (this.wants.book) this.events.push(event);
  };

  // Without latency: the core's events while engaged, records built only where needed. Methods of
  // a class (not closures) so that the venue calls one target from one engine to the next.
  onTrade(event: TradeEvent): void {
    const maker = event.makerAccount === this.accountId;
    const taker = event.takerAccount === this.accountId;
    if (maker || taker) {
      // The fill from the event's numbers: no trade record unless a hook reads trades.
      const ledger = this.ledgers[event.book]!;
      const { store } = this.venue.core;
      const price = BigInt(event.price);
      const size = BigInt(event.size);
      const takerSide = event.takerSide === 1 ? 'sell' : 'buy';
      if (maker) {
        const side = takerSide === 'buy' ? 'sell' : 'buy';
        const fee = ledger.fillUnits(side, price, size, 'maker');
        const orderId = store.clientOrderId(event.makerSlot) ?? '';
        this.#fill(
          ledger,
          new FillView(ledger, orderId, event.sequence, side, 'maker', fee, event.time),
        );
      }
      if (taker) {
        const fee = ledger.fillUnits(takerSide, price, size, 'taker');
        const orderId = store.clientOrderId(event.takerSlot) ?? '';
        this.#fill(
          ledger,
          new FillView(ledger, orderId, event.sequence, takerSide, 'taker', fee, event.time),
        );
      }
    }
    if (this.wants.trade)
      this.events.push({ type: 'trade', trade: tradeRecord(this.venue.core, event) });
  }

  onOrder(event: OrderEvent): void {
    if (event.account !== this.accountId) return;
    const order = this.wants.order ? orderRecord(this.venue.core, event) : null;
    this.orders.changed(event, order);
    if (order !== null) this.events.push({ type: 'order', order });
  }

  /** A fill of the strategy's, as a record (the venue's events under latency). */
  #fillOfRecord(ledger: SymbolLedger, trade: TradeRecord, liquidity: 'maker' | 'taker'): void {
    const maker = liquidity === 'maker';
    const side = maker ? (trade.side === 'buy' ? 'sell' : 'buy') : trade.side;
    const fee = ledger.fill(side, trade.price, trade.size, liquidity);
    const orderId = (maker ? trade.makerClientOrderId : trade.takerClientOrderId) ?? '';
    this.#fill(
      ledger,
      new FillView(ledger, orderId, trade.sequence, side, liquidity, fee, trade.timestamp),
    );
  }

  /** One fill of the strategy's, booked on its ledger: to the run's handler, then the hooks. */
  #fill(ledger: SymbolLedger, fill: FillView): void {
    this.onFill?.(fill, ledger);
    if (this.view !== null) this.view.answer({ type: 'fill', fill });
    else if (this.wants.fill) this.events.push({ type: 'fill', fill });
  }
}
