import type { Fill, OrderRecord, TradeRecord } from '../../../src/index.js';

/** Core records (camelCase, getters) mapped field by field to the contract's snake_case JSON. */

let lastMs = NaN;
let lastIso = '';

/** `Date.prototype.toISOString`, remembering the last one: most responses of a millisecond share it. */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

export function orderJson(order: OrderRecord): Record<string, unknown> {
  const json: Record<string, unknown> = { id: order.id };
  if (order.clientOrderId !== null) json['client_order_id'] = order.clientOrderId;
  json['symbol'] = order.symbol;
  json['side'] = order.side;
  json['type'] = order.type;
  if (order.price !== null) json['price'] = order.price;
  json['size'] = order.size;
  json['filled_size'] = order.filledSize;
  json['remaining_size'] = order.remainingSize;
  json['average_price'] = order.averagePrice;
  json['status'] = order.status;
  if (order.rejectReason !== null) json['reject_reason'] = order.rejectReason;
  if (order.reason !== null) json['reason'] = order.reason;
  if (order.stopPrice !== null) json['stop_price'] = order.stopPrice;
  if (order.stp !== 'none') json['stp'] = order.stp;
  if (order.expireAt !== null) json['expire_at'] = isoTime(order.expireAt);
  json['time_in_force'] = order.timeInForce;
  json['post_only'] = order.postOnly;
  json['created_at'] = isoTime(order.createdAt);
  json['fills'] = order.fills.map(fillJson);
  json['fill_count'] = order.fillCount;
  return json;
}

/**
 * `JSON.stringify(orderJson(order))`, written out: the answer to every order command, where
 * building the object and serializing it cost more than the text. Ids, enums, decimals and times
 * need no escaping; the other strings are serialized as JSON.
 */
export function orderText(order: OrderRecord): string {
  let text = `{"id":"${order.id}"`;
  if (order.clientOrderId !== null)
    text += `,"client_order_id":${JSON.stringify(order.clientOrderId)}`;
  text += `,"symbol":${JSON.stringify(order.symbol)},"side":"${order.side}","type":"${order.type}"`;
  if (order.price !== null) text += `,"price":"${order.price}"`;
  text += `,"size":"${order.size}","filled_size":"${order.filledSize}","remaining_size":"${order.remainingSize}"`;
  const average = order.averagePrice;
  text += `,"average_price":${average === null ? 'null' : `"${average}"`},"status":"${order.status}"`;
  if (order.rejectReason !== null) text += `,"reject_reason":${JSON.stringify(order.rejectReason)}`;
  if (order.reason !== null) text += `,"reason":"${order.reason}"`;
  if (order.stopPrice !== null) text += `,"stop_price":"${order.stopPrice}"`;
  if (order.stp !== 'none') text += `,"stp":"${order.stp}"`;
  if (order.expireAt !== null) text += `,"expire_at":"${isoTime(order.expireAt)}"`;
  text += `,"time_in_force":"${order.timeInForce}","post_only":${order.postOnly}`;
  text += `,"created_at":"${isoTime(order.createdAt)}","fills":[`;
  order.fills.forEach((fill, index) => {
    text += `${index === 0 ? '' : ','}{"trade_id":"${fill.tradeId}","price":"${fill.price}","size":"${fill.size}"}`;
  });
  return text + `],"fill_count":${order.fillCount}}`;
}

export function fillJson(fill: Fill): Record<string, unknown> {
  return { trade_id: fill.tradeId, price: fill.price, size: fill.size };
}

export function tradeJson(trade: TradeRecord): Record<string, unknown> {
  return {
    trade_id: trade.id,
    symbol: trade.symbol,
    side: trade.side,
    price: trade.price,
    size: trade.size,
    timestamp: isoTime(trade.timestamp),
  };
}
