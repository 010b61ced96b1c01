import {
  DAY_MS,
  formatPrice,
  formatSize,
  type Instrument,
  type Venue,
} from '../../../src/index.js';
import { fromUnits, roundedQuotient, toUnits } from '../../units/units.js';
import { INVALID_SYMBOL, invalidValue, missing, type BinanceError } from './binance-errors.js';
import type { BinanceParams } from './binance-params.js';
import { binanceSymbol, type BinanceSymbols } from './binance-symbols.js';
import { INTERVALS, type Candle, type CandleStore } from './candles.js';

/** What the market data answers read. */
export interface MarketData {
  readonly venue: Venue;
  readonly symbols: BinanceSymbols;
  readonly candles: CandleStore;
}

export const BINANCE_ORDER_TYPES = [
  'LIMIT',
  'LIMIT_MAKER',
  'MARKET',
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
];
const MAX_DEPTH = 1000;
const INTEGER_TEXT = /^[0-9]{1,15}$/;

/** The instrument of the required `symbol`, or the refusal. */
export function symbolParam(data: MarketData, params: BinanceParams): Instrument | BinanceError {
  const name = params.get('symbol');
  if (name === undefined || name === '') return missing('symbol');
  return data.symbols.find(name) ?? INVALID_SYMBOL;
}

/**
 * The instruments a ticker route answers for: `symbol`, `symbols` (a JSON array), or all;
 * `single` when one was named by `symbol` (the answer is then an object, not a list).
 */
export function symbolsParam(
  data: MarketData,
  params: BinanceParams,
): { instruments: Instrument[]; single: boolean } | BinanceError {
  const one = params.get('symbol');
  const many = params.get('symbols');
  if (one !== undefined && many !== undefined) {
    return invalidValue(-1128, 'Combination of optional parameters invalid.');
  }
  if (one !== undefined) {
    const instrument = symbolParam(data, params);
    return 'code' in instrument ? instrument : { instruments: [instrument], single: true };
  }
  if (many === undefined) return { instruments: data.symbols.all(), single: false };
  let names: unknown;
  try {
    names = JSON.parse(many);
  } catch {
    names = undefined;
  }
  if (!Array.isArray(names) || names.length === 0 || names.length > 100) {
    return invalidValue(-1100, "Illegal characters found in parameter 'symbols'.");
  }
  const instruments: Instrument[] = [];
  for (const name of names) {
    const instrument = typeof name === 'string' ? data.symbols.find(name) : undefined;
    if (instrument === undefined) return INVALID_SYMBOL;
    if (!instruments.includes(instrument)) instruments.push(instrument);
  }
  return { instruments, single: false };
}

/** An optional non-negative integer parameter; `fallback` when absent. */
export function binanceIntegerParam(
  params: BinanceParams,
  name: string,
  fallback: number | undefined,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined | BinanceError {
  const text = params.get(name);
  if (text === undefined) return fallback;
  if (!INTEGER_TEXT.test(text) || Number(text) > max) {
    return invalidValue(
      -1100,
      `Illegal characters found in parameter '${name}'; legal range is '0 to ${max}'.`,
    );
  }
  return Number(text);
}

/** A list route's `limit` (500 unless given, at most 1000) and its optional integer parameters. */
export type Page<N extends string> = { readonly limit: number } & Partial<Record<N, number>>;

/** Reads a list route's page parameters; the first bad one is the answer. */
export function pageParams<N extends string>(
  params: BinanceParams,
  ...names: N[]
): Page<N> | BinanceError {
  const limit = binanceIntegerParam(params, 'limit', 500, 1000);
  if (typeof limit === 'object') return limit;
  const page: Partial<Record<N, number>> = {};
  for (const name of names) {
    const value = binanceIntegerParam(params, name, undefined);
    if (typeof value === 'object') return value;
    if (value !== undefined) page[name] = value;
  }
  return { ...page, limit: limit! };
}

/** The `limit` oldest of `items` when the page names where to start, else the `limit` newest. */
export function pageOf<T>(items: readonly T[], fromStart: boolean, limit: number): T[] {
  return fromStart ? items.slice(0, limit) : items.slice(Math.max(0, items.length - limit));
}

export function exchangeInfo(data: MarketData, params: BinanceParams, now: number): unknown {
  const chosen = symbolsParam(data, params);
  if ('code' in chosen) return chosen;
  const balances = data.venue.core.balances;
  return {
    timezone: 'UTC',
    serverTime: now,
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 },
    ],
    exchangeFilters: [],
    symbols: chosen.instruments.map((instrument) => {
      const [base, quote] = instrument.symbol.split('-') as [string, string];
      const baseDecimals = balances?.decimalsOf(base) ?? instrument.sizeDecimals;
      const quoteDecimals =
        balances?.decimalsOf(quote) ?? instrument.priceDecimals + instrument.sizeDecimals;
      return {
        symbol: binanceSymbol(instrument.symbol),
        status: 'TRADING',
        baseAsset: base,
        baseAssetPrecision: baseDecimals,
        quoteAsset: quote,
        quotePrecision: quoteDecimals,
        quoteAssetPrecision: quoteDecimals,
        baseCommissionPrecision: baseDecimals,
        quoteCommissionPrecision: quoteDecimals,
        orderTypes: BINANCE_ORDER_TYPES,
        icebergAllowed: false,
        ocoAllowed: false,
        otoAllowed: false,
        quoteOrderQtyMarketAllowed: true,
        allowTrailingStop: false,
        cancelReplaceAllowed: false,
        amendAllowed: false,
        isSpotTradingAllowed: true,
        isMarginTradingAllowed: false,
        filters: [
          {
            filterType: 'PRICE_FILTER',
            minPrice: instrument.tickSize,
            maxPrice: formatPrice(
              instrument,
              Number.MAX_SAFE_INTEGER - (Number.MAX_SAFE_INTEGER % instrument.tickUnits),
            ),
            tickSize: instrument.tickSize,
          },
          {
            filterType: 'LOT_SIZE',
            minQty: instrument.minSize,
            maxQty: formatSize(instrument, instrument.maxSizeUnits),
            stepSize: instrument.lotSize,
          },
          {
            filterType: 'NOTIONAL',
            minNotional: formatPrice(instrument, 0),
            applyMinToMarket: false,
            maxNotional: '9000000000000000.00000000',
            applyMaxToMarket: false,
            avgPriceMins: 0,
          },
        ],
        permissions: [],
        permissionSets: [['SPOT']],
        defaultSelfTradePreventionMode: 'NONE',
        allowedSelfTradePreventionModes: ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
      };
    }),
  };
}

/** Binance's weight of a depth request of `limit` levels. */
export function depthWeight(params: BinanceParams): number {
  const limit = Number(params.get('limit') ?? 100);
  return limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250;
}

export function depth(data: MarketData, params: BinanceParams): unknown {
  const instrument = symbolParam(data, params);
  if ('code' in instrument) return instrument;
  const limit = binanceIntegerParam(params, 'limit', 100, 5000);
  if (typeof limit !== 'number') return limit ?? missing('limit');
  const book = data.venue.orderBook(instrument.symbol, Math.max(1, Math.min(limit, MAX_DEPTH)));
  if (!book.ok) return INVALID_SYMBOL;
  return { lastUpdateId: book.value.sequence, bids: book.value.bids, asks: book.value.asks };
}

export function aggTrades(data: MarketData, params: BinanceParams): unknown {
  const instrument = symbolParam(data, params);
  if ('code' in instrument) return instrument;
  const page = pageParams(params, 'fromId', 'startTime', 'endTime');
  if ('code' in page) return page;
  const { limit, fromId, startTime, endTime } = page;
  const trades = data.venue.trades(instrument.symbol, 1000);
  if (!trades.ok) return INVALID_SYMBOL;
  const oldestFirst = [...trades.value].reverse();
  const wanted = oldestFirst.filter(
    (trade) =>
      (fromId === undefined || trade.sequence >= fromId) &&
      (startTime === undefined || trade.timestamp >= startTime) &&
      (endTime === undefined || trade.timestamp <= endTime),
  );
  const chosen = pageOf(wanted, fromId !== undefined || startTime !== undefined, limit);
  return chosen.map((trade) => ({
    a: trade.sequence,
    p: trade.price,
    q: trade.size,
    f: trade.sequence,
    l: trade.sequence,
    T: trade.timestamp,
    m: trade.side === 'sell',
    M: true,
  }));
}

export function klines(data: MarketData, params: BinanceParams): unknown {
  const instrument = symbolParam(data, params);
  if ('code' in instrument) return instrument;
  const interval = params.get('interval');
  if (interval === undefined) return missing('interval');
  if (!INTERVALS.has(interval)) return invalidValue(-1120, 'Invalid interval.');
  const zone = params.get('timeZone');
  if (zone !== undefined && zone !== '0' && zone !== '+0' && zone !== '00:00') {
    return invalidValue(-1100, "Illegal characters found in parameter 'timeZone'; only UTC (0).");
  }
  const page = pageParams(params, 'startTime', 'endTime');
  if ('code' in page) return page;
  return data.candles
    .klines(instrument.symbol, interval, page.startTime, page.endTime, Math.max(1, page.limit))
    .map((candle) => klineRow(instrument, interval, candle));
}

/** A kline as Binance's REST answer lists it. */
export function klineRow(instrument: Instrument, interval: string, candle: Candle): unknown[] {
  const quoteDecimals = instrument.priceDecimals + instrument.sizeDecimals;
  return [
    candle.start,
    formatPrice(instrument, candle.open),
    formatPrice(instrument, candle.high),
    formatPrice(instrument, candle.low),
    formatPrice(instrument, candle.close),
    fromUnits(candle.volume, instrument.sizeDecimals),
    closeTime(interval, candle.start),
    fromUnits(candle.quoteVolume, quoteDecimals),
    candle.count,
    fromUnits(candle.takerBuyVolume, instrument.sizeDecimals),
    fromUnits(candle.takerBuyQuoteVolume, quoteDecimals),
    '0',
  ];
}

export function closeTime(interval: string, start: number): number {
  const length = INTERVALS.get(interval)!;
  if (length !== 0) return start + length - 1;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - 1;
}

export function ticker24hr(data: MarketData, params: BinanceParams, now: number): unknown {
  const chosen = symbolsParam(data, params);
  if ('code' in chosen) return chosen;
  const rows = chosen.instruments.map((instrument) => dayTicker(data, instrument, now));
  return chosen.single ? rows[0] : rows;
}

/** Binance's weight of a ticker request over `count` symbols (all: the largest). */
export function tickerWeight(params: BinanceParams, perSymbol: number, all: number): number {
  if (params.has('symbol')) return perSymbol;
  return params.has('symbols') ? all / 2 : all;
}

/** The 24h statistics Binance shows: the venue's ticker, its book's top and its candles. */
export function dayTicker(
  data: MarketData,
  instrument: Instrument,
  now: number,
): Record<string, unknown> {
  const { venue } = data;
  const ticker = venue.ticker(instrument.symbol);
  const book = venue.orderBook(instrument.symbol, 1);
  const last = venue.trades(instrument.symbol, 1);
  if (!ticker.ok || !book.ok || !last.ok) throw new Error('a listed symbol has no ticker');
  const zero = formatPrice(instrument, 0);
  const price = ticker.value.price ?? zero;
  const open = ticker.value.open24h ?? price;
  const priceUnits = toUnits(price, instrument.priceDecimals);
  const openUnits = toUnits(open, instrument.priceDecimals);
  const seconds = data.candles.secondsWithin(instrument.symbol, now - DAY_MS, now);
  let quoteVolume = 0n;
  let volume = 0n;
  let count = 0;
  for (const candle of seconds) {
    quoteVolume += candle.quoteVolume;
    volume += candle.volume;
    count += candle.count;
  }
  const quoteDecimals = instrument.priceDecimals + instrument.sizeDecimals;
  const [bid] = book.value.bids;
  const [ask] = book.value.asks;
  const zeroSize = formatSize(instrument, 0);
  return {
    symbol: binanceSymbol(instrument.symbol),
    priceChange: fromUnits(priceUnits - openUnits, instrument.priceDecimals),
    priceChangePercent:
      openUnits === 0n
        ? '0.000'
        : fromUnits(roundedQuotient((priceUnits - openUnits) * 100_000n, openUnits), 3),
    weightedAvgPrice:
      volume === 0n
        ? price
        : fromUnits(roundedQuotient(quoteVolume, volume), instrument.priceDecimals),
    prevClosePrice: open,
    lastPrice: price,
    lastQty: last.value[0]?.size ?? zeroSize,
    bidPrice: bid?.[0] ?? zero,
    bidQty: bid?.[1] ?? zeroSize,
    askPrice: ask?.[0] ?? zero,
    askQty: ask?.[1] ?? zeroSize,
    openPrice: open,
    highPrice: ticker.value.high24h ?? price,
    lowPrice: ticker.value.low24h ?? price,
    volume: ticker.value.volume24h,
    quoteVolume: fromUnits(quoteVolume, quoteDecimals),
    openTime: now - DAY_MS,
    closeTime: now,
    firstId: -1,
    lastId: last.value[0]?.sequence ?? -1,
    count,
  };
}

export function tickerPrice(data: MarketData, params: BinanceParams): unknown {
  const chosen = symbolsParam(data, params);
  if ('code' in chosen) return chosen;
  const rows = chosen.instruments.map((instrument) => {
    const ticker = data.venue.ticker(instrument.symbol);
    const price = ticker.ok ? ticker.value.price : null;
    return { symbol: binanceSymbol(instrument.symbol), price: price ?? formatPrice(instrument, 0) };
  });
  return chosen.single ? rows[0] : rows;
}

export function bookTicker(data: MarketData, params: BinanceParams): unknown {
  const chosen = symbolsParam(data, params);
  if ('code' in chosen) return chosen;
  const rows = chosen.instruments.map((instrument) => bookTop(data.venue, instrument));
  return chosen.single ? rows[0] : rows;
}

export function bookTop(venue: Venue, instrument: Instrument): Record<string, string> {
  const book = venue.orderBook(instrument.symbol, 1);
  const zero = formatPrice(instrument, 0);
  const zeroSize = formatSize(instrument, 0);
  const [bid] = book.ok ? book.value.bids : [];
  const [ask] = book.ok ? book.value.asks : [];
  return {
    symbol: binanceSymbol(instrument.symbol),
    bidPrice: bid?.[0] ?? zero,
    bidQty: bid?.[1] ?? zeroSize,
    askPrice: ask?.[0] ?? zero,
    askQty: ask?.[1] ?? zeroSize,
  };
}
