// Generated from docs/openapi.json by openapi-typescript (npm run openapi). Do not edit.
export interface paths {
  '/v1/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document
     * @description The one route without a key: a key is not read. Counted against the remote address, like requests without a valid key. No query parameter is known.
     */
    get: operations['getOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The dashboard page
     * @description A self-contained page (no external requests): book ladder, depth chart, trade tape and last-price chart, fed by /v1/stream. It asks for the API key and sends it in X-API-Key. No key needed for the page itself; counted against the remote address. No query parameter is known.
     */
    get: operations['getDashboardPage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/instruments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The listed instruments, in listing order */
    get: operations['listInstruments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/time': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The venue's clock */
    get: operations['getTime'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/balances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's free and locked amount of every asset */
    get: operations['getBalances'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Server-Sent Events: trades, book deltas and your order updates
     * @description Server-Sent Events (docs/stream.md). Each event, its data parsed as JSON, is a StreamEvent (the answer's x-event-schema): one `snapshot` per symbol, in the order of `symbols`, then `trade`, `book` and `order` events. `sequence` counts every event of the symbol, so gaps are normal. The SSE id holds one sequence per symbol: send it back as Last-Event-ID to resume; a symbol whose events since are no longer held (the last 1000 are) starts again with a snapshot. A `:heartbeat` comment comes every 15 s. A client that falls 256 KiB behind is disconnected. At most 1000 streams in all, 50 per key.
     */
    get: operations['openStream'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/market/ticker': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Last price and 24h statistics */
    get: operations['getTicker'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/market/orderbook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Aggregated price levels */
    get: operations['getOrderBook'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/market/trades': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recent trades, most recent first */
    get: operations['listTrades'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's orders, newest first */
    get: operations['listOrders'];
    put?: never;
    /** Place an order */
    post: operations['placeOrder'];
    /**
     * Cancel all the caller's resting orders (on one symbol, or all)
     * @description Cancels every open or partially filled order of the caller, on `symbol` or on every symbol without it, oldest first, in one step; answers them as cancelled (an empty list when there was none).
     */
    delete: operations['cancelAllOrders'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/orders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the caller's orders */
    get: operations['getOrder'];
    put?: never;
    post?: never;
    /** Cancel one of the caller's open or pending orders */
    delete: operations['cancelOrder'];
    options?: never;
    head?: never;
    /** Amend one of the caller's open or pending orders: its size, its price or both */
    patch: operations['amendOrder'];
    trace?: never;
  };
  '/v1/orders/{id}/fills': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** All of an order's fills, oldest first, a page at a time */
    get: operations['listOrderFills'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description An exact decimal: no sign, exponent or spaces */
    Decimal: string;
    NullableDecimal: string | null;
    /**
     * Format: date-time
     * @description ISO 8601 UTC with milliseconds
     */
    Timestamp: string;
    /** @example BTC-USD */
    InstrumentSymbol: string;
    /** @description epoch:s1,s2,...: the stream's position in each of its symbols, in the order of `symbols` */
    StreamId: string;
    OrderId: string;
    TradeId: string;
    /** @enum {string} */
    Side: 'buy' | 'sell';
    /** @enum {string} */
    OrderStatus:
      'open' | 'partially_filled' | 'filled' | 'cancelled' | 'expired' | 'rejected' | 'pending';
    /** @description The limit price, a multiple of the tick size */
    LimitPrice: components['schemas']['Decimal'];
    ErrorBody: {
      error: {
        /** @description One of the codes the answer's status lists */
        code: string;
        message: string;
        /** @description The one input at fault, when there is one */
        field?: string;
      };
    };
    Ticker: {
      symbol: components['schemas']['InstrumentSymbol'];
      /** @description Last trade price (the reference price before any) */
      price: components['schemas']['NullableDecimal'];
      open_24h: components['schemas']['NullableDecimal'];
      high_24h: components['schemas']['NullableDecimal'];
      low_24h: components['schemas']['NullableDecimal'];
      volume_24h: components['schemas']['Decimal'];
      timestamp: components['schemas']['Timestamp'];
    };
    OrderBook: {
      symbol: components['schemas']['InstrumentSymbol'];
      /** @description Price descending */
      bids: components['schemas']['Level'][];
      /** @description Price ascending */
      asks: components['schemas']['Level'][];
      timestamp: components['schemas']['Timestamp'];
      /** @description Grows with each change of the book */
      sequence: number;
    };
    /** @description [price, total resting size] */
    Level: [components['schemas']['Decimal'], components['schemas']['Decimal']];
    Trade: {
      trade_id: components['schemas']['TradeId'];
      symbol: components['schemas']['InstrumentSymbol'];
      /** @description The taker's side */
      side: components['schemas']['Side'];
      price: components['schemas']['Decimal'];
      size: components['schemas']['Decimal'];
      timestamp: components['schemas']['Timestamp'];
    };
    /** @description A new order. No field has a default here (a generated client would require it); each kind takes only the fields the server accepts for it. */
    OrderRequest: {
      symbol: components['schemas']['InstrumentSymbol'];
      side: components['schemas']['Side'];
      size?: components['schemas']['Decimal'];
      /** @description Market buys only, instead of size: the quote to spend; the order buys the whole lots it buys from the asks */
      quote_size?: components['schemas']['Decimal'];
      client_order_id?: string;
      /** @description Makes the order a stop: it waits as pending until a trade at or above (buy) or at or below (sell) this price */
      stop_price?: components['schemas']['Decimal'];
      /**
       * @description Self-trade prevention: what happens when it would trade with an order of the same account. Absent: the venue's setting (none unless set)
       * @enum {string}
       */
      stp?: 'none' | 'cancel_taker' | 'cancel_maker' | 'cancel_both';
    } & (
      | {
          size: components['schemas']['Decimal'];
          /** @constant */
          type: 'market';
          quote_size?: unknown;
        }
      | {
          /** @constant */
          type: 'market';
          /** @constant */
          side: 'buy';
          size?: unknown;
        }
      | {
          size: components['schemas']['Decimal'];
          /** @constant */
          type: 'limit';
          price: components['schemas']['LimitPrice'];
          /** @constant */
          time_in_force?: 'gtc';
          /** @description Rejected instead of taking liquidity. Absent: false */
          post_only?: boolean;
        }
      | {
          size: components['schemas']['Decimal'];
          /** @constant */
          type: 'limit';
          price: components['schemas']['LimitPrice'];
          /** @enum {string} */
          time_in_force: 'ioc' | 'fok';
        }
      | {
          size: components['schemas']['Decimal'];
          /** @constant */
          type: 'limit';
          price: components['schemas']['LimitPrice'];
          /** @constant */
          time_in_force: 'gtd';
          /** @description When the order expires; after now */
          expire_at: components['schemas']['Timestamp'];
        }
    );
    AmendRequest: {
      /** @description The new size, filled size included; a smaller one keeps time priority */
      size?: components['schemas']['Decimal'];
      /** @description The new limit price; the order loses time priority */
      price?: components['schemas']['Decimal'];
    };
    Fill: {
      trade_id: components['schemas']['TradeId'];
      price: components['schemas']['Decimal'];
      size: components['schemas']['Decimal'];
    };
    Order: {
      id: components['schemas']['OrderId'];
      client_order_id?: string;
      symbol: components['schemas']['InstrumentSymbol'];
      side: components['schemas']['Side'];
      /** @enum {string} */
      type: 'market' | 'limit';
      price?: components['schemas']['Decimal'];
      size: components['schemas']['Decimal'];
      filled_size: components['schemas']['Decimal'];
      /** @description What still rests on the book; zero once final */
      remaining_size: components['schemas']['Decimal'];
      average_price: components['schemas']['NullableDecimal'];
      status: components['schemas']['OrderStatus'];
      /** @enum {string} */
      reject_reason?: 'post_only_would_take';
      /**
       * @description Why the order ended as it did, where the status alone does not say
       * @enum {string}
       */
      reason?:
        | 'post_only_would_take'
        | 'self_trade_prevented'
        | 'expire_at_reached'
        | 'level_full'
        | 'insufficient_balance';
      stop_price?: components['schemas']['Decimal'];
      /**
       * @description Absent: none
       * @enum {string}
       */
      stp?: 'cancel_taker' | 'cancel_maker' | 'cancel_both';
      expire_at?: components['schemas']['Timestamp'];
      /** @enum {string} */
      time_in_force: 'gtc' | 'ioc' | 'fok' | 'gtd';
      post_only: boolean;
      created_at: components['schemas']['Timestamp'];
      /** @description All fills; `fills` holds the first 100 */
      fill_count: number;
      fills: components['schemas']['Fill'][];
    };
    Instrument: {
      symbol: components['schemas']['InstrumentSymbol'];
      /** @description Prices are positive multiples of it */
      tick_size: components['schemas']['Decimal'];
      /** @description Sizes are positive multiples of it */
      lot_size: components['schemas']['Decimal'];
      min_size: components['schemas']['Decimal'];
      /** @description null: none but what is held exactly */
      max_size: components['schemas']['NullableDecimal'];
      /** @description What the ticker shows before the first trade */
      reference_price: components['schemas']['NullableDecimal'];
      /**
       * @description The venue has no halts: every listed instrument trades
       * @enum {string}
       */
      status: 'trading';
      /** @description Orders an account may have open on the symbol, waiting stops included (then too_many_orders) */
      max_open_orders: number;
      /** @description Stops an account may have waiting on the symbol (then too_many_orders) */
      max_stop_orders: number;
    };
    Balances: {
      balances: {
        /** @example USD */
        asset: string;
        free: components['schemas']['Decimal'];
        /** @description What live orders hold (invariant 14) */
        locked: components['schemas']['Decimal'];
      }[];
    };
    Time: {
      timestamp: components['schemas']['Timestamp'];
      /** @description The same instant in milliseconds since 1970 */
      epoch_ms: number;
    };
    FillPage: {
      fills: components['schemas']['Fill'][];
      /** @description Pass as `cursor` for the next page */
      next_cursor: string | null;
    };
    /** @description One event of GET /v1/stream as a client reads it: its `id:`, its `event:` name and its `data:` line parsed as JSON */
    StreamEvent:
      | components['schemas']['SnapshotEvent']
      | components['schemas']['TradeEvent']
      | components['schemas']['BookEvent']
      | components['schemas']['OrderEvent'];
    /** @description A symbol's state as of `data.sequence`, for the stream's channels; first, once per symbol. Only the last snapshot has an `id:` */
    SnapshotEvent: {
      id?: components['schemas']['StreamId'];
      /** @constant */
      event: 'snapshot';
      data: {
        symbol: components['schemas']['InstrumentSymbol'];
        sequence: number;
        timestamp: components['schemas']['Timestamp'];
        /** @description book channel */
        book_sequence?: number;
        /** @description book channel: the top 1000 levels, price descending */
        bids?: components['schemas']['Level'][];
        /** @description book channel: the top 1000 levels, price ascending */
        asks?: components['schemas']['Level'][];
        /** @description trades channel: the last 100 trades, most recent first */
        trades?: components['schemas']['Trade'][];
        /** @description orders channel: the caller's resting orders, newest first */
        orders?: components['schemas']['Order'][];
      };
    };
    /** @description trades channel: a trade, as GET /v1/market/trades shows it */
    TradeEvent: {
      id: components['schemas']['StreamId'];
      /** @constant */
      event: 'trade';
      data: {
        symbol: components['schemas']['InstrumentSymbol'];
        sequence: number;
        trade_id: components['schemas']['TradeId'];
        /** @description The taker's side */
        side: components['schemas']['Side'];
        price: components['schemas']['Decimal'];
        size: components['schemas']['Decimal'];
        timestamp: components['schemas']['Timestamp'];
      };
    };
    /** @description book channel: a level's new total size. A level's changes between two writes (at most every 5 ms) are sent once, the last */
    BookEvent: {
      id: components['schemas']['StreamId'];
      /** @constant */
      event: 'book';
      data: {
        symbol: components['schemas']['InstrumentSymbol'];
        sequence: number;
        /** @description buy: a bid; sell: an ask */
        side: components['schemas']['Side'];
        price: components['schemas']['Decimal'];
        /** @description The level's new total size; zero: the level is gone */
        size: components['schemas']['Decimal'];
        book_sequence: number;
      };
    };
    /** @description orders channel: one of the caller's orders after a change */
    OrderEvent: {
      id: components['schemas']['StreamId'];
      /** @constant */
      event: 'order';
      data: {
        symbol: components['schemas']['InstrumentSymbol'];
        sequence: number;
        order: components['schemas']['Order'];
      };
    };
    bad_request: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'bad_request';
      };
    };
    bad_request_or_invalid_json_or_invalid_parameter: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'bad_request' | 'invalid_json' | 'invalid_parameter';
      };
    };
    bad_request_or_invalid_parameter: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'bad_request' | 'invalid_parameter';
      };
    };
    unauthorized: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'unauthorized';
      };
    };
    not_found: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'not_found';
      };
    };
    order_not_found: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'order_not_found';
      };
    };
    unknown_symbol: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'unknown_symbol';
      };
    };
    method_not_allowed: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'method_not_allowed';
      };
    };
    request_timeout: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'request_timeout';
      };
    };
    idempotency_conflict_or_too_many_orders: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'idempotency_conflict' | 'too_many_orders';
      };
    };
    order_not_open: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'order_not_open';
      };
    };
    payload_too_large: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'payload_too_large';
      };
    };
    unsupported_media_type: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'unsupported_media_type';
      };
    };
    expectation_failed: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'expectation_failed';
      };
    };
    insufficient_balance: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'insufficient_balance';
      };
    };
    rate_limited: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'rate_limited';
      };
    };
    rate_limited_or_too_many_streams: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'rate_limited' | 'too_many_streams';
      };
    };
    headers_too_large: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'headers_too_large';
      };
    };
    internal_error: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'internal_error';
      };
    };
    journal_unavailable: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'journal_unavailable';
      };
    };
    stream_unavailable: components['schemas']['ErrorBody'] & {
      error?: {
        /** @enum {string} */
        code?: 'stream_unavailable';
      };
    };
  };
  responses: {
    /** @description Error: bad_request */
    bad_request: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['bad_request'];
      };
    };
    /** @description Error: bad_request, invalid_json, invalid_parameter */
    bad_request_or_invalid_json_or_invalid_parameter: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['bad_request_or_invalid_json_or_invalid_parameter'];
      };
    };
    /** @description Error: bad_request, invalid_parameter */
    bad_request_or_invalid_parameter: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['bad_request_or_invalid_parameter'];
      };
    };
    /** @description Error: unauthorized */
    unauthorized: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['unauthorized'];
      };
    };
    /** @description Error: not_found */
    not_found: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['not_found'];
      };
    };
    /** @description Error: order_not_found */
    order_not_found: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['order_not_found'];
      };
    };
    /** @description Error: unknown_symbol */
    unknown_symbol: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['unknown_symbol'];
      };
    };
    /** @description Error: method_not_allowed */
    method_not_allowed: {
      headers: {
        Allow: components['headers']['Allow'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['method_not_allowed'];
      };
    };
    /** @description Error: request_timeout */
    request_timeout: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['request_timeout'];
      };
    };
    /** @description Error: idempotency_conflict, too_many_orders */
    idempotency_conflict_or_too_many_orders: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['idempotency_conflict_or_too_many_orders'];
      };
    };
    /** @description Error: order_not_open */
    order_not_open: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['order_not_open'];
      };
    };
    /** @description Error: payload_too_large */
    payload_too_large: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['payload_too_large'];
      };
    };
    /** @description Error: unsupported_media_type */
    unsupported_media_type: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['unsupported_media_type'];
      };
    };
    /** @description Error: expectation_failed */
    expectation_failed: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['expectation_failed'];
      };
    };
    /** @description Error: insufficient_balance */
    insufficient_balance: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['insufficient_balance'];
      };
    };
    /** @description Error: rate_limited */
    rate_limited: {
      headers: {
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['rate_limited'];
      };
    };
    /** @description Error: rate_limited, too_many_streams */
    rate_limited_or_too_many_streams: {
      headers: {
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['rate_limited_or_too_many_streams'];
      };
    };
    /** @description Error: headers_too_large */
    headers_too_large: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['headers_too_large'];
      };
    };
    /** @description Error: internal_error */
    internal_error: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['internal_error'];
      };
    };
    /** @description Error: journal_unavailable */
    journal_unavailable: {
      headers: {
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['journal_unavailable'];
      };
    };
    /** @description Error: stream_unavailable */
    stream_unavailable: {
      headers: {
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['stream_unavailable'];
      };
    };
  };
  parameters: {
    /** @description The instrument */
    symbol: components['schemas']['InstrumentSymbol'];
    /** @description Only this symbol */
    symbol_filter: components['schemas']['InstrumentSymbol'];
    /** @description Any other id, empty or malformed included, is order_not_found */
    order_id: components['schemas']['OrderId'];
  };
  requestBodies: never;
  headers: {
    /** @description Requests the bucket holds when full (the burst: twice the rate per second) */
    'RateLimit-Limit': number;
    /** @description Requests left in the bucket after this one */
    'RateLimit-Remaining': number;
    /** @description Seconds until the bucket is full again */
    'RateLimit-Reset': number;
    /** @description Seconds to wait */
    'Retry-After': number;
    /** @description The path's methods, comma separated */
    Allow: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            openapi: '3.1.0';
            info: Record<string, never>;
            paths: Record<string, never>;
          };
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  getDashboardPage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  listInstruments: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The instruments */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Instrument'][];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  getTime: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The time */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Time'];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  getBalances: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The balances */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Balances'];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  openStream: {
    parameters: {
      query: {
        /** @description Listed symbols, comma separated, each once; at most 10 */
        symbols: string;
        /** @description Some of trades, book, orders, comma separated, each once */
        channels?: string;
      };
      header?: {
        /** @description The id of the last event received: resumes after it while the server still holds the events since, else starts again with snapshots */
        'Last-Event-ID'?: components['schemas']['StreamId'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The stream (see the description) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['unknown_symbol'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited_or_too_many_streams'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
      503: components['responses']['stream_unavailable'];
    };
  };
  getTicker: {
    parameters: {
      query: {
        /** @description The instrument */
        symbol: components['parameters']['symbol'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ticker */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Ticker'];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['unknown_symbol'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  getOrderBook: {
    parameters: {
      query: {
        /** @description The instrument */
        symbol: components['parameters']['symbol'];
        /** @description Levels per side */
        depth?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The book */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OrderBook'];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['unknown_symbol'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  listTrades: {
    parameters: {
      query: {
        /** @description The instrument */
        symbol: components['parameters']['symbol'];
        /** @description How many trades */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The trades */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Trade'][];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['unknown_symbol'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  listOrders: {
    parameters: {
      query?: {
        /** @description Only this symbol */
        symbol?: components['parameters']['symbol_filter'];
        /** @description Only this status */
        status?: components['schemas']['OrderStatus'];
        /** @description Only orders placed with this client_order_id */
        client_order_id?: string;
        /** @description How many orders */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The orders */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'][];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['unknown_symbol'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  placeOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description The same key and body within 24h answers the first response again */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OrderRequest'];
      };
    };
    responses: {
      /** @description The order as placed (every valid order, whatever its status) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['bad_request_or_invalid_json_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['unknown_symbol'];
      408: components['responses']['request_timeout'];
      409: components['responses']['idempotency_conflict_or_too_many_orders'];
      413: components['responses']['payload_too_large'];
      415: components['responses']['unsupported_media_type'];
      417: components['responses']['expectation_failed'];
      422: components['responses']['insufficient_balance'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
      503: components['responses']['journal_unavailable'];
    };
  };
  cancelAllOrders: {
    parameters: {
      query?: {
        /** @description Only this symbol */
        symbol?: components['parameters']['symbol_filter'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cancelled orders, oldest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'][];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['unknown_symbol'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
      503: components['responses']['journal_unavailable'];
    };
  };
  getOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Any other id, empty or malformed included, is order_not_found */
        id: components['parameters']['order_id'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The order */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['bad_request'];
      401: components['responses']['unauthorized'];
      404: components['responses']['order_not_found'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
  cancelOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Any other id, empty or malformed included, is order_not_found */
        id: components['parameters']['order_id'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cancelled order */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['bad_request'];
      401: components['responses']['unauthorized'];
      404: components['responses']['order_not_found'];
      408: components['responses']['request_timeout'];
      409: components['responses']['order_not_open'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
      503: components['responses']['journal_unavailable'];
    };
  };
  amendOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Any other id, empty or malformed included, is order_not_found */
        id: components['parameters']['order_id'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AmendRequest'];
      };
    };
    responses: {
      /** @description The order as amended (and matched, if its new price crosses) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Order'];
        };
      };
      400: components['responses']['bad_request_or_invalid_json_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['order_not_found'];
      408: components['responses']['request_timeout'];
      409: components['responses']['order_not_open'];
      413: components['responses']['payload_too_large'];
      415: components['responses']['unsupported_media_type'];
      417: components['responses']['expectation_failed'];
      422: components['responses']['insufficient_balance'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
      503: components['responses']['journal_unavailable'];
    };
  };
  listOrderFills: {
    parameters: {
      query?: {
        /** @description Fills per page */
        limit?: number;
        /** @description next_cursor of the previous page */
        cursor?: string;
      };
      header?: never;
      path: {
        /** @description Any other id, empty or malformed included, is order_not_found */
        id: components['parameters']['order_id'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of fills */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FillPage'];
        };
      };
      400: components['responses']['bad_request_or_invalid_parameter'];
      401: components['responses']['unauthorized'];
      404: components['responses']['order_not_found'];
      408: components['responses']['request_timeout'];
      417: components['responses']['expectation_failed'];
      429: components['responses']['rate_limited'];
      431: components['responses']['headers_too_large'];
      500: components['responses']['internal_error'];
    };
  };
}
