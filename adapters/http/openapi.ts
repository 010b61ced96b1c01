/**
 * The OpenAPI 3.1 description of /v1, served at GET /v1/openapi.json and written to
 * docs/openapi.json (a test keeps the two equal and checks every test response against it).
 * Error codes come from ERROR_STATUS, so the document cannot list a code the server lacks.
 */
import { DEFAULT_BOOK_DEPTH, DEFAULT_TRADES_LIMIT, MAX_QUERY_LIMIT } from '../../src/index.js';
import { ERROR_STATUS, type ErrorCode } from './errors.js';

const DECIMAL = { type: 'string', pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$' } as const;
const NULLABLE_DECIMAL = { type: ['string', 'null'], pattern: DECIMAL.pattern } as const;
const TIME = { type: 'string', format: 'date-time', description: 'ISO 8601 UTC with milliseconds' };
const SYMBOL = { type: 'string', pattern: '^[A-Z0-9]{1,12}-[A-Z0-9]{1,12}$', example: 'BTC-USD' };
const ORDER_ID = { type: 'string', pattern: '^ord_[1-9][0-9]*$' };
const SIDE = { type: 'string', enum: ['buy', 'sell'] };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const query = (name: string, schema: object, description: string, required = false) => ({
  name,
  in: 'query',
  required,
  schema,
  description,
});
const SYMBOL_QUERY = query('symbol', SYMBOL, 'The instrument', true);
const limitQuery = (fallback: number, what: string) =>
  query(
    'limit',
    { type: 'integer', minimum: 1, maximum: MAX_QUERY_LIMIT, default: fallback },
    what,
  );
const ORDER_ID_PATH = {
  name: 'id',
  in: 'path',
  required: true,
  schema: ORDER_ID,
  description: 'Any other id, empty or malformed included, is order_not_found',
};

/** On every answer counted against a rate limit (none when limiting is off). */
const RATE_LIMIT = {
  'RateLimit-Limit': {
    description: 'Requests the bucket holds when full (the burst: twice the rate per second)',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the bucket after this one',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the bucket is full again',
    schema: { type: 'integer', minimum: 0 },
  },
};
const answer = (mediaType: string, schema: object, description: string, headers?: object) => ({
  description,
  headers: { ...RATE_LIMIT, ...headers },
  content: { [mediaType]: { schema } },
});
const json = (schema: object, description: string, headers?: object) =>
  answer('application/json', schema, description, headers);
const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
};
const ALLOW = {
  Allow: {
    description: "The path's methods, comma separated",
    required: true,
    schema: { type: 'string' },
  },
};

/** The headers an error code comes with. */
const HEADERS_OF: Partial<Record<ErrorCode, object>> = {
  rate_limited: RETRY_AFTER,
  too_many_streams: RETRY_AFTER,
  method_not_allowed: ALLOW,
  journal_unavailable: RETRY_AFTER,
};

/** Answers any request may get before its route is known: HTTP itself, then the rate limit. */
const ANY_REQUEST: readonly ErrorCode[] = [
  'bad_request',
  'request_timeout',
  'expectation_failed',
  'headers_too_large',
  'rate_limited',
  'internal_error',
];

/**
 * Error answers by status: each status's schema is Error with its codes listed, so a client (and
 * the tests) can tell which codes a status carries here.
 */
function errors(...codes: ErrorCode[]): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...ANY_REQUEST, ...codes])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const answers: Record<string, object> = {};
  for (const [status, listed] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers = listed.map((code) => HEADERS_OF[code]).find((found) => found !== undefined);
    const schema = {
      $ref: '#/components/schemas/Error',
      type: 'object',
      properties: { error: { type: 'object', properties: { code: { enum: listed } } } },
    };
    answers[String(status)] = json(schema, `Error: ${listed.join(', ')}`, headers);
  }
  return answers;
}
/** The errors of a route that needs a key. */
const keyedErrors = (...codes: ErrorCode[]) => errors('unauthorized', ...codes);

const ORDER_STATUS = [
  'open',
  'partially_filled',
  'filled',
  'cancelled',
  'expired',
  'rejected',
  'pending',
];
const CLIENT_ORDER_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' };

const schemas = {
  Error: {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
          message: { type: 'string' },
          field: { type: 'string', description: 'The one input at fault, when there is one' },
        },
      },
    },
  },
  Ticker: {
    type: 'object',
    additionalProperties: false,
    required: ['symbol', 'price', 'open_24h', 'high_24h', 'low_24h', 'volume_24h', 'timestamp'],
    properties: {
      symbol: SYMBOL,
      price: {
        ...NULLABLE_DECIMAL,
        description: 'Last trade price (the reference price before any)',
      },
      open_24h: NULLABLE_DECIMAL,
      high_24h: NULLABLE_DECIMAL,
      low_24h: NULLABLE_DECIMAL,
      volume_24h: DECIMAL,
      timestamp: TIME,
    },
  },
  OrderBook: {
    type: 'object',
    additionalProperties: false,
    required: ['symbol', 'bids', 'asks', 'timestamp', 'sequence'],
    properties: {
      symbol: SYMBOL,
      bids: { type: 'array', description: 'Price descending', items: ref('Level') },
      asks: { type: 'array', description: 'Price ascending', items: ref('Level') },
      timestamp: TIME,
      sequence: { type: 'integer', minimum: 0, description: 'Grows with each change of the book' },
    },
  },
  Level: {
    type: 'array',
    description: '[price, total resting size]',
    prefixItems: [DECIMAL, DECIMAL],
    minItems: 2,
    maxItems: 2,
  },
  Trade: {
    type: 'object',
    additionalProperties: false,
    required: ['trade_id', 'symbol', 'side', 'price', 'size', 'timestamp'],
    properties: {
      trade_id: { type: 'string', pattern: '^t_[1-9][0-9]*$' },
      symbol: SYMBOL,
      side: { ...SIDE, description: "The taker's side" },
      price: DECIMAL,
      size: DECIMAL,
      timestamp: TIME,
    },
  },
  OrderRequest: {
    type: 'object',
    additionalProperties: false,
    required: ['symbol', 'side', 'type'],
    properties: {
      symbol: SYMBOL,
      side: SIDE,
      type: { type: 'string', enum: ['market', 'limit'] },
      size: { ...DECIMAL, description: 'Required, unless quote_size is given' },
      quote_size: {
        ...DECIMAL,
        description:
          'Market buys only, instead of size: the quote to spend; the order buys the whole lots it buys from the asks',
      },
      price: { ...DECIMAL, description: 'Required for limit orders, refused for market orders' },
      time_in_force: {
        type: 'string',
        enum: ['gtc', 'ioc', 'fok', 'gtd'],
        default: 'gtc',
        description: 'gtd needs expire_at',
      },
      post_only: { type: 'boolean', default: false, description: 'Limit gtc orders only' },
      client_order_id: CLIENT_ORDER_ID,
      stop_price: {
        ...DECIMAL,
        description:
          'Makes the order a stop: it waits as pending until a trade at or above (buy) or at or below (sell) this price',
      },
      stp: {
        type: 'string',
        enum: ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'],
        default: 'none',
        description:
          'Self-trade prevention: what happens when it would trade with an order of the same account',
      },
      expire_at: { ...TIME, description: 'gtd orders only: when the order expires; after now' },
    },
  },
  AmendRequest: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      size: {
        ...DECIMAL,
        description: 'The new size, filled size included; a smaller one keeps time priority',
      },
      price: { ...DECIMAL, description: 'The new limit price; the order loses time priority' },
    },
  },
  Fill: {
    type: 'object',
    additionalProperties: false,
    required: ['trade_id', 'price', 'size'],
    properties: {
      trade_id: { type: 'string', pattern: '^t_[1-9][0-9]*$' },
      price: DECIMAL,
      size: DECIMAL,
    },
  },
  Order: {
    type: 'object',
    additionalProperties: false,
    required: [
      'id',
      'symbol',
      'side',
      'type',
      'size',
      'filled_size',
      'remaining_size',
      'average_price',
      'status',
      'time_in_force',
      'post_only',
      'created_at',
      'fill_count',
      'fills',
    ],
    properties: {
      id: ORDER_ID,
      client_order_id: { type: 'string' },
      symbol: SYMBOL,
      side: SIDE,
      type: { type: 'string', enum: ['market', 'limit'] },
      price: DECIMAL,
      size: DECIMAL,
      filled_size: DECIMAL,
      remaining_size: { ...DECIMAL, description: 'What still rests on the book; zero once final' },
      average_price: NULLABLE_DECIMAL,
      status: { type: 'string', enum: ORDER_STATUS },
      reject_reason: { type: 'string', enum: ['post_only_would_take'] },
      reason: {
        type: 'string',
        enum: ['post_only_would_take', 'self_trade_prevented', 'expire_at_reached', 'level_full'],
        description: 'Why the order ended as it did, where the status alone does not say',
      },
      stop_price: DECIMAL,
      stp: {
        type: 'string',
        enum: ['cancel_taker', 'cancel_maker', 'cancel_both'],
        description: 'Absent: none',
      },
      expire_at: TIME,
      time_in_force: { type: 'string', enum: ['gtc', 'ioc', 'fok', 'gtd'] },
      post_only: { type: 'boolean' },
      created_at: TIME,
      fill_count: {
        type: 'integer',
        minimum: 0,
        description: 'All fills; `fills` holds the first 100',
      },
      fills: { type: 'array', maxItems: 100, items: ref('Fill') },
    },
  },
  Instrument: {
    type: 'object',
    additionalProperties: false,
    required: [
      'symbol',
      'tick_size',
      'lot_size',
      'min_size',
      'max_size',
      'reference_price',
      'status',
    ],
    properties: {
      symbol: SYMBOL,
      tick_size: { ...DECIMAL, description: 'Prices are positive multiples of it' },
      lot_size: { ...DECIMAL, description: 'Sizes are positive multiples of it' },
      min_size: DECIMAL,
      max_size: { ...NULLABLE_DECIMAL, description: 'null: none but what is held exactly' },
      reference_price: {
        ...NULLABLE_DECIMAL,
        description: 'What the ticker shows before the first trade',
      },
      status: {
        type: 'string',
        enum: ['trading'],
        description: 'The venue has no halts: every listed instrument trades',
      },
    },
  },
  Balances: {
    type: 'object',
    additionalProperties: false,
    required: ['balances'],
    properties: {
      balances: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['asset', 'free', 'locked'],
          properties: {
            asset: { type: 'string', example: 'USD' },
            free: DECIMAL,
            locked: { ...DECIMAL, description: 'What live orders hold (invariant 14)' },
          },
        },
      },
    },
  },
  Time: {
    type: 'object',
    additionalProperties: false,
    required: ['timestamp', 'epoch_ms'],
    properties: {
      timestamp: TIME,
      epoch_ms: { type: 'integer', description: 'The same instant in milliseconds since 1970' },
    },
  },
  FillPage: {
    type: 'object',
    additionalProperties: false,
    required: ['fills', 'next_cursor'],
    properties: {
      fills: { type: 'array', items: ref('Fill') },
      next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page' },
    },
  },
};

const STREAM_DESCRIPTION = [
  "text/event-stream; see docs/stream.md. One `snapshot` event per symbol first (the book top 1000 levels per side, the last 100 trades and your resting orders, as the channels ask), then `trade`, `book` (a level's new total size; zero: gone; a level's changes between two writes, at most every 5 ms, are sent once, the last) and `order` (your own order updates) events. The body is not chunked: it ends when the connection closes.",
  "Every event's data is JSON with `symbol` and `sequence`, the symbol's stream sequence (it counts every event of the symbol, other accounts' order updates included, so gaps are normal).",
  'The SSE id is `epoch:s1,s2,...`: one sequence per symbol in the order of `symbols`. Send it back as Last-Event-ID to resume; a symbol whose events since are no longer held (the last 1000 per symbol are) starts again with a snapshot.',
  'A comment line `:heartbeat` comes every 15 s. A client that does not read fast enough is disconnected once 256 KiB wait for it. At most 1000 streams in all, 50 per key.',
].join(' ');

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'simex /v1',
    version: '1',
    description:
      'The REST API of the simex exchange simulator. Amounts are decimal strings; times are ISO 8601 UTC. Every route but this document and the dashboard page (/) needs an X-API-Key. The event stream is described in docs/stream.md.',
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: 'http://127.0.0.1:8080' }],
  security: [{ apiKey: [] }],
  paths: {
    '/v1/openapi.json': {
      get: {
        summary: 'This document',
        description:
          'The one route without a key: a key is not read. Counted against the remote address, like requests without a valid key. No query parameter is known.',
        security: [],
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['openapi', 'info', 'paths'],
              properties: {
                openapi: { const: '3.1.0' },
                info: { type: 'object' },
                paths: { type: 'object' },
              },
            },
            'The OpenAPI document',
          ),
          ...errors('invalid_parameter'),
        },
      },
    },
    '/': {
      get: {
        summary: 'The dashboard page',
        description:
          'A self-contained page (no external requests): book ladder, depth chart, trade tape and last-price chart, fed by /v1/stream. It asks for the API key and sends it in X-API-Key. No key needed for the page itself; counted against the remote address. No query parameter is known.',
        security: [],
        responses: {
          '200': answer('text/html', { type: 'string' }, 'The page'),
          ...errors('invalid_parameter'),
        },
      },
    },
    '/v1/instruments': {
      get: {
        summary: 'The listed instruments, in listing order',
        responses: {
          '200': json({ type: 'array', items: ref('Instrument') }, 'The instruments'),
          ...keyedErrors('invalid_parameter'),
        },
      },
    },
    '/v1/time': {
      get: {
        summary: "The venue's clock",
        responses: { '200': json(ref('Time'), 'The time'), ...keyedErrors('invalid_parameter') },
      },
    },
    '/v1/balances': {
      get: {
        summary: "The caller's free and locked amount of every asset",
        responses: {
          '200': json(ref('Balances'), 'The balances'),
          ...keyedErrors('invalid_parameter'),
        },
      },
    },
    '/v1/stream': {
      get: {
        summary: 'Server-Sent Events: trades, book deltas and your order updates',
        description: STREAM_DESCRIPTION,
        parameters: [
          query(
            'symbols',
            { type: 'string', example: 'BTC-USD,ETH-USD' },
            'Listed symbols, comma separated, each once; at most 10',
            true,
          ),
          query(
            'channels',
            { type: 'string', default: 'trades,book,orders', example: 'trades,book' },
            'Some of trades, book, orders, comma separated, each once',
          ),
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            schema: { type: 'string', pattern: '^[0-9]+:[0-9]+(,[0-9]+)*$' },
            description:
              'The id of the last event received: resumes after it while the server still holds the events since, else starts again with snapshots',
          },
        ],
        responses: {
          '200': answer(
            'text/event-stream',
            { type: 'string' },
            'The stream (see the description)',
          ),
          ...keyedErrors('invalid_parameter', 'unknown_symbol', 'too_many_streams'),
        },
      },
    },
    '/v1/market/ticker': {
      get: {
        summary: 'Last price and 24h statistics',
        parameters: [SYMBOL_QUERY],
        responses: {
          '200': json(ref('Ticker'), 'The ticker'),
          ...keyedErrors('invalid_parameter', 'unknown_symbol'),
        },
      },
    },
    '/v1/market/orderbook': {
      get: {
        summary: 'Aggregated price levels',
        parameters: [
          SYMBOL_QUERY,
          query(
            'depth',
            { type: 'integer', minimum: 1, maximum: MAX_QUERY_LIMIT, default: DEFAULT_BOOK_DEPTH },
            'Levels per side',
          ),
        ],
        responses: {
          '200': json(ref('OrderBook'), 'The book'),
          ...keyedErrors('invalid_parameter', 'unknown_symbol'),
        },
      },
    },
    '/v1/market/trades': {
      get: {
        summary: 'Recent trades, most recent first',
        parameters: [SYMBOL_QUERY, limitQuery(DEFAULT_TRADES_LIMIT, 'How many trades')],
        responses: {
          '200': json({ type: 'array', items: ref('Trade') }, 'The trades'),
          ...keyedErrors('invalid_parameter', 'unknown_symbol'),
        },
      },
    },
    '/v1/orders': {
      post: {
        summary: 'Place an order',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
            description: 'The same key and body within 24h answers the first response again',
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('OrderRequest') } },
        },
        responses: {
          '201': json(ref('Order'), 'The order as placed (every valid order, whatever its status)'),
          ...keyedErrors(
            'invalid_json',
            'invalid_parameter',
            'unknown_symbol',
            'insufficient_balance',
            'idempotency_conflict',
            'payload_too_large',
            'unsupported_media_type',
            'journal_unavailable',
          ),
        },
      },
      get: {
        summary: "The caller's orders, newest first",
        parameters: [
          query('symbol', SYMBOL, 'Only this symbol'),
          query('status', { type: 'string', enum: ORDER_STATUS }, 'Only this status'),
          query('client_order_id', CLIENT_ORDER_ID, 'Only orders placed with this client_order_id'),
          limitQuery(100, 'How many orders'),
        ],
        responses: {
          '200': json({ type: 'array', items: ref('Order') }, 'The orders'),
          ...keyedErrors('invalid_parameter', 'unknown_symbol'),
        },
      },
      delete: {
        summary: "Cancel all the caller's resting orders (on one symbol, or all)",
        description:
          'Cancels every open or partially filled order of the caller, on `symbol` or on every symbol without it, oldest first, in one step; answers them as cancelled (an empty list when there was none).',
        parameters: [query('symbol', SYMBOL, 'Only this symbol')],
        responses: {
          '200': json({ type: 'array', items: ref('Order') }, 'The cancelled orders, oldest first'),
          ...keyedErrors('invalid_parameter', 'unknown_symbol', 'journal_unavailable'),
        },
      },
    },
    '/v1/orders/{id}': {
      get: {
        summary: "One of the caller's orders",
        parameters: [ORDER_ID_PATH],
        responses: { '200': json(ref('Order'), 'The order'), ...keyedErrors('order_not_found') },
      },
      patch: {
        summary: "Amend one of the caller's open or pending orders: its size, its price or both",
        parameters: [ORDER_ID_PATH],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('AmendRequest') } },
        },
        responses: {
          '200': json(ref('Order'), 'The order as amended (and matched, if its new price crosses)'),
          ...keyedErrors(
            'invalid_json',
            'invalid_parameter',
            'order_not_found',
            'order_not_open',
            'insufficient_balance',
            'payload_too_large',
            'unsupported_media_type',
            'journal_unavailable',
          ),
        },
      },
      delete: {
        summary: "Cancel one of the caller's open or pending orders",
        parameters: [ORDER_ID_PATH],
        responses: {
          '200': json(ref('Order'), 'The cancelled order'),
          ...keyedErrors('order_not_found', 'order_not_open', 'journal_unavailable'),
        },
      },
    },
    '/v1/orders/{id}/fills': {
      get: {
        summary: "All of an order's fills, oldest first, a page at a time",
        parameters: [
          ORDER_ID_PATH,
          limitQuery(100, 'Fills per page'),
          query('cursor', { type: 'string' }, 'next_cursor of the previous page'),
        ],
        responses: {
          '200': json(ref('FillPage'), 'A page of fills'),
          ...keyedErrors('invalid_parameter', 'order_not_found'),
        },
      },
    },
  },
  'x-other-requests': {
    description:
      'Answers to requests that reach no operation above: a path not listed (not_found; paths match exactly, a trailing slash included), a method not listed for its path (method_not_allowed with Allow; HEAD and OPTIONS included), and requests that are not well-formed HTTP (bad_request). Without a valid key, unauthorized comes first.',
    responses: keyedErrors('not_found', 'method_not_allowed'),
  },
  components: {
    securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    schemas,
  },
};
