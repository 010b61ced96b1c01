import { DEFAULT_BOOK_DEPTH, DEFAULT_TRADES_LIMIT, MAX_QUERY_LIMIT } from '../../../src/index.js';
import { integerParam, parseQuery, requiredParam } from './query.js';
import { errorResponse, okResponse, venueErrorResponse, type RouteCall } from './route-context.js';
import { jsonResponse, type HttpResponse } from './http-types.js';
import { tickerJson } from '../../flow/index.js';
import { isoTime, tradeJson } from './wire-format.js';

export function getTicker({ context, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, ['symbol']);
  if (!params.ok) return errorResponse(params.error);
  const symbol = requiredParam(params.value, 'symbol');
  if (!symbol.ok) return errorResponse(symbol.error);
  const ticker = context.venue.ticker(symbol.value);
  return ticker.ok
    ? okResponse(200, tickerJson(ticker.value, isoTime))
    : venueErrorResponse(ticker);
}

export function getOrderBook({ context, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, ['symbol', 'depth']);
  if (!params.ok) return errorResponse(params.error);
  const symbol = requiredParam(params.value, 'symbol');
  if (!symbol.ok) return errorResponse(symbol.error);
  const depth = integerParam(params.value, 'depth', DEFAULT_BOOK_DEPTH, MAX_QUERY_LIMIT);
  if (!depth.ok) return errorResponse(depth.error);
  const body = context.orderBooks.body(context.venue, symbol.value, depth.value);
  return body.ok ? jsonResponse(200, body.value) : venueErrorResponse(body);
}

export function getTrades({ context, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, ['symbol', 'limit']);
  if (!params.ok) return errorResponse(params.error);
  const symbol = requiredParam(params.value, 'symbol');
  if (!symbol.ok) return errorResponse(symbol.error);
  const limit = integerParam(params.value, 'limit', DEFAULT_TRADES_LIMIT, MAX_QUERY_LIMIT);
  if (!limit.ok) return errorResponse(limit.error);
  const trades = context.venue.trades(symbol.value, limit.value);
  return trades.ok ? okResponse(200, trades.value.map(tradeJson)) : venueErrorResponse(trades);
}
