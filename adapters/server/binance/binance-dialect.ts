import type { KeyObject } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { OrderRecord, Venue } from '../../../src/index.js';
import { BinanceSockets, DEFAULT_SOCKET_LIMITS, type SocketLimits } from './binance-sockets.js';
import { MarketStreams } from './market-streams.js';
import { SocketFanOut } from './socket-fanout.js';
import { UserStreams } from './user-stream.js';
import { toUnits } from '../../units/units.js';
import { AccountTrades } from './account-trades.js';
import { guarded } from './guarded.js';
import {
  INTERNAL,
  NO_KEY,
  REFUSAL_WEIGHT,
  TOO_LARGE,
  UNKNOWN_KEY,
  UNKNOWN_ROUTE,
  type BinanceError,
} from './binance-errors.js';
import {
  checkSigned,
  onlyKnown,
  parseBinanceParams,
  type BinanceParams,
} from './binance-params.js';
import { BinanceSymbols } from './binance-symbols.js';
import { JsonText } from './order-format.js';
import { RequestWeights } from './binance-weights.js';
import { CandleStore } from './candles.js';
import {
  aggTrades,
  bookTicker,
  depth,
  depthWeight,
  exchangeInfo,
  klines,
  ticker24hr,
  tickerPrice,
  tickerWeight,
} from './market-data.js';
import {
  account,
  allOrders,
  cancelOrder,
  myTrades,
  NEW_ORDER_PARAMS,
  newOrder,
  openOrders,
  queryOrder,
  type Trading,
} from './trading.js';

/** A request as the HTTP server hands it over (the shape of its own). */
export interface DialectRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Uint8Array | 'too_large';
  readonly remoteAddress?: string | undefined;
}

export interface DialectResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A key's account and its secret (the signing key). */
export interface SigningKey {
  readonly account: string;
  /** The secret, as node:crypto's key object of its UTF-8 bytes. */
  readonly secret: KeyObject;
}

export interface BinanceDialectOptions {
  readonly venue: Venue;
  readonly clock: () => number;
  /** The account and secret of an X-MBX-APIKEY, or undefined for an unknown key. */
  readonly authenticate: (key: string) => SigningKey | undefined;
  /** The accounts that have keys: their trades are kept for myTrades. */
  readonly accounts: Iterable<string>;
  /** Request weight per minute and address; default 6000. */
  readonly weightLimit?: number;
  readonly onPlaced?: (order: OrderRecord) => void;
  readonly onCancelled?: (order: OrderRecord) => void;
  /** False while writes cannot be journaled. */
  readonly acceptsWrites?: () => boolean;
  readonly onError?: (error: unknown) => void;
  /** Limits of the WebSockets; default DEFAULT_SOCKET_LIMITS. */
  readonly socketLimits?: Partial<SocketLimits>;
}

type Answer = (call: Call) => unknown;

interface Call {
  readonly params: BinanceParams;
  readonly account: string;
  readonly now: number;
}

interface Route {
  /** Binance's weight of the request. */
  readonly weight: number | ((params: BinanceParams) => number);
  readonly signed: boolean;
  /** The parameters it reads, besides timestamp, recvWindow and signature. */
  readonly params: readonly string[];
  readonly answer: Answer;
  readonly write?: boolean;
}

export const API_PREFIX = '/api/v3/';
const JSON_TYPE = 'application/json;charset=UTF-8';
const JOURNAL_UNAVAILABLE: BinanceError = {
  status: 503,
  code: -1000,
  msg: 'The server cannot record orders now (journal unavailable); try again later.',
};

/**
 * The Binance-spot REST dialect on the served venue (docs/ccxt.md): `/api/v3/...` answered
 * with Binance's names, types, signing, weights and error codes. Market data needs no key;
 * account and order routes are signed. Orders are the venue's, readable in either dialect.
 */
export class BinanceDialect {
  readonly symbols: BinanceSymbols;
  readonly candles = new CandleStore();
  readonly accountTrades: AccountTrades;
  readonly #options: BinanceDialectOptions;
  readonly #weights: RequestWeights;
  readonly #routes: ReadonlyMap<string, Readonly<Record<string, Route>>>;
  readonly #unsubscribe: () => void;
  readonly #streams: MarketStreams;
  readonly #users: UserStreams;
  readonly #sockets: BinanceSockets;
  readonly #fanOut: SocketFanOut;

  constructor(options: BinanceDialectOptions) {
    this.#options = options;
    const { venue } = options;
    this.symbols = new BinanceSymbols(venue.instruments());
    this.accountTrades = new AccountTrades(options.accounts);
    this.#weights = new RequestWeights(options.weightLimit);
    const instruments = new Map(venue.instruments().map((i) => [i.symbol, i]));
    const onError = options.onError ?? (() => {});
    this.#unsubscribe = venue.subscribe(
      guarded((event) => {
        if (event.type !== 'trade') return;
        const { trade } = event;
        const instrument = instruments.get(trade.symbol)!;
        this.candles.add(
          trade,
          Number(toUnits(trade.price, instrument.priceDecimals)),
          Number(toUnits(trade.size, instrument.sizeDecimals)),
        );
        this.accountTrades.add(trade);
      }, onError),
      ['trade'],
    );
    this.#routes = this.#table();
    const limits = { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits };
    this.#fanOut = new SocketFanOut(limits);
    this.#streams = new MarketStreams(
      { venue, symbols: this.symbols, candles: this.candles },
      options.clock,
      (stream, payload) => this.#fanOut.publish(stream, payload),
      onError,
    );
    this.#users = new UserStreams(venue, this.symbols, onError);
    this.#sockets = new BinanceSockets({
      streams: this.#streams,
      fanOut: this.#fanOut,
      users: this.#users,
      symbols: this.symbols,
      authenticate: options.authenticate,
      clock: options.clock,
      limits,
    });
  }

  /** Emits `subscribed` (a stream name) when a socket subscribes to a market stream. */
  get streamEvents(): EventEmitter {
    return this.#streams.events;
  }

  /** Emits `subscribed` (an account) when a WebSocket API client subscribes to its user data. */
  get userEvents(): EventEmitter {
    return this.#users.events;
  }

  /** The dialect's WebSockets open now. */
  get openSockets(): number {
    return this.#sockets.count;
  }

  /** Whether a WebSocket upgrade is for the dialect's paths (`/ws`, `/ws/...`, `/stream`, `/ws-api/v3`). */
  takesUpgrade(request: IncomingMessage): boolean {
    return this.#sockets.takes(request);
  }

  /** Takes a WebSocket upgrade for one of its paths. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    try {
      this.#sockets.handleUpgrade(request, socket, head);
    } catch (error) {
      this.#options.onError?.(error);
      socket.destroy();
    }
  }

  /** The market sockets' fan-out process's id, while it runs. */
  get fanOutPid(): number | undefined {
    return this.#fanOut.pid;
  }

  /** Closes every WebSocket and stops following the venue; resolves once the fan-out process exited. */
  async close(): Promise<void> {
    this.#streams.close();
    this.#users.close();
    this.#unsubscribe();
    await this.#sockets.close();
  }

  /** Answers a request whose path starts with API_PREFIX. */
  handle(request: DialectRequest, path: string, search: string): DialectResponse {
    const address = request.remoteAddress ?? '';
    const now = this.#options.clock();
    let error: BinanceError;
    try {
      const answered = this.#answer(request, path, search, address, now);
      if (answered instanceof JsonText) return this.#respond(200, answered.text, address, now);
      if (!isError(answered)) return this.#respond(200, JSON.stringify(answered), address, now);
      error = answered;
    } catch (thrown) {
      this.#options.onError?.(thrown);
      error = INTERNAL;
    }
    return this.#respond(
      error.status,
      JSON.stringify({ code: error.code, msg: error.msg }),
      address,
      now,
      error.headers,
    );
  }

  #answer(
    request: DialectRequest,
    path: string,
    search: string,
    address: string,
    now: number,
  ): unknown {
    const route = this.#routes.get(path.slice(API_PREFIX.length))?.[request.method];
    if (route === undefined) {
      return this.#weights.take(address, REFUSAL_WEIGHT, now) ?? UNKNOWN_ROUTE;
    }
    if (request.body === 'too_large') return TOO_LARGE;
    const { body: bytes } = request;
    // A view of the bytes, not a copy.
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    const params = parseBinanceParams(search, body);
    const weight =
      typeof route.weight === 'number' ? route.weight : isError(params) ? 1 : route.weight(params);
    const limited = this.#weights.take(address, weight, now);
    if (limited !== undefined) return limited;
    if (isError(params)) return params;
    let account = '';
    if (route.signed) {
      const key = request.headers['x-mbx-apikey'];
      if (typeof key !== 'string' || key === '') return NO_KEY;
      const signing = this.#options.authenticate(key);
      if (signing === undefined) return UNKNOWN_KEY;
      const refused = checkSigned(search, body, params, signing.secret, now);
      if (refused !== undefined) return refused;
      account = signing.account;
    }
    const unknown = onlyKnown(params, route.params);
    if (unknown !== undefined) return unknown;
    if (route.write === true && this.#options.acceptsWrites?.() === false) {
      return JOURNAL_UNAVAILABLE;
    }
    return route.answer({ params, account, now });
  }

  #respond(
    status: number,
    body: string,
    address: string,
    now: number,
    extra?: Readonly<Record<string, string>>,
  ): DialectResponse {
    const used = String(this.#weights.used(address, now));
    const headers: Record<string, string> = {
      'content-type': JSON_TYPE,
      'x-mbx-used-weight': used,
      'x-mbx-used-weight-1m': used,
    };
    for (const name in extra) headers[name] = extra[name]!;
    return { status, headers, body };
  }

  #table(): ReadonlyMap<string, Readonly<Record<string, Route>>> {
    const options = this.#options;
    const trading: Trading = {
      venue: options.venue,
      symbols: this.symbols,
      candles: this.candles,
      accountTrades: this.accountTrades,
      onPlaced: options.onPlaced ?? (() => {}),
      onCancelled: options.onCancelled ?? (() => {}),
    };
    const open = (weight: Route['weight'], params: readonly string[], answer: Answer): Route => ({
      weight,
      signed: false,
      params,
      answer,
    });
    const signed = (
      weight: Route['weight'],
      params: readonly string[],
      answer: Answer,
      write = false,
    ): Route => ({ weight, signed: true, params, answer, write });
    const tickerParams = ['symbol', 'symbols'];
    return new Map<string, Record<string, Route>>([
      ['ping', { GET: open(1, [], () => ({})) }],
      ['time', { GET: open(1, [], ({ now }) => ({ serverTime: now })) }],
      [
        'exchangeInfo',
        {
          GET: open(
            20,
            ['symbol', 'symbols', 'permissions', 'showPermissionSets', 'symbolStatus'],
            ({ params, now }) => exchangeInfo(trading, params, now),
          ),
        },
      ],
      [
        'depth',
        { GET: open(depthWeight, ['symbol', 'limit'], ({ params }) => depth(trading, params)) },
      ],
      [
        'aggTrades',
        {
          GET: open(4, ['symbol', 'fromId', 'startTime', 'endTime', 'limit'], ({ params }) =>
            aggTrades(trading, params),
          ),
        },
      ],
      [
        'klines',
        {
          GET: open(
            2,
            ['symbol', 'interval', 'startTime', 'endTime', 'timeZone', 'limit'],
            ({ params }) => klines(trading, params),
          ),
        },
      ],
      [
        'ticker/24hr',
        {
          GET: open(
            (params) => tickerWeight(params, 2, 80),
            [...tickerParams, 'type'],
            ({ params, now }) => ticker24hr(trading, params, now),
          ),
        },
      ],
      [
        'ticker/price',
        {
          GET: open(
            (params) => tickerWeight(params, 2, 4),
            tickerParams,
            ({ params }) => tickerPrice(trading, params),
          ),
        },
      ],
      [
        'ticker/bookTicker',
        {
          GET: open(
            (params) => tickerWeight(params, 2, 4),
            tickerParams,
            ({ params }) => bookTicker(trading, params),
          ),
        },
      ],
      [
        'account',
        {
          GET: signed(20, ['omitZeroBalances'], ({ params, account: name, now }) =>
            account(trading, name, params, now),
          ),
        },
      ],
      [
        'order',
        {
          POST: signed(
            1,
            NEW_ORDER_PARAMS,
            ({ params, account: name }) => newOrder(trading, name, params),
            true,
          ),
          GET: signed(4, ['symbol', 'orderId', 'origClientOrderId'], ({ params, account: name }) =>
            queryOrder(trading, name, params),
          ),
          DELETE: signed(
            1,
            ['symbol', 'orderId', 'origClientOrderId', 'newClientOrderId', 'cancelRestrictions'],
            ({ params, account: name, now }) => cancelOrder(trading, name, params, now),
            true,
          ),
        },
      ],
      [
        'openOrders',
        {
          GET: signed(
            (params) => (params.has('symbol') ? 6 : 80),
            ['symbol'],
            ({ params, account: name }) => openOrders(trading, name, params),
          ),
        },
      ],
      [
        'allOrders',
        {
          GET: signed(
            20,
            ['symbol', 'orderId', 'startTime', 'endTime', 'limit'],
            ({ params, account: name }) => allOrders(trading, name, params),
          ),
        },
      ],
      [
        'myTrades',
        {
          GET: signed(
            20,
            ['symbol', 'orderId', 'startTime', 'endTime', 'fromId', 'limit'],
            ({ params, account: name }) => myTrades(trading, name, params),
          ),
        },
      ],
    ]);
  }
}

/** Whether an answer is a refusal (every refusal has a status, a code and a message). */
export function isError(value: unknown): value is BinanceError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'code' in value &&
    'msg' in value
  );
}
