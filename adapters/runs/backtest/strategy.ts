/**
 * The strategy API of `simex backtest`: what a strategy module exports and what its hooks receive.
 * Authors import these types from `simex/backtest`.
 */
import type {
  BookLevelChange,
  AmendRequest,
  BookSnapshot,
  Instrument,
  Lots,
  OrderRecord,
  SelfTradePrevention,
  Side,
  Ticker,
  TickBook,
  TickLevel,
  Ticks,
  TimeInForce,
  TradeRecord,
} from '../../../src/index.js';
import type { OrderStatus } from '../../../src/types.js';

export type {
  AmendRequest,
  BookLevelChange,
  BookSnapshot,
  Instrument,
  Lots,
  OrderRecord,
  OrderStatus,
  SelfTradePrevention,
  Side,
  Ticker,
  TickBook,
  TickLevel,
  Ticks,
  TimeInForce,
  TradeRecord,
};

/** What any order may add (docs/order-types.md). */
interface OrderFeatures {
  /** Makes it a stop: it waits (`pending`) until a trade at or beyond this price. */
  readonly stopPrice?: string;
  /** Self-trade prevention against the strategy's own orders; default `none`. */
  readonly stp?: SelfTradePrevention;
}

/** An order the strategy sends; it reaches the venue after the entry latency (`--latency-entry`). */
export type StrategyOrder =
  | (OrderFeatures & {
      readonly symbol: string;
      readonly side: Side;
      readonly type: 'market';
      readonly size: string;
    })
  | (OrderFeatures & {
      readonly symbol: string;
      readonly side: 'buy';
      readonly type: 'market';
      /** The quote to spend instead of a size: buys the whole lots it buys from the asks. */
      readonly quoteSize: string;
    })
  | (OrderFeatures & {
      readonly symbol: string;
      readonly side: Side;
      readonly type: 'limit';
      readonly price: string;
      readonly size: string;
      /** Default `gtc`; `gtd` needs `expireAt`. */
      readonly timeInForce?: TimeInForce;
      /** Gtc only; refused (status `rejected`) if it would take liquidity. */
      readonly postOnly?: boolean;
      /** `gtd` only: milliseconds since the epoch, after the time the order arrives. */
      readonly expireAt?: number;
    });

/**
 * An order in whole ticks and lots (what toTicks and toLots make of the decimal form's strings):
 * nothing to format or parse. Refused in the venue's words, naming the field as `priceTicks`,
 * `sizeLots` or `stopPriceTicks` where one of them is at fault.
 */
export type StrategyTickOrder =
  | (TickOrderFeatures & {
      readonly symbol: string;
      readonly side: Side;
      readonly type: 'market';
      readonly sizeLots: number;
    })
  | (TickOrderFeatures & {
      readonly symbol: string;
      readonly side: Side;
      readonly type: 'limit';
      readonly priceTicks: number;
      readonly sizeLots: number;
      readonly timeInForce?: TimeInForce;
      readonly postOnly?: boolean;
      readonly expireAt?: number;
    });

/** What any order in ticks may add: OrderFeatures with the stop price in ticks. */
interface TickOrderFeatures {
  /** Makes it a stop, at this many ticks (a whole number from 1). */
  readonly stopPriceTicks?: number;
  readonly stp?: SelfTradePrevention;
}

/**
 * One of the strategy's open orders in ticks and lots (`openOrderTicks`): a view that holds during
 * the hook that read it, refilled in place by a later read.
 */
export interface TickOrder {
  /** The id `place()` returned. */
  readonly orderId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly status: OrderStatus;
  /** Null for a market order (a waiting stop-market). */
  readonly priceTicks: number | null;
  readonly sizeLots: number;
  readonly remainingLots: number;
}

/**
 * One fill of one of the strategy's orders. `tradeId`, `price`, `size` and `fee` are formatted
 * when read: `JSON.stringify` gives every field, a spread only the others (docs/backtest.md).
 */
export interface StrategyFill {
  /** The id `place()` returned (also the order's `clientOrderId`). */
  readonly orderId: string;
  readonly tradeId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly liquidity: 'maker' | 'taker';
  readonly price: string;
  readonly size: string;
  /** In the quote currency, exact; negative is a rebate. */
  readonly fee: string;
  readonly timestamp: number;
}

/** The strategy's position in one symbol; money in the quote currency, exact. */
export interface Position {
  readonly symbol: string;
  /** Signed: negative is short. */
  readonly size: string;
  /** Cost of the open lots over the size, rounded to the tick's decimals + 4; null when flat. */
  readonly averageEntry: string | null;
  /** First in, first out. */
  readonly realizedPnl: string;
  /** Open lots marked to the last trade. */
  readonly unrealizedPnl: string;
  readonly fees: string;
  /** Realized + unrealized - fees. */
  readonly netPnl: string;
}

/** An action the venue refused when it arrived (or one that named an unknown order id). */
export interface ActionRefusal {
  readonly action: 'place' | 'cancel' | 'reduce' | 'amend';
  readonly orderId: string;
  readonly code: string;
  readonly message: string;
  readonly timestamp: number;
}

/** The `--param key=value` pairs. */
export interface StrategyParams {
  /** All pairs, as given. */
  readonly values: Readonly<Record<string, string>>;
  /** The value, or `fallback`; throws when neither exists. */
  string(key: string, fallback?: string): string;
  /** The value as a finite number, or `fallback`; throws when neither exists or it is not a number. */
  number(key: string, fallback?: number): number;
}

/** What every hook receives: the present moment of the backtest, never the future. */
export interface StrategyContext {
  /** Milliseconds since the epoch: when the strategy handles the event (after any latency). */
  now(): number;
  /** The account the strategy trades under. */
  readonly account: string;
  readonly params: StrategyParams;
  symbols(): string[];
  instrument(symbol: string): Instrument;
  /** The market reads (ticker, book, trades) show the venue now, or under feed latency the feed so far. */
  ticker(symbol: string): Ticker;
  /** Aggregated levels; depth 1..1000, default 50. */
  book(symbol: string, depth?: number): BookSnapshot;
  /**
   * `book` in ticks and lots (what toTicks and toLots make of its strings), for strategies that
   * read the book on every tick and would only parse its strings back. It holds during the hook:
   * a later hook's read of the same symbol and depth may refill the same arrays in place.
   */
  bookTicks(symbol: string, depth?: number): TickBook;
  /** Most recent first; limit 1..1000, default 100. */
  trades(symbol: string, limit?: number): TradeRecord[];
  /** The strategy's resting orders and waiting (`pending`) stops, oldest first, as the venue's answers delivered so far show them. */
  openOrders(symbol?: string): OrderRecord[];
  /**
   * `openOrders` in ticks and lots, without a record per order: views that hold during the hook
   * (a later read refills them in place).
   */
  openOrderTicks(symbol?: string): readonly TickOrder[];
  /** From the fills delivered so far, marked to the last trade the feed delivered. */
  position(symbol: string): Position;
  /** The position's signed size in lots (`toLots` of `position(symbol).size`). */
  positionLots(symbol: string): number;
  /**
   * Actions sent whose answer (acknowledgement, refusal) the strategy has not received yet; without
   * a response latency, actions that have not reached the venue yet.
   */
  inFlight(): number;
  /**
   * Sends an order, in decimal strings or in ticks and lots; returns its id (the order's
   * `clientOrderId` once it arrives).
   */
  place(order: StrategyOrder | StrategyTickOrder): string;
  cancel(orderId: string): void;
  /** Takes `size` off the order's remaining size, keeping its time priority. */
  reduce(orderId: string, size: string): void;
  /**
   * A new size (filled size included) and/or price: a smaller size keeps time priority, a new
   * price or a larger size loses it; a new price that crosses trades like a new order.
   */
  amend(orderId: string, change: AmendRequest): void;
  /**
   * A price as a whole number of ticks (a plain number, branded for TypeScript like a TickLevel's),
   * and back: exact price arithmetic without decimals.
   */
  toTicks(symbol: string, price: string): Ticks;
  fromTicks(symbol: string, ticks: number): string;
  /** A size as a whole number of lots, and back (negative sizes allowed). */
  toLots(symbol: string, size: string): Lots;
  fromLots(symbol: string, lots: number): string;
}

/** Every hook is optional and synchronous; `this` is the strategy. */
export interface Strategy {
  onStart?(context: StrategyContext): void;
  /** Every trade on the venue, the strategy's included. */
  onTrade?(trade: TradeRecord, context: StrategyContext): void;
  /** Every change of a book level's total (a size of zero: the level is gone). */
  onBook?(change: BookLevelChange, context: StrategyContext): void;
  /** Updates of the strategy's own orders. */
  onOrder?(order: OrderRecord, context: StrategyContext): void;
  onFill?(fill: StrategyFill, context: StrategyContext): void;
  onRefused?(refusal: ActionRefusal, context: StrategyContext): void;
  /** Every `--interval` ms from the first event. */
  onTimer?(context: StrategyContext): void;
  /** After the last event; actions sent here are not carried out. */
  onEnd?(context: StrategyContext): void;
  /**
   * Under `--queue-model strategy` (an L2 flow, docs/l2.md): the share, 0 to 1, of a level's
   * decrease taken from the depth ahead of the strategy's order, given the sizes ahead and behind.
   */
  queueShare?(ahead: number, behind: number): number;
}

/** A class default export is constructed once with the params. */
export type StrategyClass = new (params: StrategyParams) => Strategy;

export const HOOK_NAMES = [
  'onStart',
  'onTrade',
  'onBook',
  'onOrder',
  'onFill',
  'onRefused',
  'onTimer',
  'onEnd',
] as const satisfies readonly (keyof Strategy)[];
