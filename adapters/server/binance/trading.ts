import {
  formatPrice,
  type Instrument,
  type OrderRecord,
  type OrderRequest,
  type QuoteOrderRequest,
  type Result,
  type SelfTradePrevention,
  type TimeInForce,
  type Venue,
  type VenueError,
  type Units,
} from '../../../src/index.js';
import { fromUnits, toUnits } from '../../units/units.js';
import type { AccountTrades } from './account-trades.js';
import {
  filterFailure,
  illegal,
  INSUFFICIENT_BALANCE,
  INVALID_SYMBOL,
  invalidValue,
  missing,
  NO_SUCH_ORDER,
  UNKNOWN_ORDER,
  WOULD_TAKE,
  type BinanceError,
} from './binance-errors.js';
import type { BinanceParams } from './binance-params.js';
import { binanceSymbol } from './binance-symbols.js';
import {
  binanceIntegerParam,
  pageOf,
  pageParams,
  symbolParam,
  type MarketData,
} from './market-data.js';
import {
  allFills,
  binanceStatus,
  clientIdOf,
  JsonText,
  orderIdNumber,
  binanceOrderJson,
  orderType,
  quoteOf,
  STP_NAMES,
} from './order-format.js';

/** What the signed routes use beyond the market data. */
export interface Trading extends MarketData {
  readonly accountTrades: AccountTrades;
  /** Called with each order the venue accepted (the journal). */
  readonly onPlaced: (order: OrderRecord) => void;
  readonly onCancelled: (order: OrderRecord) => void;
}

export const NEW_ORDER_PARAMS = [
  'symbol',
  'side',
  'type',
  'timeInForce',
  'quantity',
  'quoteOrderQty',
  'price',
  'newClientOrderId',
  'stopPrice',
  'newOrderRespType',
  'selfTradePreventionMode',
];
// Maps, not object literals: a client's `toString` or `__proto__` must find nothing.
const STP_BY_BINANCE_MODE: ReadonlyMap<string, SelfTradePrevention> = new Map([
  ['NONE', 'none'],
  ['EXPIRE_TAKER', 'cancel_taker'],
  ['EXPIRE_MAKER', 'cancel_maker'],
  ['EXPIRE_BOTH', 'cancel_both'],
]);
const TIME_IN_FORCE_BY_BINANCE_NAME: ReadonlyMap<string, TimeInForce> = new Map([
  ['GTC', 'gtc'],
  ['IOC', 'ioc'],
  ['FOK', 'fok'],
]);
const LIMIT_TYPES = ['LIMIT', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT'];

/**
 * POST /api/v3/order: Binance's parameters onto the venue's order request. The answer (ACK,
 * RESULT or FULL) is written out as JSON text, each field read once from the placed order: built
 * as objects (the ACK spread into the RESULT, the RESULT into the FULL), its properties were each
 * stored on a copied object, which cost more than the order itself.
 */
export function newOrder(
  trading: Trading,
  account: string,
  params: BinanceParams,
): JsonText | BinanceError {
  const instrument = symbolParam(trading, params);
  if ('code' in instrument) return instrument;
  const request = orderRequest(instrument, account, params);
  if ('code' in request) return request;
  const respType = params.get('newOrderRespType') ?? 'FULL';
  if (respType !== 'ACK' && respType !== 'RESULT' && respType !== 'FULL') {
    return invalidValue(-1100, "Illegal characters found in parameter 'newOrderRespType'.");
  }
  const placed = trading.venue.placeOrder(request);
  if (!placed.ok) return orderRefusal(placed.error);
  const order = placed.value;
  trading.onPlaced(order);
  const status = order.status;
  if (status === 'rejected') return WOULD_TAKE;
  const createdAt = order.createdAt;
  let text =
    `{"symbol":"${binanceSymbol(order.symbol)}","orderId":${orderIdNumber(order.id)}` +
    `,"orderListId":-1,"clientOrderId":${JSON.stringify(clientIdOf(order))},"transactTime":${createdAt}`;
  if (respType === 'ACK') return new JsonText(`${text}}`);
  const fills = allFills(trading.venue, order);
  const zero = formatPrice(instrument, 0);
  const quoteOrderQty = params.get('quoteOrderQty');
  text +=
    `,"price":"${order.price ?? zero}","origQty":"${order.size}","executedQty":"${order.filledSize}"` +
    `,"origQuoteOrderQty":${quoteOrderQty === undefined ? `"${zero}"` : JSON.stringify(quoteOrderQty)}` +
    `,"cummulativeQuoteQty":"${quoteOf(instrument, fills)}","status":"${binanceStatus(order)}"` +
    `,"timeInForce":"${order.timeInForce.toUpperCase()}","type":"${orderType(order)}"` +
    `,"side":"${order.side.toUpperCase()}","workingTime":${status === 'pending' ? -1 : createdAt}` +
    `,"selfTradePreventionMode":"${STP_NAMES[order.stp]}"`;
  if (respType === 'RESULT') return new JsonText(`${text}}`);
  const quote = instrument.symbol.split('-')[1]!;
  const book = trading.venue.core.bookIndex(instrument.symbol);
  text += ',"fills":[';
  for (let i = 0; i < fills.length; i++) {
    const { price, size, tradeId } = fills[i]!;
    const fee = commission(trading.venue, instrument, book, price, size, false);
    text +=
      `${i === 0 ? '' : ','}{"price":"${price}","qty":"${size}","commission":"${fee}"` +
      `,"commissionAsset":"${quote}","tradeId":${Number(tradeId.slice(2))}}`;
  }
  return new JsonText(`${text}]}`);
}

/** The fee a fill cost one side, in the quote asset (what the venue's balances charged). */
function commission(
  venue: Venue,
  instrument: Instrument,
  book: number,
  price: string,
  size: string,
  maker: boolean,
): string {
  const balances = venue.core.balances;
  const quote = instrument.symbol.split('-')[1]!;
  const decimals =
    balances?.decimalsOf(quote) ?? instrument.priceDecimals + instrument.sizeDecimals;
  if (balances === null) return fromUnits(0n, decimals);
  const fee = balances.feeOf(
    book,
    Number(toUnits(price, instrument.priceDecimals)) as Units,
    Number(toUnits(size, instrument.sizeDecimals)) as Units,
    maker,
  );
  return fromUnits(fee, decimals);
}

function orderRequest(
  instrument: Instrument,
  account: string,
  params: BinanceParams,
): OrderRequest | QuoteOrderRequest | BinanceError {
  const side = params.get('side');
  if (side === undefined) return missing('side');
  if (side !== 'BUY' && side !== 'SELL') return invalidValue(-1117, 'Invalid side.');
  const type = params.get('type');
  if (type === undefined) return missing('type');
  if (!['LIMIT', 'MARKET', 'LIMIT_MAKER', 'STOP_LOSS', 'STOP_LOSS_LIMIT'].includes(type)) {
    return invalidValue(-1116, 'Invalid orderType.');
  }
  const limit = LIMIT_TYPES.includes(type);
  const timeInForceText = params.get('timeInForce');
  let timeInForce: TimeInForce | undefined;
  if (type === 'LIMIT' || type === 'STOP_LOSS_LIMIT') {
    if (timeInForceText === undefined) return missing('timeInForce');
    timeInForce = TIME_IN_FORCE_BY_BINANCE_NAME.get(timeInForceText);
    if (timeInForce === undefined) return invalidValue(-1115, 'Invalid timeInForce.');
  } else if (timeInForceText !== undefined) {
    return invalidValue(-1106, "Parameter 'timeInForce' sent when not required.");
  }
  const price = params.get('price');
  if (limit && price === undefined) return missing('price');
  if (!limit && price !== undefined) {
    return invalidValue(-1106, "Parameter 'price' sent when not required.");
  }
  const stopPrice = params.get('stopPrice');
  const stop = type === 'STOP_LOSS' || type === 'STOP_LOSS_LIMIT';
  if (stop && stopPrice === undefined) return missing('stopPrice');
  if (!stop && stopPrice !== undefined) {
    return invalidValue(-1106, "Parameter 'stopPrice' sent when not required.");
  }
  const quantity = params.get('quantity');
  const quoteOrderQty = params.get('quoteOrderQty');
  if (
    quoteOrderQty !== undefined &&
    (type !== 'MARKET' || side !== 'BUY' || quantity !== undefined)
  ) {
    return invalidValue(-1106, "Parameter 'quoteOrderQty' sent when not required.");
  }
  if (quantity === undefined && quoteOrderQty === undefined) return missing('quantity');
  const stpText = params.get('selfTradePreventionMode');
  const stp = stpText === undefined ? undefined : STP_BY_BINANCE_MODE.get(stpText);
  if (stpText !== undefined && stp === undefined) {
    return invalidValue(-1100, "Illegal characters found in parameter 'selfTradePreventionMode'.");
  }
  const clientOrderId = params.get('newClientOrderId');
  // Fixed fields first, then the optional ones (a spread object with fields added after it
  // stores each one on its copy: slow).
  return {
    account,
    symbol: instrument.symbol,
    side: side === 'BUY' ? 'buy' : 'sell',
    type: limit ? 'limit' : 'market',
    ...(quoteOrderQty !== undefined ? { quoteSize: quoteOrderQty } : { size: quantity! }),
    ...(price !== undefined && { price: price }),
    ...(timeInForce !== undefined && { timeInForce }),
    ...(type === 'LIMIT_MAKER' && { postOnly: true }),
    ...(stopPrice !== undefined && { stopPrice: stopPrice }),
    ...(clientOrderId !== undefined && { clientOrderId }),
    ...(stp !== undefined && { stp }),
  };
}

/** A venue refusal of a new order as Binance would answer it. */
function orderRefusal(error: VenueError): BinanceError {
  switch (error.code) {
    case 'insufficient_balance':
      return INSUFFICIENT_BALANCE;
    case 'unknown_symbol':
      return INVALID_SYMBOL;
    case 'invalid_parameter':
      if (error.field === 'price' || error.field === 'stop_price') {
        return filterFailure('PRICE_FILTER', error.message);
      }
      if (error.field === 'size' || error.field === 'quote_size') {
        return filterFailure('LOT_SIZE', error.message);
      }
      if (error.field === 'client_order_id') {
        return illegal('newClientOrderId', 'it must be 1-64 of A-Z a-z 0-9 _ -');
      }
      return invalidValue(-1013, error.message);
    default:
      return invalidValue(-1013, error.message);
  }
}

/** The order named by `orderId` or `origClientOrderId` on `symbol`, or Binance's refusal. */
function findOrder(
  trading: Trading,
  account: string,
  params: BinanceParams,
  notFound: BinanceError,
): { instrument: Instrument; order: OrderRecord } | BinanceError {
  const instrument = symbolParam(trading, params);
  if ('code' in instrument) return instrument;
  const orderId = binanceIntegerParam(params, 'orderId', undefined);
  if (typeof orderId === 'object') return orderId;
  const clientId = params.get('origClientOrderId');
  if (orderId === undefined && clientId === undefined) return missing('orderId');
  let found: Result<OrderRecord> | undefined;
  if (orderId !== undefined) {
    found = trading.venue.getOrder(account, `ord_${orderId}`);
  } else if (/^ord_[0-9]{1,15}$/.test(clientId!)) {
    found = trading.venue.getOrder(account, clientId!);
  } else {
    const [newest] = ordersOf(trading.venue, account, instrument.symbol).filter(
      (order) => order.clientOrderId === clientId,
    );
    if (newest !== undefined) found = { ok: true, value: newest };
  }
  if (found === undefined || !found.ok || found.value.symbol !== instrument.symbol) return notFound;
  if (clientId !== undefined && clientIdOf(found.value) !== clientId) return notFound;
  return { instrument, order: found.value };
}

/** The account's orders on a symbol, newest first (every one the venue retains). */
function ordersOf(venue: Venue, account: string, symbol: string | undefined): OrderRecord[] {
  const listed = venue.listOrders(account, symbol === undefined ? {} : { symbol });
  return listed.ok ? listed.value : [];
}

export function queryOrder(trading: Trading, account: string, params: BinanceParams): unknown {
  const found = findOrder(trading, account, params, NO_SUCH_ORDER);
  if ('code' in found) return found;
  return binanceOrderJson(trading.venue, found.instrument, found.order, found.order.createdAt);
}

export function cancelOrder(
  trading: Trading,
  account: string,
  params: BinanceParams,
  now: number,
): unknown {
  const found = findOrder(trading, account, params, UNKNOWN_ORDER);
  if ('code' in found) return found;
  const cancelled = trading.venue.cancelOrder(account, found.order.id);
  if (!cancelled.ok) return UNKNOWN_ORDER;
  trading.onCancelled(cancelled.value);
  const json = binanceOrderJson(trading.venue, found.instrument, cancelled.value, now);
  return {
    symbol: json['symbol'],
    origClientOrderId: json['clientOrderId'],
    orderId: json['orderId'],
    orderListId: -1,
    clientOrderId: params.get('newClientOrderId') ?? json['clientOrderId'],
    transactTime: now,
    price: json['price'],
    origQty: json['origQty'],
    executedQty: json['executedQty'],
    cummulativeQuoteQty: json['cummulativeQuoteQty'],
    status: json['status'],
    timeInForce: json['timeInForce'],
    type: json['type'],
    side: json['side'],
    stopPrice: json['stopPrice'],
    selfTradePreventionMode: json['selfTradePreventionMode'],
  };
}

const LIVE_STATUSES = ['open', 'partially_filled', 'pending'] as const;

export function openOrders(trading: Trading, account: string, params: BinanceParams): unknown {
  let symbol: string | undefined;
  if (params.has('symbol')) {
    const instrument = symbolParam(trading, params);
    if ('code' in instrument) return instrument;
    symbol = instrument.symbol;
  }
  const live: OrderRecord[] = [];
  for (const status of LIVE_STATUSES) {
    const listed = trading.venue.listOrders(account, {
      status,
      ...(symbol !== undefined && { symbol }),
    });
    if (listed.ok) live.push(...listed.value);
  }
  live.sort((a, b) => orderIdNumber(a.id) - orderIdNumber(b.id));
  return live.map((order) =>
    binanceOrderJson(
      trading.venue,
      trading.symbols.find(binanceSymbol(order.symbol))!,
      order,
      order.createdAt,
    ),
  );
}

export function allOrders(trading: Trading, account: string, params: BinanceParams): unknown {
  const instrument = symbolParam(trading, params);
  if ('code' in instrument) return instrument;
  const page = pageParams(params, 'orderId', 'startTime', 'endTime');
  if ('code' in page) return page;
  const { limit, orderId, startTime, endTime } = page;
  const oldestFirst = ordersOf(trading.venue, account, instrument.symbol)
    .reverse()
    .filter(
      (order) =>
        (orderId === undefined || orderIdNumber(order.id) >= orderId) &&
        (startTime === undefined || order.createdAt >= startTime) &&
        (endTime === undefined || order.createdAt <= endTime),
    );
  const chosen = pageOf(oldestFirst, orderId !== undefined || startTime !== undefined, limit);
  return chosen.map((order) => binanceOrderJson(trading.venue, instrument, order, order.createdAt));
}

export function myTrades(trading: Trading, account: string, params: BinanceParams): unknown {
  const instrument = symbolParam(trading, params);
  if ('code' in instrument) return instrument;
  const page = pageParams(params, 'orderId', 'fromId', 'startTime', 'endTime');
  if ('code' in page) return page;
  const { limit, orderId, fromId, startTime, endTime } = page;
  const book = trading.venue.core.bookIndex(instrument.symbol);
  const quote = instrument.symbol.split('-')[1]!;
  const wanted = trading.accountTrades
    .of(account)
    .filter(
      ({ trade, orderId: id }) =>
        trade.symbol === instrument.symbol &&
        (orderId === undefined || orderIdNumber(id) === orderId) &&
        (fromId === undefined || trade.sequence >= fromId) &&
        (startTime === undefined || trade.timestamp >= startTime) &&
        (endTime === undefined || trade.timestamp <= endTime),
    );
  const chosen = pageOf(wanted, fromId !== undefined || startTime !== undefined, limit);
  return chosen.map(({ trade, orderId: id, buyer, maker }) => ({
    symbol: binanceSymbol(trade.symbol),
    id: trade.sequence,
    orderId: orderIdNumber(id),
    orderListId: -1,
    price: trade.price,
    qty: trade.size,
    quoteQty: quoteOf(instrument, [{ tradeId: trade.id, price: trade.price, size: trade.size }]),
    commission: commission(trading.venue, instrument, book, trade.price, trade.size, maker),
    commissionAsset: quote,
    time: trade.timestamp,
    isBuyer: buyer,
    isMaker: maker,
    isBestMatch: true,
  }));
}

export function account(
  trading: Trading,
  account: string,
  params: BinanceParams,
  now: number,
): unknown {
  const balances = trading.venue.balances(account);
  const rates = trading.venue.core.balances?.feeRates ?? { maker: 0, taker: 0 };
  const rate = (bps: number) => fromUnits(BigInt(bps), 4, 8);
  const omitZero = params.get('omitZeroBalances') === 'true';
  const listed = balances.ok ? balances.value : [];
  return {
    makerCommission: rates.maker,
    takerCommission: rates.taker,
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: {
      maker: rate(rates.maker),
      taker: rate(rates.taker),
      buyer: rate(0),
      seller: rate(0),
    },
    canTrade: true,
    canWithdraw: false,
    canDeposit: false,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: now,
    accountType: 'SPOT',
    balances: listed.filter(
      (balance) => !omitZero || /[1-9]/.test(balance.free) || /[1-9]/.test(balance.locked),
    ),
    permissions: ['SPOT'],
    uid: 0,
  };
}
