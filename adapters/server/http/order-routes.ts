import { createHash } from 'node:crypto';
import {
  CLIENT_ORDER_ID_PATTERN,
  DEFAULT_FILLS_LIMIT,
  MAX_FILLS_LIMIT,
  MAX_QUERY_LIMIT,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../../src/index.js';
import { ordersByClientOrderId } from './client-routes.js';
import { apiError, ERROR_STATUS } from './errors.js';
import { singleHeader, type HttpResponse } from './http-types.js';
import { parseJsonObject, toAmendRequest, toOrderRequest } from './order-body.js';
import { orderLimitRefusal } from './order-limits.js';
import { integerParam, parseQuery } from './query.js';
import { idempotencyScope } from './idempotency-store.js';
import { quote, QUOTE_LIMIT } from '../../quote.js';
import {
  errorResponse,
  okResponse,
  orderResponse,
  venueErrorResponse,
  type IdempotencyTag,
  type RouteCall,
} from './route-context.js';
import { fillJson, orderJson } from './wire-format.js';

/** Default number of orders `GET /v1/orders` answers with. */
export const DEFAULT_ORDERS_LIMIT = 100;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const JSON_MEDIA_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

export function listOrders({ context, caller, search }: RouteCall): HttpResponse {
  const params = parseQuery(search, ['symbol', 'status', 'limit', 'client_order_id']);
  if (!params.ok) return errorResponse(params.error);
  const limit = integerParam(params.value, 'limit', DEFAULT_ORDERS_LIMIT, MAX_QUERY_LIMIT);
  if (!limit.ok) return errorResponse(limit.error);
  const symbol = params.value.get('symbol');
  const status = params.value.get('status');
  if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
    return errorResponse(
      apiError('invalid_parameter', `status must be one of ${ORDER_STATUSES.join(', ')}`, 'status'),
    );
  }
  const filter = {
    limit: limit.value,
    ...(symbol !== undefined && { symbol }),
    ...(status !== undefined && { status: status as OrderStatus }),
  };
  const clientOrderId = params.value.get('client_order_id') || undefined;
  if (clientOrderId !== undefined && !CLIENT_ORDER_ID_PATTERN.test(clientOrderId)) {
    const message = 'client_order_id must be 1-64 of A-Z a-z 0-9 _ -';
    return errorResponse(apiError('invalid_parameter', message, 'client_order_id'));
  }
  const orders =
    clientOrderId === undefined
      ? context.venue.listOrders(caller.account, filter)
      : ordersByClientOrderId(context.venue, caller.account, clientOrderId, filter);
  return orders.ok ? okResponse(200, orders.value.map(orderJson)) : venueErrorResponse(orders);
}

export function getOrder({ context, caller, id }: RouteCall): HttpResponse {
  if (id.length > QUOTE_LIMIT) return unknownOrder(id);
  const order = context.venue.getOrder(caller.account, id);
  return order.ok ? orderResponse(200, order.value) : venueErrorResponse(order);
}

/** GET /v1/orders/{id}/fills?limit=&cursor=: a page of the order's fills, oldest first. */
export function getOrderFills({ context, caller, search, id }: RouteCall): HttpResponse {
  const params = parseQuery(search, ['limit', 'cursor']);
  if (!params.ok) return errorResponse(params.error);
  const limit = integerParam(params.value, 'limit', DEFAULT_FILLS_LIMIT, MAX_FILLS_LIMIT);
  if (!limit.ok) return errorResponse(limit.error);
  if (id.length > QUOTE_LIMIT) return unknownOrder(id);
  const cursor = params.value.get('cursor');
  const page = context.venue.orderFills(caller.account, id, {
    limit: limit.value,
    ...(cursor !== undefined && { cursor }),
  });
  if (!page.ok) return venueErrorResponse(page);
  const { fills, nextCursor } = page.value;
  return okResponse(200, { fills: fills.map(fillJson), next_cursor: nextCursor });
}

export function cancelOrder({ context, caller, id }: RouteCall): HttpResponse {
  if (id.length > QUOTE_LIMIT) return unknownOrder(id);
  const order = context.venue.cancelOrder(caller.account, id);
  if (!order.ok) return venueErrorResponse(order);
  context.onAccepted({ action: 'cancel', order: order.value, at: context.venue.commandTime() });
  return orderResponse(200, order.value);
}

/** PATCH /v1/orders/{id}: a new size and/or price (docs/order-types.md). */
export function amendOrder({ context, caller, request, id }: RouteCall): HttpResponse {
  const refused = bodyRefusal(request);
  if (refused !== undefined) return refused;
  const body = parseJsonObject(request.body as Uint8Array);
  if (!body.ok) return errorResponse(body.error);
  const amend = toAmendRequest(body.value);
  if (!amend.ok) return errorResponse(amend.error);
  if (id.length > QUOTE_LIMIT) return unknownOrder(id);
  const order = context.venue.amendOrder(caller.account, id, amend.value);
  if (!order.ok) return venueErrorResponse(order);
  const at = context.venue.commandTime();
  context.onAccepted({ action: 'amend', order: order.value, at, request: amend.value });
  return orderResponse(200, order.value);
}

/** The first order-feature field of a body (docs/order-types.md), if any. */
function orderFeature(body: Record<string, unknown>): string | undefined {
  return ['stop_price', 'stp', 'expire_at'].find((name) => body[name] !== undefined);
}

/** A JSON body's media type and size, checked before it is read. */
function bodyRefusal(request: RouteCall['request']): HttpResponse | undefined {
  if (!JSON_MEDIA_TYPE.test(singleHeader(request, 'content-type') ?? '')) {
    return errorResponse(apiError('unsupported_media_type', 'the body must be application/json'));
  }
  if (request.body === 'too_large') {
    return errorResponse(apiError('payload_too_large', 'the body must be at most 64 KiB'));
  }
  return undefined;
}

/**
 * An id longer than QUOTE_LIMIT is no order's (ids are `ord_` and at most 16 digits): answered
 * here, as the venue's message would repeat the whole id.
 */
function unknownOrder(id: string): HttpResponse {
  return errorResponse(apiError('order_not_found', `no order ${quote(id)} for this account`));
}

/** POST /v1/orders, with Idempotency-Key replay: same key and body give the first response again. */
export function createOrder(call: RouteCall): HttpResponse {
  const { context, caller, request } = call;
  const refused = bodyRefusal(request);
  if (refused !== undefined) return refused;
  const body = request.body as Uint8Array;
  const idempotencyKey = request.headers['idempotency-key'];
  if (idempotencyKey === undefined) return placeOrder(call, body);
  if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    const message = 'Idempotency-Key must be given once, 1-255 visible ASCII characters';
    return errorResponse(apiError('invalid_parameter', message, 'Idempotency-Key'));
  }
  const scope = idempotencyScope(caller.account, idempotencyKey);
  const fingerprint = createHash('sha256').update(body).digest('base64');
  const now = context.clock();
  const seen = context.idempotency.lookup(scope, fingerprint, now);
  if (seen.kind === 'replay') return seen.response;
  if (seen.kind === 'conflict') {
    const message = 'this Idempotency-Key was used with another body';
    return errorResponse(apiError('idempotency_conflict', message, 'Idempotency-Key'));
  }
  const response = placeOrder(call, body, { key: idempotencyKey, fingerprint });
  // A refusal for the account's order limits depends on its orders now: a retry may be placed.
  if (response.status !== ERROR_STATUS.too_many_orders)
    context.idempotency.store(scope, fingerprint, response, now);
  return response;
}

function placeOrder(
  { context, caller }: RouteCall,
  bytes: Uint8Array,
  idempotency?: IdempotencyTag,
): HttpResponse {
  const body = parseJsonObject(bytes);
  if (!body.ok) return errorResponse(body.error);
  const orderRequest = toOrderRequest(caller.account, body.value);
  if (!orderRequest.ok) return errorResponse(orderRequest.error);
  const unrecorded = context.recordsOrderFeatures ? undefined : orderFeature(body.value);
  if (unrecorded !== undefined) {
    const message = `${unrecorded} cannot be recorded: the journal was started without its column`;
    return errorResponse(apiError('invalid_parameter', message, unrecorded));
  }
  const overLimit = orderLimitRefusal(context.venue, orderRequest.value, context.orderLimits);
  if (overLimit !== undefined) return errorResponse(overLimit);
  const order = context.venue.placeOrder(orderRequest.value);
  if (!order.ok) return venueErrorResponse(order);
  context.onAccepted({ action: 'new', order: order.value, ...(idempotency && { idempotency }) });
  return orderResponse(201, order.value);
}
