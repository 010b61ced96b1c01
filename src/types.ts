/** The public vocabulary of the venue: values as the contract (docs/http-api.md) names them. */
import {
  ORDER_REASON_CODES,
  ORDER_STATUS_CODES,
  ORDER_TYPE_CODES,
  SIDE_CODES,
  STP_CODES,
  TIME_IN_FORCE_CODES,
} from './codes.js';
import type { Lots, Ticks } from './quantities.js';

export type Side = (typeof SIDE_CODES.names)[number];
export type OrderType = (typeof ORDER_TYPE_CODES.names)[number];
export type TimeInForce = (typeof TIME_IN_FORCE_CODES.names)[number];
export type OrderStatus = (typeof ORDER_STATUS_CODES.names)[number];
/** Self-trade prevention: what happens when an order would trade with its own account's order. */
export type SelfTradePrevention = (typeof STP_CODES.names)[number];
/** Why an order ended as it did, where its status alone does not say (docs/order-types.md). */
export type OrderReason = Exclude<(typeof ORDER_REASON_CODES.names)[number], 'none'>;

/** The words of codes.ts's tables, in code order. */
export const SIDES: readonly Side[] = SIDE_CODES.names;
export const ORDER_TYPES: readonly OrderType[] = ORDER_TYPE_CODES.names;
export const TIMES_IN_FORCE: readonly TimeInForce[] = TIME_IN_FORCE_CODES.names;
export const ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUS_CODES.names;
export const STP_MODES: readonly SelfTradePrevention[] = STP_CODES.names;
/** By reason code (code 0, `none`: null). */
export const ORDER_REASONS: readonly (OrderReason | null)[] = ORDER_REASON_CODES.names.map(
  (name) => (name === 'none' ? null : name),
);

/** The one reason an order is rejected after validation. */
export const POST_ONLY_REJECT_REASON = 'post_only_would_take';

/** A new order as a caller sends it; decimals are strings. */
export interface OrderRequest {
  readonly account: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly size: string;
  /** Required for limit orders, refused for market orders. */
  readonly price?: string;
  /** Limit orders only; default `gtc`. `gtd` needs `expireAt`. */
  readonly timeInForce?: TimeInForce;
  /** Limit gtc orders only; default false. */
  readonly postOnly?: boolean;
  /** 1-64 of [A-Za-z0-9_-]. */
  readonly clientOrderId?: string;
  /** Makes the order a stop: it waits (`pending`) until a trade at or beyond this price. */
  readonly stopPrice?: string;
  /** `gtd` orders only: milliseconds since the epoch, after now; the order expires at this time. */
  readonly expireAt?: number;
  /** Default: the venue's (VenueOptions.selfTradePrevention, itself `none` by default). */
  readonly stp?: SelfTradePrevention;
}

/** A market buy sized by the quote amount it spends instead of its size (docs/core.md). */
export type QuoteOrderRequest = Omit<OrderRequest, 'size'> & {
  /** The quote to spend: the order buys the whole lots this buys from the asks, rounded down. */
  readonly quoteSize: string;
};

/** A change of a live order: its new total size, its new limit price, or both. */
export interface AmendRequest {
  /** The new size (filled size included); it must stay above the filled size. */
  readonly size?: string;
  /** Limit orders only. */
  readonly price?: string;
}

export interface Fill {
  readonly tradeId: string;
  readonly price: string;
  readonly size: string;
}

/** An order as of one moment; it does not change afterwards. */
export interface OrderRecord {
  /** `ord_<n>`, n growing by one per order on the venue. */
  readonly id: string;
  readonly clientOrderId: string | null;
  readonly account: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  /** Null for market orders. */
  readonly price: string | null;
  readonly size: string;
  readonly filledSize: string;
  /** Size still resting on the book (zero once final). */
  readonly remainingSize: string;
  /** Size-weighted mean of the fills; null before a fill. */
  readonly averagePrice: string | null;
  readonly status: OrderStatus;
  /** Market orders show `ioc`: their remainder never rests. */
  readonly timeInForce: TimeInForce;
  readonly postOnly: boolean;
  /** Milliseconds since the epoch, from the venue's clock. */
  readonly createdAt: number;
  readonly rejectReason: string | null;
  /** Null for orders without a stop. */
  readonly stopPrice: string | null;
  /** `gtd` orders: when they expire (milliseconds since the epoch); else null. */
  readonly expireAt: number | null;
  readonly stp: SelfTradePrevention;
  /** Why the order ended as it did where the status alone does not say; else null. */
  readonly reason: OrderReason | null;
  /** The order's first fills in time order, at most MAX_RECORD_FILLS (`Venue.orderFills` pages through all). */
  readonly fills: readonly Fill[];
  /** How many fills the order has in all. */
  readonly fillCount: number;
}

export interface TradeRecord {
  /** `t_<n>`, n growing by one per trade on the venue. */
  readonly id: string;
  readonly sequence: number;
  readonly symbol: string;
  readonly price: string;
  readonly size: string;
  /** The taker's side. */
  readonly side: Side;
  readonly timestamp: number;
  readonly makerOrderId: string;
  readonly takerOrderId: string;
  readonly makerClientOrderId: string | null;
  readonly takerClientOrderId: string | null;
  readonly makerAccount: string;
  readonly takerAccount: string;
}

export interface Ticker {
  readonly symbol: string;
  /** Null only before any trade on an instrument without a reference price (all four). */
  readonly price: string | null;
  readonly open24h: string | null;
  readonly high24h: string | null;
  readonly low24h: string | null;
  readonly volume24h: string;
  readonly timestamp: number;
}

/** [price, size] of one aggregated level. */
export type BookLevel = readonly [price: string, size: string];

export interface BookSnapshot {
  readonly symbol: string;
  /** Descending by price. */
  readonly bids: readonly BookLevel[];
  /** Ascending by price. */
  readonly asks: readonly BookLevel[];
  readonly timestamp: number;
  /** Grows by one with each change of this symbol's book. */
  readonly sequence: number;
}

/** [price in ticks, size in lots] of one aggregated level. */
export type TickLevel = readonly [priceTicks: Ticks, sizeLots: Lots];

/** A BookSnapshot's levels in the instrument's integers, without decimal strings. */
export interface TickBook {
  /** Descending by price. */
  readonly bids: readonly TickLevel[];
  /** Ascending by price. */
  readonly asks: readonly TickLevel[];
  /** As BookSnapshot's. */
  readonly sequence: number;
}

/** A level's new total; size "0..." when the level is gone. */
export interface BookLevelChange {
  readonly symbol: string;
  readonly side: Side;
  readonly price: string;
  readonly size: string;
  readonly sequence: number;
}

/**
 * What subscribers receive, synchronously and in this order per command: for each match, the
 * trade, then the maker's order update, then the maker level's change; then the taker's order
 * update; then the change of the level it rests on, if it rests. Cancels and reduces give the order
 * update, then the level change. Expiries, stop triggers and amends: see docs/order-types.md.
 */
export type VenueEvent =
  | { readonly type: 'trade'; readonly trade: TradeRecord }
  | { readonly type: 'order'; readonly order: OrderRecord }
  | { readonly type: 'book'; readonly change: BookLevelChange };
