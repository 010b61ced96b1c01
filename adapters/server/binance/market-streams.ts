import { EventEmitter } from 'node:events';
import type { BookLevelChange, Instrument, TradeRecord, Venue } from '../../../src/index.js';
import type { BinanceSymbols } from './binance-symbols.js';
import { guarded } from './guarded.js';
import { INTERVALS, type CandleStore } from './candles.js';
import { closeTime, dayTicker, klineRow, type MarketData } from './market-data.js';

/** A parsed stream name: `btcusd@trade`, `btcusd@depth@100ms`, `btcusd@kline_1m`, ... */
export interface StreamName {
  readonly name: string;
  readonly instrument: Instrument;
  readonly kind: 'trade' | 'aggTrade' | 'depth' | 'kline' | 'ticker' | 'miniTicker' | 'bookTicker';
  /** The kline interval. */
  readonly interval?: string;
}

const KINDS = ['trade', 'aggTrade', 'ticker', 'miniTicker', 'bookTicker'] as const;

/** A stream name of a listed symbol (lower case, as Binance writes them), or undefined. */
export function parseStreamName(symbols: BinanceSymbols, name: string): StreamName | undefined {
  const at = name.indexOf('@');
  if (at < 0 || name.length > 64) return undefined;
  const instrument = symbols.find(name.slice(0, at).toUpperCase());
  if (instrument === undefined || name.slice(0, at) !== name.slice(0, at).toLowerCase()) {
    return undefined;
  }
  const rest = name.slice(at + 1);
  if ((KINDS as readonly string[]).includes(rest)) {
    return { name, instrument, kind: rest as StreamName['kind'] };
  }
  if (rest === 'depth' || rest === 'depth@100ms' || rest === 'depth@1000ms') {
    return { name, instrument, kind: 'depth' };
  }
  if (rest.startsWith('kline_') && INTERVALS.has(rest.slice(6))) {
    return { name, instrument, kind: 'kline', interval: rest.slice(6) };
  }
  return undefined;
}

/** Where the streams' messages go: each message once, for every socket following its stream. */
export type PublishStream = (stream: string, payload: string) => void;

/** Level changes of one symbol since the last depthUpdate, by side and price. */
interface PendingDepth {
  first: number;
  last: number;
  readonly bids: Map<string, string>;
  readonly asks: Map<string, string>;
}

/** How often depth, kline and ticker updates are sent. */
export const DEPTH_INTERVAL_MS = 100;
const TICKER_INTERVAL_MS = 1_000;

/**
 * The market streams of the Binance dialect over the venue's events: trades at once; book
 * changes batched into one depthUpdate per symbol per 100 ms, each starting where the last ended
 * (`U` = previous `u` + 1, so a client's book stays in step with the REST snapshot); klines of
 * symbols that traded every 100 ms; tickers every second. Each message is built once per event
 * and published for every socket at once; the sockets are written elsewhere (SocketFanOut).
 */
export class MarketStreams {
  /** Emits `subscribed` with a stream's name each time a socket subscribes to it. */
  readonly events = new EventEmitter();
  /** Subscriptions by stream name. */
  readonly #subscribers = new Map<string, number>();
  readonly #publish: PublishStream;
  readonly #depth = new Map<string, PendingDepth>();
  readonly #tradedSince = new Set<string>();
  readonly #data: MarketData;
  readonly #venue: Venue;
  readonly #clock: () => number;
  readonly #unsubscribe: () => void;
  #timer: NodeJS.Timeout | undefined;
  #ticks = 0;

  constructor(
    data: MarketData,
    clock: () => number,
    publish: PublishStream,
    onError: (error: unknown) => void,
  ) {
    this.#data = data;
    this.#publish = publish;
    this.#venue = data.venue;
    this.#clock = clock;
    this.#unsubscribe = data.venue.subscribe(
      guarded((event) => {
        if (event.type === 'trade') this.#onTrade(event.trade);
        else if (event.type === 'book') this.#onBook(event.change);
      }, onError),
      ['trade', 'book'],
    );
  }

  get candles(): CandleStore {
    return this.#data.candles;
  }

  /** A socket subscribes; a ticker stream's current message is answered, for that socket. */
  subscribe(stream: StreamName): string | undefined {
    this.#subscribers.set(stream.name, (this.#subscribers.get(stream.name) ?? 0) + 1);
    this.events.emit('subscribed', stream.name);
    this.#timer ??= setInterval(() => this.#flush(), DEPTH_INTERVAL_MS).unref();
    if (stream.kind === 'ticker' || stream.kind === 'miniTicker' || stream.kind === 'bookTicker') {
      return this.#tickerPayload(stream);
    }
    return undefined;
  }

  unsubscribe(name: string): void {
    const count = this.#subscribers.get(name);
    if (count === undefined) return;
    if (count > 1) this.#subscribers.set(name, count - 1);
    else this.#subscribers.delete(name);
    if (this.#subscribers.size === 0 && this.#timer !== undefined) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  close(): void {
    this.#unsubscribe();
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #send(name: string, payload: () => string): void {
    if (this.#subscribers.has(name)) this.#publish(name, payload());
  }

  #onTrade(trade: TradeRecord): void {
    const symbol = trade.symbol.replace('-', '');
    const lower = symbol.toLowerCase();
    this.#tradedSince.add(trade.symbol);
    // Written out, not built as objects: a message goes out with every trade.
    const { timestamp, sequence, price, size } = trade;
    const maker = trade.side === 'sell';
    this.#send(
      `${lower}@trade`,
      () =>
        `{"e":"trade","E":${timestamp},"s":"${symbol}","t":${sequence},"p":"${price}"` +
        `,"q":"${size}","T":${timestamp},"m":${maker},"M":true}`,
    );
    this.#send(
      `${lower}@aggTrade`,
      () =>
        `{"e":"aggTrade","E":${timestamp},"s":"${symbol}","a":${sequence},"p":"${price}"` +
        `,"q":"${size}","f":${sequence},"l":${sequence},"T":${timestamp},"m":${maker},"M":true}`,
    );
  }

  #onBook(change: BookLevelChange): void {
    const lower = change.symbol.replace('-', '').toLowerCase();
    if (
      !this.#subscribers.has(`${lower}@depth@100ms`) &&
      !this.#subscribers.has(`${lower}@depth`) &&
      !this.#subscribers.has(`${lower}@depth@1000ms`)
    ) {
      this.#depth.delete(change.symbol);
      return;
    }
    let pending = this.#depth.get(change.symbol);
    if (pending === undefined) {
      pending = { first: change.sequence, last: change.sequence, bids: new Map(), asks: new Map() };
      this.#depth.set(change.symbol, pending);
    }
    pending.last = change.sequence;
    (change.side === 'buy' ? pending.bids : pending.asks).set(change.price, change.size);
  }

  #flush(): void {
    this.#ticks++;
    const now = this.#clock();
    for (const [symbol, pending] of this.#depth) {
      const lower = symbol.replace('-', '').toLowerCase();
      const text = JSON.stringify({
        e: 'depthUpdate',
        E: now,
        s: symbol.replace('-', ''),
        U: pending.first,
        u: pending.last,
        b: [...pending.bids],
        a: [...pending.asks],
      });
      this.#send(`${lower}@depth@100ms`, () => text);
      this.#send(`${lower}@depth`, () => text);
    }
    this.#depth.clear();
    for (const symbol of this.#tradedSince) {
      const instrument = this.#data.symbols.find(symbol.replace('-', ''))!;
      const lower = symbol.replace('-', '').toLowerCase();
      for (const interval of INTERVALS.keys()) {
        const name = `${lower}@kline_${interval}`;
        if (!this.#subscribers.has(name)) continue;
        this.#send(name, () => this.#klinePayload(instrument, interval, now));
      }
    }
    this.#tradedSince.clear();
    if (this.#ticks % (TICKER_INTERVAL_MS / DEPTH_INTERVAL_MS) !== 0) return;
    for (const name of this.#subscribers.keys()) {
      const stream = parseStreamName(this.#data.symbols, name)!;
      if (
        stream.kind === 'ticker' ||
        stream.kind === 'miniTicker' ||
        stream.kind === 'bookTicker'
      ) {
        this.#send(name, () => this.#tickerPayload(stream));
      }
    }
  }

  #klinePayload(instrument: Instrument, interval: string, now: number): string {
    const [candle] = this.#data.candles.klines(instrument.symbol, interval, undefined, now, 1);
    const symbol = instrument.symbol.replace('-', '');
    if (candle === undefined) throw new Error('a symbol that traded has no candle');
    const row = klineRow(instrument, interval, candle);
    return JSON.stringify({
      e: 'kline',
      E: now,
      s: symbol,
      k: {
        t: candle.start,
        T: closeTime(interval, candle.start),
        s: symbol,
        i: interval,
        f: -1,
        L: -1,
        o: row[1],
        c: row[4],
        h: row[2],
        l: row[3],
        v: row[5],
        n: candle.count,
        x: false,
        q: row[7],
        V: row[9],
        Q: row[10],
        B: '0',
      },
    });
  }

  #tickerPayload(stream: StreamName): string {
    const now = this.#clock();
    const day = dayTicker(this.#data, stream.instrument, now);
    const E = now;
    const s = day['symbol'];
    if (stream.kind === 'miniTicker') {
      return JSON.stringify({
        e: '24hrMiniTicker',
        E,
        s,
        c: day['lastPrice'],
        o: day['openPrice'],
        h: day['highPrice'],
        l: day['lowPrice'],
        v: day['volume'],
        q: day['quoteVolume'],
      });
    }
    if (stream.kind === 'bookTicker') {
      return JSON.stringify({
        u: this.#bookSequence(stream.instrument),
        s,
        b: day['bidPrice'],
        B: day['bidQty'],
        a: day['askPrice'],
        A: day['askQty'],
      });
    }
    return JSON.stringify({
      e: '24hrTicker',
      E,
      s,
      p: day['priceChange'],
      P: day['priceChangePercent'],
      w: day['weightedAvgPrice'],
      x: day['prevClosePrice'],
      c: day['lastPrice'],
      Q: day['lastQty'],
      b: day['bidPrice'],
      B: day['bidQty'],
      a: day['askPrice'],
      A: day['askQty'],
      o: day['openPrice'],
      h: day['highPrice'],
      l: day['lowPrice'],
      v: day['volume'],
      q: day['quoteVolume'],
      O: day['openTime'],
      C: day['closeTime'],
      F: day['firstId'],
      L: day['lastId'],
      n: day['count'],
    });
  }

  #bookSequence(instrument: Instrument): number {
    const book = this.#venue.orderBook(instrument.symbol, 1);
    return book.ok ? book.value.sequence : 0;
  }
}
