import {
  formatPrice,
  formatSize,
  MAX_FILLS_LIMIT,
  type Fill,
  type Instrument,
  type OrderRecord,
  type OrderStatus,
  type SelfTradePrevention,
  type Venue,
} from '../../../src/index.js';
import { fromUnits, toUnits } from '../../units/units.js';
import { binanceSymbol } from './binance-symbols.js';

const STATUS: Readonly<Record<OrderStatus, string>> = {
  open: 'NEW',
  partially_filled: 'PARTIALLY_FILLED',
  filled: 'FILLED',
  cancelled: 'CANCELED',
  expired: 'EXPIRED',
  rejected: 'REJECTED',
  pending: 'NEW',
};

export const STP_NAMES: Readonly<Record<SelfTradePrevention, string>> = {
  none: 'NONE',
  cancel_taker: 'EXPIRE_TAKER',
  cancel_maker: 'EXPIRE_MAKER',
  cancel_both: 'EXPIRE_BOTH',
};

/** An answer already written out as JSON text (answered as it is, not serialized again). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Binance's order id: the venue's `ord_<n>` as n. */
export function orderIdNumber(id: string): number {
  return Number(id.slice(4));
}

/** An order without a client order id shows its venue id there (Binance always has one). */
export function clientIdOf(order: OrderRecord): string {
  return order.clientOrderId ?? order.id;
}

export function orderType(order: OrderRecord): string {
  if (order.stopPrice !== null) return order.type === 'market' ? 'STOP_LOSS' : 'STOP_LOSS_LIMIT';
  if (order.type === 'market') return 'MARKET';
  return order.postOnly ? 'LIMIT_MAKER' : 'LIMIT';
}

export function binanceStatus(order: OrderRecord): string {
  return STATUS[order.status];
}

/** Every fill of the order (its record holds the first ones; the rest are paged). */
export function allFills(venue: Venue, order: OrderRecord): readonly Fill[] {
  const first = order.fills; // read once: an OrderView formats its fills at each read
  if (order.fillCount <= first.length) return first;
  const fills: Fill[] = [];
  let cursor: string | null | undefined;
  do {
    const page = venue.orderFills(order.account, order.id, {
      limit: MAX_FILLS_LIMIT,
      ...(cursor != null && { cursor }),
    });
    if (!page.ok) return first;
    fills.push(...page.value.fills);
    cursor = page.value.nextCursor;
  } while (cursor !== null);
  return fills;
}

/** Σ price × size of the fills, exactly, at the instrument's price + size decimals. */
export function quoteOf(instrument: Instrument, fills: readonly Fill[]): string {
  let units = 0n;
  for (const fill of fills) {
    units +=
      toUnits(fill.price, instrument.priceDecimals) * toUnits(fill.size, instrument.sizeDecimals);
  }
  const decimals = instrument.priceDecimals + instrument.sizeDecimals;
  return fromUnits(units, decimals);
}

/** The order as Binance's `GET /api/v3/order` shows it. */
export function binanceOrderJson(
  venue: Venue,
  instrument: Instrument,
  order: OrderRecord,
  updateTime: number,
): Record<string, unknown> {
  const zeroPrice = formatPrice(instrument, 0);
  return {
    symbol: binanceSymbol(order.symbol),
    orderId: orderIdNumber(order.id),
    orderListId: -1,
    clientOrderId: clientIdOf(order),
    price: order.price ?? zeroPrice,
    origQty: order.size,
    executedQty: order.filledSize,
    cummulativeQuoteQty: quoteOf(instrument, allFills(venue, order)),
    status: binanceStatus(order),
    timeInForce: order.timeInForce.toUpperCase(),
    type: orderType(order),
    side: order.side.toUpperCase(),
    stopPrice: order.stopPrice ?? zeroPrice,
    icebergQty: formatSize(instrument, 0),
    time: order.createdAt,
    updateTime,
    isWorking: order.status !== 'pending',
    workingTime: order.status === 'pending' ? -1 : order.createdAt,
    origQuoteOrderQty: formatPrice(instrument, 0),
    selfTradePreventionMode: STP_NAMES[order.stp],
  };
}
