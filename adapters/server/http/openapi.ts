/**
 * The OpenAPI 3.1 description of /v1, served at GET /v1/openapi.json and written to
 * docs/openapi.json (a test keeps the two equal and checks every test response against it).
 * Error codes come from ERROR_STATUS, so the document cannot list a code the server lacks.
 */
import { DEFAULT_BOOK_DEPTH, DEFAULT_TRADES_LIMIT, MAX_QUERY_LIMIT } from '../../../src/index.js';
import { answer, ErrorResponses, HEADERS } from './openapi-errors.js';
import {
  CLIENT_ORDER_ID,
  ORDER_ID,
  ORDER_STATUS,
  ref,
  SCHEMAS,
  STREAM_ID,
  SYMBOL,
} from './openapi-schemas.js';

const query = (name: string, schema: object, description: string, required = false) => ({
  name,
  in: 'query',
  required,
  schema,
  description,
});
const limitQuery = (fallback: number, what: string) =>
  query(
    'limit',
    { type: 'integer', minimum: 1, maximum: MAX_QUERY_LIMIT, default: fallback },
    what,
  );
const PARAMETERS = {
  symbol: query('symbol', SYMBOL, 'The instrument', true),
  symbol_filter: query('symbol', SYMBOL, 'Only this symbol'),
  order_id: {
    name: 'id',
    in: 'path',
    required: true,
    schema: ORDER_ID,
    description: 'Any other id, empty or malformed included, is order_not_found',
  },
};
const parameter = (name: keyof typeof PARAMETERS) => ({
  $ref: `#/components/parameters/${name}`,
});

const json = (schema: object, description: string) =>
  answer('application/json', schema, description);

const errors = new ErrorResponses();
/** The errors of a route that needs a key. */
const keyedErrors = (...codes: Parameters<ErrorResponses['for']>) =>
  errors.for('unauthorized', ...codes);

const STREAM_DESCRIPTION = [
  "Server-Sent Events (docs/stream.md). Each event, its data parsed as JSON, is a StreamEvent (the answer's x-event-schema): one `snapshot` per symbol, in the order of `symbols`, then `trade`, `book` and `order` events.",
  '`sequence` counts every event of the symbol, so gaps are normal. The SSE id holds one sequence per symbol: send it back as Last-Event-ID to resume; a symbol whose events since are no longer held (the last 1000 are) starts again with a snapshot.',
  'A `:heartbeat` comment comes every 15 s. A client that falls 256 KiB behind is disconnected. At most 1000 streams in all, 50 per key.',
].join(' ');

const PATHS = {
  '/v1/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
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
        ...errors.for('invalid_parameter'),
      },
    },
  },
  '/': {
    get: {
      operationId: 'getDashboardPage',
      summary: 'The dashboard page',
      description:
        'A self-contained page (no external requests): book ladder, depth chart, trade tape and last-price chart, fed by /v1/stream. It asks for the API key and sends it in X-API-Key. No key needed for the page itself; counted against the remote address. No query parameter is known.',
      security: [],
      responses: {
        '200': answer('text/html', { type: 'string' }, 'The page'),
        ...errors.for('invalid_parameter'),
      },
    },
  },
  '/v1/instruments': {
    get: {
      operationId: 'listInstruments',
      summary: 'The listed instruments, in listing order',
      responses: {
        '200': json({ type: 'array', items: ref('Instrument') }, 'The instruments'),
        ...keyedErrors('invalid_parameter'),
      },
    },
  },
  '/v1/time': {
    get: {
      operationId: 'getTime',
      summary: "The venue's clock",
      responses: { '200': json(ref('Time'), 'The time'), ...keyedErrors('invalid_parameter') },
    },
  },
  '/v1/balances': {
    get: {
      operationId: 'getBalances',
      summary: "The caller's free and locked amount of every asset",
      responses: {
        '200': json(ref('Balances'), 'The balances'),
        ...keyedErrors('invalid_parameter'),
      },
    },
  },
  '/v1/stream': {
    get: {
      operationId: 'openStream',
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
          schema: STREAM_ID,
          description:
            'The id of the last event received: resumes after it while the server still holds the events since, else starts again with snapshots',
        },
      ],
      responses: {
        '200': {
          ...answer('text/event-stream', { type: 'string' }, 'The stream (see the description)'),
          // Each event, its data parsed as JSON, is a StreamEvent.
          content: {
            'text/event-stream': {
              schema: { type: 'string' },
              'x-event-schema': ref('StreamEvent'),
            },
          },
        },
        ...keyedErrors(
          'invalid_parameter',
          'unknown_symbol',
          'too_many_streams',
          'stream_unavailable',
        ),
      },
    },
  },
  '/v1/market/ticker': {
    get: {
      operationId: 'getTicker',
      summary: 'Last price and 24h statistics',
      parameters: [parameter('symbol')],
      responses: {
        '200': json(ref('Ticker'), 'The ticker'),
        ...keyedErrors('invalid_parameter', 'unknown_symbol'),
      },
    },
  },
  '/v1/market/orderbook': {
    get: {
      operationId: 'getOrderBook',
      summary: 'Aggregated price levels',
      parameters: [
        parameter('symbol'),
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
      operationId: 'listTrades',
      summary: 'Recent trades, most recent first',
      parameters: [parameter('symbol'), limitQuery(DEFAULT_TRADES_LIMIT, 'How many trades')],
      responses: {
        '200': json({ type: 'array', items: ref('Trade') }, 'The trades'),
        ...keyedErrors('invalid_parameter', 'unknown_symbol'),
      },
    },
  },
  '/v1/orders': {
    post: {
      operationId: 'placeOrder',
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
          'too_many_orders',
          'payload_too_large',
          'unsupported_media_type',
          'journal_unavailable',
        ),
      },
    },
    get: {
      operationId: 'listOrders',
      summary: "The caller's orders, newest first",
      parameters: [
        parameter('symbol_filter'),
        query('status', ORDER_STATUS, 'Only this status'),
        query('client_order_id', CLIENT_ORDER_ID, 'Only orders placed with this client_order_id'),
        limitQuery(100, 'How many orders'),
      ],
      responses: {
        '200': json({ type: 'array', items: ref('Order') }, 'The orders'),
        ...keyedErrors('invalid_parameter', 'unknown_symbol'),
      },
    },
    delete: {
      operationId: 'cancelAllOrders',
      summary: "Cancel all the caller's resting orders (on one symbol, or all)",
      description:
        'Cancels every open or partially filled order of the caller, on `symbol` or on every symbol without it, oldest first, in one step; answers them as cancelled (an empty list when there was none).',
      parameters: [parameter('symbol_filter')],
      responses: {
        '200': json({ type: 'array', items: ref('Order') }, 'The cancelled orders, oldest first'),
        ...keyedErrors('invalid_parameter', 'unknown_symbol', 'journal_unavailable'),
      },
    },
  },
  '/v1/orders/{id}': {
    get: {
      operationId: 'getOrder',
      summary: "One of the caller's orders",
      parameters: [parameter('order_id')],
      responses: { '200': json(ref('Order'), 'The order'), ...keyedErrors('order_not_found') },
    },
    patch: {
      operationId: 'amendOrder',
      summary: "Amend one of the caller's open or pending orders: its size, its price or both",
      parameters: [parameter('order_id')],
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
      operationId: 'cancelOrder',
      summary: "Cancel one of the caller's open or pending orders",
      parameters: [parameter('order_id')],
      responses: {
        '200': json(ref('Order'), 'The cancelled order'),
        ...keyedErrors('order_not_found', 'order_not_open', 'journal_unavailable'),
      },
    },
  },
  '/v1/orders/{id}/fills': {
    get: {
      operationId: 'listOrderFills',
      summary: "All of an order's fills, oldest first, a page at a time",
      parameters: [
        parameter('order_id'),
        limitQuery(100, 'Fills per page'),
        query('cursor', { type: 'string' }, 'next_cursor of the previous page'),
      ],
      responses: {
        '200': json(ref('FillPage'), 'A page of fills'),
        ...keyedErrors('invalid_parameter', 'order_not_found'),
      },
    },
  },
};

const OTHER_REQUESTS = {
  description:
    'Answers to requests that reach no operation above: a path not listed (not_found; paths match exactly, a trailing slash included), a method not listed for its path (method_not_allowed with Allow; HEAD and OPTIONS included), and requests that are not well-formed HTTP (bad_request). Without a valid key, unauthorized comes first.',
  responses: keyedErrors('not_found', 'method_not_allowed'),
};

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'simex /v1',
    version: '1',
    description:
      'The REST API of the simex exchange simulator. Amounts are decimal strings; times are ISO 8601 UTC. Every route but this document and the dashboard page (/) needs an X-API-Key. The event stream is described in docs/stream.md. Every answer counted against a rate limit carries the RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers (components/headers); none when limiting is off.',
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: 'http://127.0.0.1:8080' }],
  security: [{ apiKey: [] }],
  paths: PATHS,
  'x-other-requests': OTHER_REQUESTS,
  components: {
    securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    schemas: { ...SCHEMAS, ...errors.schemas() },
    // Collected while PATHS and OTHER_REQUESTS were built, above.
    responses: errors.components(),
    parameters: PARAMETERS,
    headers: HEADERS,
  },
};
