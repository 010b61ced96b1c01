/**
 * The venue's string API driven through its numeric path: each command the numeric path can
 * express is converted (decimal strings to ticks and lots, names to codes) and sent to
 * `venue.core`; the record is then read back with getOrder. Inputs the numbers cannot carry go
 * to the string API: a malformed symbol, and a market order naming a time in force (numbers have
 * no "absent"). Values off the grid or malformed become non-integers, which the core refuses on
 * the same field.
 */
import {
  FLAG_POST_ONLY,
  SIDE_BUY,
  SIDE_SELL,
  STP_MODES,
  SYMBOL_PATTERN,
  TIF_FOK,
  TIF_GTC,
  TIF_GTD,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  refusalError,
  type OrderRecord,
  type OrderRequest,
  type Result,
  type Venue,
} from '../../src/index.js';
import { parseDecimal } from './exact-decimal.js';
import type { VenueApi } from './model-harness.js';
import { amendOrder, cancelOrder, placeOrder, reduceOrder } from '../core/core-commands.js';

const TIME_IN_FORCE_CODES: Record<string, number> = {
  gtc: TIF_GTC,
  ioc: TIF_IOC,
  fok: TIF_FOK,
  gtd: TIF_GTD,
};

/** How many `step`s `text` is: NaN when malformed, a fraction when off the grid. */
function steps(text: string, step: string): number {
  const value = parseDecimal(text);
  const stepValue = parseDecimal(step)!;
  if (value === null) return NaN;
  return value % stepValue === 0n ? Number(value / stepValue) : 0.5;
}

/** Like steps, for a field where the numbers read 0 as absent: a given zero becomes NaN. */
function givenSteps(text: string | undefined, step: string): number {
  if (text === undefined) return 0;
  const count = steps(text, step);
  return count === 0 ? NaN : count;
}

function sequenceOf(id: string): number {
  return /^ord_[1-9][0-9]*$/.test(id) ? Number(id.slice(4)) : -1;
}

function resultOf(venue: Venue, code: number, account: string): Result<OrderRecord> {
  return code < 0
    ? { ok: false, error: refusalError(code) }
    : venue.getOrder(account, `ord_${code}`);
}

function placeNumerically(venue: Venue, request: OrderRequest): Result<OrderRecord> {
  const { core } = venue;
  const book = core.bookIndex(request.symbol);
  const instrument = venue.instruments()[book];
  const type = request.type === 'limit' ? TYPE_LIMIT : request.type === 'market' ? TYPE_MARKET : -1;
  const code = placeOrder(
    core,
    core.accountId(request.account),
    book,
    request.side === 'buy' ? SIDE_BUY : request.side === 'sell' ? SIDE_SELL : -1,
    type,
    type === TYPE_MARKET ? TIF_IOC : (TIME_IN_FORCE_CODES[request.timeInForce ?? 'gtc'] ?? -1),
    request.postOnly === true ? FLAG_POST_ONLY : 0,
    request.price === undefined ? 0 : steps(request.price, instrument?.tickSize ?? '1'),
    steps(request.size, instrument?.lotSize ?? '1'),
    request.clientOrderId ?? null,
    givenSteps(request.stopPrice, instrument?.tickSize ?? '1'),
    request.stp === undefined ? undefined : STP_MODES.indexOf(request.stp),
    request.expireAt ?? 0,
  );
  return resultOf(venue, code, request.account);
}

/** The commands through the numeric path where it can carry them, the queries through the string API. */
export function numericVenueApi(venue: Venue): VenueApi {
  const { core } = venue;
  return {
    placeOrder: (request) =>
      'quoteSize' in request ||
      !SYMBOL_PATTERN.test(request.symbol) ||
      (request.type === 'market' && request.timeInForce !== undefined)
        ? venue.placeOrder(request)
        : placeNumerically(venue, request),
    cancelOrder: (account, id) =>
      resultOf(venue, cancelOrder(core, core.accountId(account), sequenceOf(id)), account),
    reduceOrder: (account, id, size) => {
      const order = venue.getOrder(account, id);
      const instrument = order.ok ? venue.instrument(order.value.symbol) : undefined;
      const lots = instrument?.ok === true ? steps(size, instrument.value.lotSize) : NaN;
      return resultOf(
        venue,
        reduceOrder(core, core.accountId(account), sequenceOf(id), lots),
        account,
      );
    },
    amendOrder: (account, id, request) => {
      const order = venue.getOrder(account, id);
      const instrument = order.ok ? venue.instrument(order.value.symbol) : undefined;
      const { lotSize = '1', tickSize = '1' } = instrument?.ok === true ? instrument.value : {};
      const lots = givenSteps(request.size, lotSize);
      const ticks = givenSteps(request.price, tickSize);
      return resultOf(
        venue,
        amendOrder(core, core.accountId(account), sequenceOf(id), lots, ticks),
        account,
      );
    },
    getOrder: (account, id) => venue.getOrder(account, id),
    listOrders: (account, filter) => venue.listOrders(account, filter),
    ticker: (symbol) => venue.ticker(symbol),
    orderBook: (symbol, depth) => venue.orderBook(symbol, depth),
    trades: (symbol, limit) => venue.trades(symbol, limit),
  };
}

/** Alternates between the two APIs command by command, so that each acts on the other's orders. */
export function mixedVenueApi(venue: Venue): VenueApi {
  const numeric = numericVenueApi(venue);
  let calls = 0;
  const pick = (): VenueApi => (calls++ % 2 === 0 ? numeric : venue);
  return {
    ...numeric,
    placeOrder: (request) => pick().placeOrder(request),
    cancelOrder: (account, id) => pick().cancelOrder(account, id),
    reduceOrder: (account, id, size) => pick().reduceOrder(account, id, size),
    amendOrder: (account, id, request) => pick().amendOrder(account, id, request),
  };
}
