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

  listen(): void {
    // Under latency the view replays the venue's events as records; else records are built only
    // for the strategy's own orders and fills, and for the hooks that read them.
    if (this.view !== null) this.venue.subscribe(this.onEvent);
    else {
      this.venue.core.listen(this);
      if (this.wants.book) this.venue.subscribe(this.onEvent, ['book']);
    }
  }

  /** The venue's events as records: every one under latency, else the book changes only. */
  readonly onEvent = (event: VenueEvent): void => {
    const view = this.view;
    if (event.type === 'trade') {
      const { trade } = event;
      const ledger = this.ledgersBySymbol.get(trade.symbol)!;
      ledger.mark = trade.price;
      if (trade.makerAccount === this.account) this.#fill(ledger, trade, 'maker');
      if (trade.takerAccount === this.account) this.#fill(ledger, trade, 'taker');
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

  // Without latency: the core's events, records built only where needed. Methods of
  // a class (not closures) so that the venue calls one target from one engine to the next.
  onTrade(event: TradeEvent): void {
    const ledger = this.ledgers[event.book]!;
    ledger.markAt(event.price);
    const maker = event.makerAccount === this.accountId;
    const taker = event.takerAccount === this.accountId;
    if (!maker && !taker && !this.wants.trade) return;
    const trade = tradeRecord(this.venue.core, event);
    if (maker) this.#fill(ledger, trade, 'maker');
    if (taker) this.#fill(ledger, trade, 'taker');
    if (this.wants.trade) this.events.push({ type: 'trade', trade });
  }

  onOrder(event: OrderEvent): void {
    if (event.account !== this.accountId) return;
    const order = orderRecord(this.venue.core, event);
    this.orders.updated(order);
    if (this.wants.order) this.events.push({ type: 'order', order });
  }

  #fill(ledger: SymbolLedger, trade: TradeRecord, liquidity: 'maker' | 'taker'): void {
    const maker = liquidity === 'maker';
    const side = maker ? (trade.side === 'buy' ? 'sell' : 'buy') : trade.side;
    const fee = ledger.fill(side, trade.price, trade.size, liquidity);
    const fill: StrategyFill = {
      orderId: (maker ? trade.makerClientOrderId : trade.takerClientOrderId) ?? '',
      tradeId: trade.id,
      symbol: trade.symbol,
      side,
      liquidity,
      price: trade.price,
      size: trade.size,
      fee: ledger.money(fee),
      timestamp: trade.timestamp,
    };
    this.onFill?.(fill, ledger);
    if (this.view !== null) this.view.answer({ type: 'fill', fill });
    else if (this.wants.fill) this.events.push({ type: 'fill', fill });
  }
}
