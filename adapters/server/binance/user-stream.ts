import { EventEmitter } from 'node:events';
import type { OrderRecord, TradeRecord, Units, Venue } from '../../../src/index.js';
import { fromUnits, toUnits } from '../../units/units.js';
import {
  binanceStatus,
  clientIdOf,
  orderIdNumber,
  orderType,
  quoteOf,
  STP_NAMES,
} from './order-format.js';
import type { BinanceSymbols } from './binance-symbols.js';
import { guarded } from './guarded.js';

/** Where an account's user data events go: a WebSocket API subscription. */
export interface UserSink {
  deliver(payload: string): void;
}

/**
 * The user data stream (executionReport) of the accounts that subscribed through the WebSocket
 * API: a new order, each of its trades, and its end (cancelled, expired, rejected) reach its
 * account's subscriptions, in the venue's order.
 */
export class UserStreams {
  /** Emits `subscribed` with the account each time a WebSocket API client subscribes. */
  readonly events = new EventEmitter();
  readonly #sinks = new Map<string, Set<UserSink>>();
  /** Live orders of subscribed accounts already announced as NEW. */
  readonly #announced = new Set<string>();
  readonly #unsubscribe: () => void;

  constructor(
    private readonly venue: Venue,
    private readonly symbols: BinanceSymbols,
    onError: (error: unknown) => void,
  ) {
    this.#unsubscribe = venue.subscribe(
      guarded((event) => {
        if (event.type === 'trade') this.#onTrade(event.trade);
        else if (event.type === 'order') this.#onOrder(event.order);
      }, onError),
      ['trade', 'order'],
    );
  }

  subscribe(account: string, sink: UserSink): void {
    let sinks = this.#sinks.get(account);
    if (sinks === undefined) this.#sinks.set(account, (sinks = new Set()));
    sinks.add(sink);
    this.events.emit('subscribed', account);
  }

  unsubscribe(account: string, sink: UserSink): void {
    const sinks = this.#sinks.get(account);
    sinks?.delete(sink);
    if (sinks?.size === 0) this.#sinks.delete(account);
  }

  close(): void {
    this.#unsubscribe();
  }

  #onOrder(order: OrderRecord): void {
    if (!this.#sinks.has(order.account)) return;
    switch (order.status) {
      case 'open':
      case 'pending':
        if (this.#announced.has(order.id)) return;
        this.#announced.add(order.id);
        this.#send(order, 'NEW', undefined);
        return;
      case 'partially_filled':
        return; // each trade was reported
      case 'filled':
        this.#announced.delete(order.id);
        return;
      default:
        this.#announced.delete(order.id);
        this.#send(
          order,
          order.status === 'cancelled' ? 'CANCELED' : order.status.toUpperCase(),
          undefined,
        );
    }
  }

  #onTrade(trade: TradeRecord): void {
    for (const [account, id, maker] of [
      [trade.makerAccount, trade.makerOrderId, true],
      [trade.takerAccount, trade.takerOrderId, false],
    ] as const) {
      if (!this.#sinks.has(account)) continue;
      const order = this.venue.getOrder(account, id);
      if (!order.ok) continue;
      if (!this.#announced.has(id) && !maker) {
        this.#announced.add(id);
        this.#send(order.value, 'NEW', undefined, true);
      }
      this.#send(order.value, 'TRADE', { trade, maker });
    }
  }

  #send(
    order: OrderRecord,
    execution: string,
    fill: { readonly trade: TradeRecord; readonly maker: boolean } | undefined,
    /** A taker announced at its first trade: shown as it was before it (NEW, nothing filled). */
    beforeFills = false,
  ): void {
    const instrument = this.symbols.find(order.symbol.replace('-', ''))!;
    const quote = order.symbol.split('-')[1]!;
    const balances = this.venue.core.balances;
    const decimals =
      balances?.decimalsOf(quote) ?? instrument.priceDecimals + instrument.sizeDecimals;
    const zeroPrice = fromUnits(0n, instrument.priceDecimals);
    const zeroSize = fromUnits(0n, instrument.sizeDecimals);
    let commission = fromUnits(0n, decimals);
    if (fill !== undefined && balances !== null) {
      const fee = balances.feeOf(
        this.venue.core.bookIndex(order.symbol),
        Number(toUnits(fill.trade.price, instrument.priceDecimals)) as Units,
        Number(toUnits(fill.trade.size, instrument.sizeDecimals)) as Units,
        fill.maker,
      );
      commission = fromUnits(fee, decimals);
    }
    const filled = beforeFills
      ? zeroSize
      : fill === undefined
        ? order.filledSize
        : filledUpTo(order, fill.trade);
    const status = beforeFills
      ? 'NEW'
      : fill === undefined
        ? binanceStatus(order)
        : filled === order.size
          ? 'FILLED'
          : 'PARTIALLY_FILLED';
    const event = {
      e: 'executionReport',
      E: fill?.trade.timestamp ?? order.createdAt,
      s: order.symbol.replace('-', ''),
      c: clientIdOf(order),
      S: order.side.toUpperCase(),
      o: orderType(order),
      f: order.timeInForce.toUpperCase(),
      q: order.size,
      p: order.price ?? zeroPrice,
      P: order.stopPrice ?? zeroPrice,
      F: zeroSize,
      g: -1,
      C: '',
      x: execution,
      X: status,
      r: 'NONE',
      i: orderIdNumber(order.id),
      l: fill?.trade.size ?? zeroSize,
      z: filled,
      L: fill?.trade.price ?? zeroPrice,
      n: commission,
      N: fill === undefined ? null : quote,
      T: fill?.trade.timestamp ?? order.createdAt,
      t: fill?.trade.sequence ?? -1,
      I: 0,
      w: order.status === 'open' || order.status === 'partially_filled',
      m: fill?.maker ?? false,
      M: false,
      O: order.createdAt,
      Z: quoteOf(
        instrument,
        beforeFills ? [] : fill === undefined ? order.fills : fillsUpTo(order, fill.trade),
      ),
      Y:
        fill === undefined
          ? fromUnits(0n, instrument.priceDecimals + instrument.sizeDecimals)
          : quoteOf(instrument, [
              { tradeId: fill.trade.id, price: fill.trade.price, size: fill.trade.size },
            ]),
      Q: zeroPrice,
      W: order.createdAt,
      V: STP_NAMES[order.stp],
    };
    const payload = JSON.stringify({ subscriptionId: 0, event });
    for (const sink of this.#sinks.get(order.account) ?? []) sink.deliver(payload);
  }
}

/** The order's fills up to and including `trade` (its record lists them in time order). */
function fillsUpTo(order: OrderRecord, trade: TradeRecord) {
  const end = order.fills.findIndex((fill) => fill.tradeId === trade.id);
  return end < 0 ? order.fills : order.fills.slice(0, end + 1);
}

function filledUpTo(order: OrderRecord, trade: TradeRecord): string {
  const fills = fillsUpTo(order, trade);
  if (fills.length === order.fills.length) return order.filledSize;
  const decimals = order.filledSize.split('.')[1]?.length ?? 0;
  let units = 0n;
  for (const fill of fills) units += toUnits(fill.size, decimals);
  return fromUnits(units, decimals);
}
